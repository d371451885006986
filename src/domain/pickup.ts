/**
 * A pickup as stored and answered: its state, the carrier's confirmation, the request as sent, and why it failed. Kept in
 * the domain because the store persists it, the pickups service builds it and resolvers read it: each of those imports
 * it from here, none from another's file.
 */
import type { Carrier } from './carrier.js';
import type { PickupCancellation, PickupNetwork, PickupRequest, PickupState } from './pickups-addresses.js';
import type { CarrierWarning } from './shipment.js';

export type PickupSource = 'SCHEDULE_PICKUP' | 'WITH_SHIPMENT';

export interface PickupFailure {
  /** `CARRIER_REFUSED` (the carrier's 4xx) or the upstream failure's code. */
  code: string;
  message: string;
  carrierCode: string | null;
  transactionId: string | null;
}

export interface Pickup {
  /** `Pickup:<uuid>`. */
  id: string;
  state: PickupState;
  /** Booked by schedulePickup, or inside an express shipment creation. */
  source: PickupSource;
  carrier: Carrier;
  division: string | null;
  accountNumber: string;
  network: PickupNetwork;
  /** Carrier B `pickupConfirmationCode`; express dispatch confirmation number (the handle); null until booked. */
  confirmationNumber: string | null;
  otherConfirmationNumbers: string[];
  location: string | null;
  scheduledDate: string | null;
  carrierCode: string | null;
  countryCode: string | null;
  readyByTime: string | null;
  nextPickupDate: string | null;
  cancelUrl: string | null;
  message: string | null;
  idempotencyKey: string | null;
  /** The checked request as sent; null for a pickup booked inside a shipment creation. */
  request: PickupRequest | null;
  labelIds: string[];
  failure: PickupFailure | null;
  warnings: CarrierWarning[];
  cancellation: PickupCancellation | null;
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}
