import type { Carrier } from './carrier.js';
import type { Location, ShipmentReference } from './shipment.js';
import type { StatusReading } from './status.js';
import type { CarrierTime } from './time.js';
import { timestampIdentity } from './timestamp.js';

export type StatusChangeSource = 'PUSH' | 'POLL';

/** A status change to record. `dedupKey` is the seed's identity of the change (see `pushDedupKey`, `scanDedupKey`). */
export interface StatusChangeInput {
  shipmentId: string;
  carrier: Carrier;
  division: string | null;
  trackingNumber: string;
  status: StatusReading;
  time: CarrierTime | null;
  description: string | null;
  location: Location | null;
  source: StatusChangeSource;
  dedupKey: string;
  /** References known for the shipment (for the subscription `reference` filter). */
  references: ShipmentReference[];
}

/** A recorded change: its position in the log (`cursor`, monotonic) and when we recorded it. */
export interface StatusChange extends StatusChangeInput {
  cursor: string;
  recordedAt: string;
}

export interface StatusChangeFilter {
  trackingNumbers: string[] | null;
  carriers: Carrier[] | null;
  reference: string | null;
}

/**
 * Seed 000: "the tuple of `id`, `status.timestamp` and `status.statusCode` identifies a notification". The timestamp
 * counts as the moment it names, not as the string: `...10:00:00Z` and `...10:00:00+00:00` are one change.
 */
export function pushDedupKey(id: string, statusTimestamp: string, statusCode: string): string {
  return `push|${id}|${timestampIdentity(statusTimestamp)}|${statusCode}`;
}

/** Seed 001: scan events "de-duplicated on the tuple of tracking number, `scanEvents[].date`, `eventType` and `locationId`". */
export function scanDedupKey(trackingNumber: string, date: string, eventType: string, locationId: string | null): string {
  return `scan|${trackingNumber}|${date}|${eventType}|${locationId ?? ''}`;
}

export function matchesFilter(change: StatusChangeInput, filter: StatusChangeFilter): boolean {
  if (filter.trackingNumbers && !filter.trackingNumbers.includes(change.trackingNumber)) return false;
  if (filter.carriers && !filter.carriers.includes(change.carrier)) return false;
  if (filter.reference && !change.references.some((r) => r.value === filter.reference)) return false;
  return true;
}
