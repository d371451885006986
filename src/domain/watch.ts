import type { Carrier } from './carrier.js';
import type { StatusReading } from './status.js';
import type { EcommerceIdType } from './tracking.js';

/** A shipment our polling watchers follow (carriers without push). */
export interface ShipmentWatch {
  /** `ShipmentWatch:<n>`: the watch's own id, kept when the watched shipment's id is corrected (src/domain/ids.ts). */
  id: string;
  shipmentId: string;
  carrier: Carrier;
  division: string | null;
  trackingNumber: string;
  carrierCode: string | null;
  carrierUniqueId: string | null;
  ecommerceIdType: EcommerceIdType | null;
  lastStatus: StatusReading | null;
  lastPolledAt: string | null;
  nextPollAt: string | null;
  active: boolean;
  /** Consecutive failed polls (0 after a success); the backoff grows with it. */
  failures: number;
  /** Why the last poll failed; null once a poll succeeds. */
  lastError: WatchError | null;
}

/** A failed poll as the client sees it: the stable error code (as on tracking errors), its message, and when. */
export interface WatchError {
  code: string;
  message: string;
  at: string;
}
