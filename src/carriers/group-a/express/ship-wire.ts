import { z } from 'zod';

/**
 * Wire shapes of the express shipping answers (seed 000, "Express shipment-creation answer") and the cancellation
 * answer (SX6). Unknown members are tolerated; a member
 * the seed names with the wrong type breaks the contract (UPSTREAM_CONTRACT, which leaves a creation UNKNOWN).
 */
const str = z.string().nullish();
const num = z.number().finite().nullish();

/** "`documents[]` | `imageFormat` (`PDF`, `PNG` appear), `content` (base64), `typeCode` (...), `packageReferenceNumber`". */
export const expressDocument = z.object({
  imageFormat: z.string().min(1),
  content: z.string().regex(/^[A-Za-z0-9+/=\s]*$/, 'base64'),
  typeCode: str,
  packageReferenceNumber: z.number().int().nullish(),
});
export type ExpressDocumentWire = z.infer<typeof expressDocument>;

/** "`packages[]` | `referenceNumber` (integer), `trackingNumber` (per piece), `volumetricWeight`, `documents[]`". */
const createdPackage = z.object({
  referenceNumber: z.number().int(),
  trackingNumber: z.string().min(1),
  volumetricWeight: num,
  documents: z.array(expressDocument).nullish(),
});

/** "`shipmentCharges[]` | `currencyType`, `priceCurrency`, `price`, `serviceBreakdown[]` (`name`, `price`, `typeCode`)". */
const charge = z.object({
  currencyType: z.string().min(1),
  priceCurrency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code'),
  price: z.number().finite(),
  serviceBreakdown: z.array(z.object({ name: str, price: z.number().finite(), typeCode: str })).nullish(),
});
export type ExpressChargeWire = z.infer<typeof charge>;

const serviceArea = z.object({ facilityCode: str, serviceAreaCode: str, outboundSortCode: str, inboundSortCode: str });

/** "`shipmentDetails[]`": read and checked; the unified model keeps what it has a place for (SX8). */
const shipmentDetail = z.object({
  volumetricWeight: num,
  billingCode: str,
  serviceContentCode: str,
  packagesCount: z.number().int().nullish(),
  originServiceArea: serviceArea.nullish(),
  destinationServiceArea: serviceArea.nullish(),
  carrierRoutingCode: str,
  carrierRoutingDataId: str,
});

export const expressShipmentAnswer = z.object({
  url: str,
  shipmentTrackingNumber: z.string().min(1),
  dispatchConfirmationNumber: str,
  cancelPickupUrl: str,
  trackingUrl: str,
  onDemandDeliveryURL: str,
  packages: z.array(createdPackage).nullish(),
  documents: z.array(expressDocument).nullish(),
  shipmentDetails: z.array(shipmentDetail).nullish(),
  shipmentCharges: z.array(charge).nullish(),
  // "a successful answer can still carry `warnings[]` and must be inspected": strings or objects, both read.
  warnings: z.array(z.unknown()).nullish(),
});
export type ExpressShipmentAnswer = z.infer<typeof expressShipmentAnswer>;

/** SX6: the cancellation answer. */
export const expressCancelAnswer = z.object({
  shipmentTrackingNumber: z.string().min(1),
  status: z.string().min(1),
  message: str,
  warnings: z.array(z.unknown()).nullish(),
});
