import { UpstreamError } from '../../domain/errors.js';
import type { LaneRefusal, RateOutcome, RateRequest } from '../../domain/rating.js';
import type { CarrierWarning } from '../../domain/shipment.js';
import type { CarrierBConfig } from './config.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type { RatingConnector } from '../types.js';
import { newCustomerTransactionId, withExchangeIds } from './client.js';
import { readAlerts } from './mapping.js';
import { quotesFromRateReply, readRateFailureBody } from './rating-answer.js';
import { buildRateRequest, requestedCarrierBServices } from './rating-request.js';
import { isCarrierBFreightService } from './rating-units.js';
import { rateAnswerSchema } from './rating-wire.js';

/** Seed 001 "Endpoints": `POST /rate/v1/rates/quotes` (rate request -> rate answer). */
export const CARRIER_B_RATE_PATH = '/rate/v1/rates/quotes';

export interface CarrierBRatingOptions {
  /** The Carrier B origin's client (createCarrierBHttpClient), shared with every other Carrier B capability. */
  client: UpstreamClient;
  /** `accountNumber` ("One connection is one shipping account number") and `locale` (`x-locale`). */
  config: CarrierBConfig;
}

/**
 * Carrier B rating: one `/rate/v1/rates/quotes` call per request, every service when none is named, transit times
 * asked, workable services asked on a failure, LIST and ACCOUNT prices asked and kept apart, COD as a special service,
 * customs detail on a cross-border lane. Never rejects: a failure is an outcome.
 */
export class CarrierBRatingConnector implements RatingConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;
  readonly client: UpstreamClient;
  private readonly config: CarrierBConfig;

  constructor(options: CarrierBRatingOptions) {
    this.client = options.client;
    this.config = options.config;
  }

  /** Lanes refused without a call: what the seed rules out, or a filter naming no Carrier B service. */
  refuses(request: RateRequest): LaneRefusal | null {
    if (request.cashOnDelivery && request.origin.countryCode !== request.destination.countryCode) {
      // Seed 001: "including intra-country cash on delivery requested as a special service (`COD`)".
      return { code: 'COD_DOMESTIC_ONLY', message: 'Carrier B offers cash on delivery within one country only; this lane crosses a border.' };
    }
    const services = requestedCarrierBServices(request);
    if (services !== null && services.length === 0) {
      return { code: 'FILTERED_OUT', message: `None of the requested services (${request.serviceCodes.join(', ')}) is a Carrier B service code.` };
    }
    return null;
  }

  /** Freight (LTL) has its own interface, which this connector does not speak; the rate call would be refused. */
  unquotableService(serviceCode: string): string | null {
    if (!isCarrierBFreightService(serviceCode)) return null;
    return `${serviceCode} is a Carrier B freight (LTL) service; Carrier B's rate interface does not quote freight services`;
  }

  async rate(request: RateRequest): Promise<RateOutcome> {
    const customerTransactionId = newCustomerTransactionId();
    const body = buildRateRequest(request, this.config.accountNumber);
    let failureBody: unknown = undefined;
    let answer;
    try {
      answer = await this.client.call({
        operation: 'rate',
        method: 'POST',
        path: CARRIER_B_RATE_PATH,
        json: body,
        headers: {
          'x-customer-transaction-id': customerTransactionId,
          ...(this.config.locale ? { 'x-locale': this.config.locale } : {}),
        },
        customerTransactionId,
        schema: rateAnswerSchema,
        // A quote reads and changes nothing: a 500/503 may be sent again (seed: "one retry with exponential backoff").
        idempotent: true,
        onFailureBody: (_status, failure) => {
          failureBody = failure;
        },
      });
    } catch (error) {
      const failure = withExchangeIds(asUpstreamError(error), { transactionId: null, customerTransactionId });
      const { workableServices, alerts } = readRateFailureBody(failureBody);
      return this.failed(failure, workableServices, readAlerts(alerts));
    }

    const ids = { transactionId: answer.transactionId ?? null, customerTransactionId };
    const alerts = readAlerts(answer.output.alerts);
    try {
      // An empty rateReplyDetails: "serviceability is a rate call that returns services or not" - not served, no error.
      const quotes = quotesFromRateReply(answer.output.rateReplyDetails ?? [], request, alerts);
      const asked = requestedCarrierBServices(request);
      // Several services asked: one call rated every service; only the asked ones are answered.
      const kept = asked && asked.length > 1 ? quotes.filter((quote) => asked.includes(quote.serviceCode)) : quotes;
      return { ok: true, carrier: this.carrier, division: null, upstream: this.upstream, quotes: kept, warnings: alerts };
    } catch (error) {
      return this.failed(withExchangeIds(asUpstreamError(error), ids), [], alerts);
    }
  }

  private failed(error: UpstreamError, workableServices: string[], warnings: CarrierWarning[]): RateOutcome {
    return { ok: false, carrier: this.carrier, division: null, upstream: this.upstream, error, workableServices, warnings };
  }
}

/** Every failure is typed; anything else is our own defect and is reported as an unreadable answer, never thrown. */
function asUpstreamError(error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new UpstreamError(`carrier-b rate: ${message}`, { code: 'UPSTREAM_CONTRACT', upstream: 'carrier-b', operation: 'rate' }, { cause: error });
}
