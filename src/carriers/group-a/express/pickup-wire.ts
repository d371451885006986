import { z } from 'zod';
import type { ExpressReferenceWire, ExpressShipPartyWire } from './ship-request.js';

/**
 * Wire shapes of express pickups (seed 000: "Express pickup answer: `dispatchConfirmationNumbers` (array of string),
 * `readyByTime` (HH:MM), `nextPickupDate` (YYYY-MM-DD), `warnings` (array of string)"; the request, and the method and
 * path of create, update and cancel: "not shown"). Our choice, assumption PX3, which the sandbox follows.
 */

export const PICKUPS_PATH = '/pickups';
/** Update: PATCH on the pickup the dispatch confirmation number names ("the handle for update and cancel"). */
export const pickupPath = (dispatchConfirmationNumber: string): string => `${PICKUPS_PATH}/${encodeURIComponent(dispatchConfirmationNumber)}`;
/** Cancel: DELETE on the path the seed's `cancelPickupUrl` form names, below the base (test or production). */
export const cancelPickupPath = (dispatchConfirmationNumber: string): string => `/shipment-pickups/${encodeURIComponent(dispatchConfirmationNumber)}`;

export interface ExpressPickupRequestWire {
  /** The rate request's shape: `YYYY-MM-DDTHH:MM:SS GMT+HH:MM`, the ready time at the pickup address. */
  plannedPickupDateAndTime: string;
  /** Latest time the driver can come, local HH:MM (the shipment request's `pickup.closeTime` shape). */
  closeTime: string;
  location: string;
  accounts: Array<{ typeCode: 'shipper'; number: string }>;
  customerDetails: { shipperDetails: ExpressShipPartyWire };
  shipmentDetails: Array<{
    shipmentTrackingNumbers: string[];
    packagesCount: number;
    totalWeight: number;
    unitOfMeasurement: 'metric';
    isCustomsDeclarable: boolean;
  }>;
  specialInstructions?: Array<{ value: string; typeCode: 'TBD' }>;
  customerReferences: ExpressReferenceWire[];
}

export const expressPickupAnswer = z.object({
  dispatchConfirmationNumbers: z.array(z.string().min(1)).min(1),
  readyByTime: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'HH:MM').nullish(),
  nextPickupDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD').nullish(),
  warnings: z.array(z.unknown()).nullish(),
});
export type ExpressPickupAnswer = z.infer<typeof expressPickupAnswer>;

export const expressPickupCancelAnswer = z.object({
  dispatchConfirmationNumber: z.string().min(1),
  status: z.string().min(1),
  message: z.string().nullish(),
  warnings: z.array(z.unknown()).nullish(),
});
