import type { Carrier, CarrierInterface } from '../domain/carrier.js';
import type {
  DarkStoreHealth,
  LandedCostOutcome,
  LandedCostRequest,
  LaneRefusal,
  PostalValidation,
  RateOutcome,
  RateRequest,
} from '../domain/rating.js';
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

/**
 * A connector's rating capability (express `/rates` and `/products`, Carrier B `/rate/v1/rates/quotes`, e-commerce
 * `/shipping/v4/products`, the dark store's catchment). Tagged with the carrier, division and interface it speaks for.
 * `refuses` is cheap and makes no call: a lane it cannot serve (a country it does not ship, a pincode outside the
 * catchment) is skipped with the reason. `rate` makes at most one call per upstream operation it needs and never
 * rejects: a failure is an outcome. It runs under the ambient deadline (src/platform/http/deadline.ts), which the
 * rating service sets per carrier.
 */
export interface RatingConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  readonly division: string | null;
  refuses(request: RateRequest): LaneRefusal | null;
  rate(request: RateRequest): Promise<RateOutcome>;
  /**
   * Which services the lane has, prices optional (serviceability). Only where the carrier has a cheaper or more
   * fitting call than `rate` (express `/products` for a single piece); the service falls back to `rate`.
   */
  available?(request: RateRequest): Promise<RateOutcome>;
}

/** Duty and tax estimates (express `/landed-cost`, e-commerce duty and tax). Never rejects. */
export interface LandedCostConnector {
  readonly upstream: CarrierInterface;
  readonly carrier: Carrier;
  readonly division: string | null;
  landedCost(request: LandedCostRequest): Promise<LandedCostOutcome>;
}

/** Carrier B `/country/v1/postal/validate`: checks a postal code before quoting. Rejects with UpstreamError. */
export interface PostalValidationConnector {
  readonly upstream: CarrierInterface;
  validatePostalCode(countryCode: string, postalCode: string, stateOrProvinceCode: string | null): Promise<PostalValidation>;
}

/** The dark store's published health (`GET /health`, nothing else). Rejects with UpstreamError. */
export interface HealthConnector {
  readonly upstream: CarrierInterface;
  health(): Promise<DarkStoreHealth>;
}
