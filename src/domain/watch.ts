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
  /** Why polling stopped; null while active. */
  stoppedReason: WatchStopReason | null;
}

/**
 * Why a watch stopped: its shipment reached a terminal status, a client unwatched it, or the carrier did not know the
 * number for a run of polls (a number it never had, or no longer has), so it is not polled for ever.
 */
export type WatchStopReason = 'TERMINAL_STATUS' | 'UNWATCHED' | 'NOT_FOUND';

/** A failed poll as the client sees it: the stable error code (as on tracking errors), its message, and when. */
export interface WatchError {
  code: string;
  message: string;
  at: string;
}
