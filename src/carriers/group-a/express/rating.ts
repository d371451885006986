import { UpstreamError } from '../../../domain/errors.js';
import type { LaneRefusal, RateOutcome, RateQuote, RateRequest } from '../../../domain/rating.js';
import type { GroupAExpressConfig } from '../config.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import { recordUpstreamFailure, type FailureSink } from '../../../platform/upstream-failures.js';
import type { RatingConnector } from '../../types.js';
import { mapExpressWarnings } from './mapping.js';
import { readExpressProduct } from './rating-mapping.js';
import { expressRateRequest, requestedExpressProducts } from './rating-request.js';
import { DEFAULT_COD_SERVICE_CODE } from './rating-units.js';
import { expressRateAnswer } from './rating-wire.js';

const UPSTREAM = 'group-a/express';

export interface ExpressRatingConnectorOptions {
  /** The express origin's client (createExpressHttpClient): HTTP Basic and the daily quota, shared with tracking. */
  client: UpstreamClient;
  /** `accountNumbers`: the request chooses one; the first is the default. `codServiceCode`: GROUP_A_EXPRESS_COD_SERVICE_CODE (XR7). */
  config: Pick<GroupAExpressConfig, 'accountNumbers' | 'codServiceCode'>;
  /** Where a product's contract failure is counted and logged (the HTTP client does that for failed calls). */
  failures?: FailureSink;
}

/**
 * Group A express rating (seed 000, interface B): `POST /rates` (every request) and `POST /products` (single-piece
 * availability). Every call goes through the express client, so it counts against the express daily quota (the test
 * environment's 500 a day). Never rejects: a failed call is a failed outcome, an unreadable product a typed failure of
 * that product. Rate answers are never logged: the legal terms forbid sharing product and rating data with competitors.
 */
export class ExpressRatingConnector implements RatingConnector {
  readonly upstream = UPSTREAM;
  readonly carrier = 'GROUP_A' as const;
  readonly division = 'express';
  private readonly client: UpstreamClient;
  private readonly accountNumbers: readonly string[];
  private readonly codServiceCode: string;
  private readonly failures: FailureSink | undefined;

  constructor(options: ExpressRatingConnectorOptions) {
    this.client = options.client;
    this.accountNumbers = options.config.accountNumbers;
    this.codServiceCode = options.config.codServiceCode || DEFAULT_COD_SERVICE_CODE;
    this.failures = options.failures;
  }

  /**
   * No lane is refused without a call ("There is no separate serviceability endpoint"); only a request naming services
   * none of which is an express product code is skipped.
   */
  refuses(request: RateRequest): LaneRefusal | null {
    if (requestedExpressProducts(request)?.length === 0) {
      return { code: 'FILTERED_OUT', message: `None of the requested services (${request.serviceCodes.join(', ')}) is an express product code.` };
    }
    return null;
  }

  rate(request: RateRequest): Promise<RateOutcome> {
    return this.quote('rates', '/rates', request);
  }

  /** "`POST /products`: single-piece product availability"; more pieces are asked of `/rates`. */
  available(request: RateRequest): Promise<RateOutcome> {
    return request.packages.length === 1 ? this.quote('products', '/products', request) : this.rate(request);
  }

  private async quote(operation: string, path: string, request: RateRequest): Promise<RateOutcome> {
    const account = request.expressAccountNumber ?? this.accountNumbers[0] ?? null;
    if (account === null || !this.accountNumbers.includes(account)) {
      // Input validation refuses an unknown account first; this guards a caller that skipped it (nothing is sent).
      return this.failed(
        new UpstreamError(`${UPSTREAM} ${operation}: account number ${account === null ? '(none)' : 'given'} is not configured (GROUP_A_EXPRESS_ACCOUNT_NUMBERS)`, {
          code: 'UPSTREAM_NOT_CONFIGURED',
          upstream: UPSTREAM,
          operation,
        }),
      );
    }
    const refusal = this.refuses(request);
    if (refusal) {
      // The rating service skips what `refuses` names; a caller that asks anyway gets the same answer, and no call.
      return this.failed(new UpstreamError(`${UPSTREAM} ${operation}: ${refusal.message}`, { code: 'UPSTREAM_BAD_REQUEST', upstream: UPSTREAM, operation }));
    }
    try {
      const body = expressRateRequest(request, { accountNumber: account, codServiceCode: this.codServiceCode });
      const answer = await this.client.call({ operation, method: 'POST', path, json: body, schema: expressRateAnswer, idempotent: true });
      const warnings = mapExpressWarnings(answer.warnings ?? []);
      const quotes: RateQuote[] = [];
      const failedServices: Array<{ serviceCode: string | null; error: UpstreamError }> = [];
      const wanted = requestedExpressProducts(request);
      for (const raw of answer.products) {
        const reading = readExpressProduct(raw, operation, account, warnings);
        // Only the products asked for, should the answer hold more.
        if (reading.ok && wanted !== null && !wanted.includes(reading.quote.serviceCode)) continue;
        if (reading.ok) quotes.push(reading.quote);
        else {
          if (this.failures) recordUpstreamFailure(reading.error, this.failures);
          failedServices.push({ serviceCode: reading.serviceCode, error: reading.error });
        }
      }
      // Products were answered but none could be read: that is not "the lane is not served".
      if (quotes.length === 0 && failedServices[0]) return this.failed(failedServices[0].error, warnings);
      return {
        ok: true,
        carrier: this.carrier,
        division: this.division,
        upstream: this.upstream,
        quotes,
        warnings,
        ...(failedServices.length > 0 ? { failedServices } : {}),
      };
    } catch (error) {
      const failure = asUpstreamError(operation, error);
      // The HTTP client recorded its own failures already; this records only what it never saw (a mapping bug).
      if (this.failures) recordUpstreamFailure(failure, this.failures);
      return this.failed(failure);
    }
  }

  private failed(error: UpstreamError, warnings: RateOutcome['warnings'] = []): RateOutcome {
    return { ok: false, carrier: this.carrier, division: this.division, upstream: this.upstream, error, workableServices: [], warnings };
  }
}

/** Anything but an UpstreamError (a bug of ours) is still an outcome, never a rejection. */
export function asUpstreamError(operation: string, error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new UpstreamError(`${UPSTREAM} ${operation}: ${message}`, { code: 'UPSTREAM_CONTRACT', upstream: UPSTREAM, operation }, { cause: error });
}
