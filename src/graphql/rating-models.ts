import type { RateOutcome, RateQuote } from '../domain/rating.js';
import type { RateShop, RateStrategy } from '../services/rating/types.js';

/** Parent of `RateShopResult`: the service's rate shop and the strategy it applied. */
export interface RateShopResultModel extends RateShop {
  strategy: RateStrategy;
}

/** Parent of `CarrierRates`: one carrier interface's successful answer. */
export type CarrierRatesModel = Extract<RateOutcome, { ok: true }>;

/** Parent of `RateFailure`: one carrier interface's typed failure. */
export type RateFailureModel = Extract<RateOutcome, { ok: false }>;

/** Parent of `UnreadableService`: a service the carrier answered that could not be read. */
export type UnreadableServiceModel = NonNullable<CarrierRatesModel['failedServices']>[number];

/** Parent of `LaneService`: one carrier interface's serviceability, derived from its rate (or product) answer. */
export interface LaneServiceModel extends Omit<CarrierRatesModel, 'quotes'> {
  served: boolean;
  services: RateQuote[];
}

/** Parent of `ServiceabilityResult`. */
export interface ServiceabilityResultModel {
  outcomes: Array<LaneServiceModel | RateFailureModel>;
  skipped: RateShop['skipped'];
  warnings: NonNullable<RateShop['warnings']>;
  checkedAt: string;
  fromCache: boolean;
}
