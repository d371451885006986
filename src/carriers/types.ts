import type { CarrierInterface } from '../domain/carrier.js';
import type { ReferenceLookup, TrackOutcome, TrackRequest } from '../domain/tracking.js';
import type { Shipment } from '../domain/shipment.js';

/**
 * A connector's tracking capability: build the carrier's request from ours, send it, parse the answer back into the
 * unified model (karrio's shape). It owns its batch limit: given more than `maxBatchSize` requests it splits them.
 * It never rejects: a failure of the whole call becomes the same typed error on every item it touches, and a failure of
 * one item (an `error` inside a 200, a malformed entry) fails only that item.
 */
export interface TrackingConnector {
  readonly upstream: CarrierInterface;
  readonly maxBatchSize: number;
  track(requests: readonly TrackRequest[]): Promise<TrackOutcome[]>;
}

/** Finds shipments by a customer reference such as an order id (Carrier B `/track/v1/referencenumbers`). */
export interface ReferenceTrackingConnector {
  trackByReference(lookup: ReferenceLookup): Promise<Shipment[]>;
}
