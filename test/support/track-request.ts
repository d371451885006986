import type { Carrier } from '../../src/domain/carrier.js';
import { lookupByNumber, type TrackRequest } from '../../src/domain/tracking.js';

/** A validated tracking lookup with every optional member unset (events asked for), overridable per test. */
export function trackRequest(carrier: Carrier, trackingNumber: string, extra: Partial<TrackRequest> = {}): TrackRequest {
  return { ...lookupByNumber(carrier, trackingNumber, true), ...extra };
}
