import type { Carrier } from '../../src/domain/carrier.js';
import type { TrackRequest } from '../../src/domain/tracking.js';

/** A validated tracking lookup with every optional member unset (events asked for), overridable per test. */
export function trackRequest(carrier: Carrier, trackingNumber: string, extra: Partial<TrackRequest> = {}): TrackRequest {
  return {
    carrier,
    trackingNumber,
    division: null,
    carrierCode: null,
    carrierUniqueId: null,
    shipDateBegin: null,
    shipDateEnd: null,
    language: null,
    ecommerceIdType: null,
    includeEvents: true,
    ...extra,
  };
}
