import type { Carrier } from '../../../domain/carrier.js';
import { UpstreamError } from '../../../domain/errors.js';
import type { LaneRefusal, RateOutcome, RatePackage, RateRequest } from '../../../domain/rating.js';
import type { GroupAEcommerceConfig } from '../config.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import { recordUpstreamFailure, type FailureSink } from '../../../platform/upstream-failures.js';
import type { RatingConnector } from '../../types.js';
import { ecommerceAccountSettings, type EcommerceAccountSettings } from './rating-config.js';
import { ECOMMERCE_DIVISION, ECOMMERCE_UPSTREAM, mapEcommerceProduct } from './rating-mapping.js';
import { buildProductsRequest, type EcommerceAccountSide } from './rating-request.js';
import { ecommerceProductsAnswer } from './rating-wire.js';

/** "POST `/shipping/v4/products` | answers serviceability" (seed 000, interface C). */
export const ECOMMERCE_PRODUCTS_PATH = '/shipping/v4/products';

export interface EcommerceConnectorDeps {
  /** The e-commerce OAuth client (bearer token cached, re-minted before expiry and once on a 401). */
  client: UpstreamClient;
  config: GroupAEcommerceConfig;
  /** Where failures found after the call (an answer that cannot be read) are counted and logged; the client records its own. */
  failures?: FailureSink;
}

/**
 * Group A e-commerce rating: one `POST /shipping/v4/products` per rate request, one quote per product (E7). A products
 * answer with no product means the lane is not served: an outcome with no quotes, not a failure.
 */
export class EcommerceRatingConnector implements RatingConnector {
  readonly upstream = ECOMMERCE_UPSTREAM;
  readonly carrier: Carrier = 'GROUP_A';
  readonly division = ECOMMERCE_DIVISION;
  private readonly client: UpstreamClient;
  private readonly settings: EcommerceAccountSettings;
  private readonly failures: FailureSink | undefined;

  constructor({ client, config, failures }: EcommerceConnectorDeps) {
    this.client = client;
    this.settings = ecommerceAccountSettings(config);
    this.failures = failures;
  }

  refuses(request: RateRequest): LaneRefusal | null {
    const lane = this.laneOf(request);
    return 'refusal' in lane ? lane.refusal : null;
  }

  async rate(request: RateRequest): Promise<RateOutcome> {
    const base = { carrier: this.carrier, division: this.division, upstream: this.upstream };
    try {
      // The service asks `refuses` first; this guards a caller that did not (nothing is sent).
      const lane = this.laneOf(request);
      if ('refusal' in lane) {
        const code = lane.refusal.code === 'NOT_CONFIGURED' ? 'UPSTREAM_NOT_CONFIGURED' : 'UPSTREAM_BAD_REQUEST';
        throw new UpstreamError(`${this.upstream} products: ${lane.refusal.message}`, { code, upstream: this.upstream, operation: 'products' });
      }
      const answer = await this.client.call({
        operation: 'products',
        method: 'POST',
        path: ECOMMERCE_PRODUCTS_PATH,
        json: buildProductsRequest(lane.account, request, lane.pkg),
        schema: ecommerceProductsAnswer,
        // A quote creates nothing at the carrier, so a 500/503 may be asked again once.
        idempotent: true,
      });
      const wanted = new Set(request.serviceCodes);
      const products = wanted.size === 0 ? answer.products : answer.products.filter((p) => wanted.has(p.orderedProductId));
      return { ok: true, ...base, quotes: products.map(mapEcommerceProduct), warnings: [] };
    } catch (error) {
      return { ok: false, ...base, error: recordedFailure(error, 'products', this.failures), workableServices: [], warnings: [] };
    }
  }

  /** The lanes this interface cannot quote, found without a call (E7, E9); otherwise what the request needs. */
  private laneOf(request: RateRequest): { refusal: LaneRefusal } | { account: EcommerceAccountSide; pkg: RatePackage } {
    const { pickup, distributionCenter, distributionCenterCountry } = this.settings;
    if (!pickup || !distributionCenter) {
      return {
        refusal: {
          code: 'NOT_CONFIGURED',
          message: 'E-commerce rating needs the account pickup and distribution center (GROUP_A_ECOM_PICKUP_ACCOUNT, GROUP_A_ECOM_DISTRIBUTION_CENTER).',
        },
      };
    }
    // The request names no origin: parcels leave from the distribution center (E9), so another origin is not this lane.
    if (request.origin.countryCode !== distributionCenterCountry) {
      return {
        refusal: {
          code: 'ORIGIN_NOT_DISTRIBUTION_CENTER_COUNTRY',
          message: `E-commerce parcels leave from the distribution center ${distributionCenter} in ${distributionCenterCountry} (GROUP_A_ECOM_DISTRIBUTION_CENTER_COUNTRY); the origin is in ${request.origin.countryCode}.`,
        },
      };
    }
    // The label request carries one `packageDetail`: one package per label, so one package per quote (E7).
    const [pkg, ...more] = request.packages;
    if (!pkg || more.length > 0) {
      return { refusal: { code: 'SINGLE_PACKAGE_ONLY', message: 'The e-commerce interface quotes one package (one packageDetail) per request.' } };
    }
    return { account: { pickup, distributionCenter }, pkg };
  }
}

/**
 * Anything thrown on the way (a mapping bug included) as a typed failure, since connectors never reject; counted and
 * logged once (a failure the HTTP client already recorded is not recorded again).
 */
export function recordedFailure(error: unknown, operation: string, failures: FailureSink | undefined): UpstreamError {
  const failure =
    error instanceof UpstreamError
      ? error
      : new UpstreamError(
          `${ECOMMERCE_UPSTREAM} ${operation}: answer could not be read (${error instanceof Error ? error.message : String(error)})`,
          { code: 'UPSTREAM_CONTRACT', upstream: ECOMMERCE_UPSTREAM, operation },
          { cause: error },
        );
  if (failures) recordUpstreamFailure(failure, failures);
  return failure;
}
