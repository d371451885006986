import type { Carrier, CarrierInterface } from '../../domain/carrier.js';
import type { LaneRefusal, RateOutcome, RateQuote, RateRequest } from '../../domain/rating.js';
import type { CarrierWarning } from '../../domain/shipment.js';

/** How the quotes of a rate shop are ordered (and, for DELIVER_BY, filtered). */
export type RateStrategy = 'CHEAPEST' | 'FASTEST' | 'BEST_VALUE' | 'DELIVER_BY';

/** The service-level part of a rate request: which carriers to ask and how to order the answer. */
export interface RateShopOptions {
  /** null = every carrier. */
  carriers: Carrier[] | null;
  /** Group A divisions to ask (e.g. `express`, `ecommerce`); null = every one. */
  divisions: string[] | null;
  strategy: RateStrategy;
  /** Local date YYYY-MM-DD, with DELIVER_BY only. */
  deliverBy: string | null;
}

/** A carrier interface that was not asked, and why (filtered out, lane not served, store unhealthy, ...). */
export interface SkippedCarrier {
  carrier: Carrier;
  division: string | null;
  upstream: CarrierInterface;
  refusal: LaneRefusal;
}

/** The answer of one rate shop: one outcome per carrier interface asked, the ones skipped, quotes ordered by strategy. */
export interface RateShop {
  outcomes: RateOutcome[];
  skipped: SkippedCarrier[];
  /** Every quote of every successful outcome, ordered by the strategy (DELIVER_BY: only those arriving in time). */
  quotes: RateQuote[];
  /** The quote the strategy picks first; null when there is none. */
  best: RateQuote | null;
  /** When the carriers were asked (ISO instant): earlier than now when the answer came from the coalescing cache. */
  quotedAt: string;
  /** true when answered from the cache of identical requests (RATE_CACHE_TTL_MS), no carrier called. */
  fromCache: boolean;
  /** DELIVER_BY: the quotes left out (arriving after the date, or with no date), so none is dropped silently. */
  excluded?: ExcludedQuote[];
  /** Warnings about the request itself (e.g. a postal-code check that could not be made), beside the carriers' own. */
  warnings?: CarrierWarning[];
}

/** A quote a strategy left out, and why. */
export interface ExcludedQuote {
  quote: RateQuote;
  reason: 'ARRIVES_AFTER_DELIVER_BY' | 'DELIVERY_DATE_UNKNOWN';
}

/** Rate shopping across every rating connector of the registry (src/services/rating/rating-service.ts). */
export interface RateShopper {
  shop(request: RateRequest, options: RateShopOptions): Promise<RateShop>;
}

/** What a rate request is checked against (RatingService.inputRules): the server's clock and configuration. */
export interface RateInputRules {
  now: Date;
  /** GROUP_A_EXPRESS_ACCOUNT_NUMBERS; empty when express is not configured. */
  expressAccountNumbers: readonly string[];
  /** GROUP_A_DIVISIONS. */
  divisions: readonly string[];
  /** Why no rating connector can quote a requested service code (RatingConnector.unquotableService), or null. */
  unquotableService?: (serviceCode: string) => string | null;
}
