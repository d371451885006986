import type { LandedCostConnector } from '../../carriers/types.js';
import type { UpstreamError } from '../../domain/errors.js';
import type { LandedCostOutcome, LandedCostRequest } from '../../domain/rating.js';
import type { RequestDeadline } from '../../platform/http/deadline.js';
import { underCarrierDeadline } from './carrier-deadline.js';

export interface LandedCostServiceOptions {
  /** Every duty-and-tax connector the registry built (express `/landed-cost`, e-commerce duty and tax). */
  connectors: readonly LandedCostConnector[];
  /** What input validation needs: GROUP_A_EXPRESS_ACCOUNT_NUMBERS (empty when express is not configured). */
  input: { expressAccountNumbers: readonly string[] };
  /** Each carrier's deadline, the one rating uses (RATE_CARRIER_DEADLINE_MS). */
  carrierDeadlineMs: number;
  /** Records a failure once (metrics and one log line), as tracking and rating do. */
  onFailure?: (error: UpstreamError) => void;
  /** A connector that broke its never-reject contract: logged with its stack. */
  onUnexpected?: (error: unknown, connector: LandedCostConnector) => void;
}

/**
 * Duty and tax estimates from every carrier that gives them, asked in parallel (karrio's Rating.fetch shape): one
 * outcome per carrier, an itemised estimate or a typed failure, so one failing or late carrier never hides another.
 * The request is already validated (at the GraphQL edge: src/graphql/inputs/landed-cost.ts).
 */
export class LandedCostService {
  constructor(private readonly options: LandedCostServiceOptions) {}

  /** What a request is checked against before any call (the GraphQL edge checks it: src/graphql/inputs/landed-cost.ts). */
  get inputRules(): { expressAccountNumbers: readonly string[] } {
    return this.options.input;
  }

  estimate(request: LandedCostRequest, requestDeadline?: RequestDeadline): Promise<LandedCostOutcome[]> {
    return Promise.all(
      this.options.connectors.map(async (connector) => {
        const base = { carrier: connector.carrier, division: connector.division, upstream: connector.upstream };
        const outcome = await underCarrierDeadline<LandedCostOutcome>(
          connector.upstream,
          `${connector.upstream} landed-cost`,
          { carrierDeadlineMs: this.options.carrierDeadlineMs, requestDeadline },
          () => connector.landedCost(request),
          (error) => ({ ok: false, ...base, error }),
          (error) => this.options.onUnexpected?.(error, connector),
        );
        if (!outcome.ok) this.options.onFailure?.(outcome.error);
        return outcome;
      }),
    );
  }
}
