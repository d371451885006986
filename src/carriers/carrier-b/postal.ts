import { z } from 'zod';
import { UpstreamError } from '../../domain/errors.js';
import type { PostalValidation } from '../../domain/rating.js';
import type { CarrierBConfig } from './config.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type { PostalValidationConnector } from '../types.js';
import { newCustomerTransactionId, withExchangeIds } from './client.js';
import { readAlerts } from './mapping.js';

/** Seed 001 "Endpoints": `POST /country/v1/postal/validate` ("postal code check"). */
export const CARRIER_B_POSTAL_PATH = '/country/v1/postal/validate';

/**
 * The seed: "Request and response shapes of the ... postal-validation ... operations: not shown". Assumption BP1 (the
 * sandbox follows it):
 * - request `{ countryCode, postalCode, stateOrProvinceCode?, checkForMismatch: true }`;
 * - a code that exists: 200 `{ transactionId, output: { countryCode, cleanedPostalCode, stateOrProvinceCode?, city?,
 *   alerts[] } }` (a state that does not match the code is an alert, the carrier's state is given);
 * - a code that does not exist in the country: 400 with the seed's error body and the dotted code below.
 */
export const POSTAL_CODE_INVALID = 'COUNTRY.POSTALCODE.INVALID';

export interface WirePostalRequest {
  countryCode: string;
  postalCode: string;
  stateOrProvinceCode?: string;
  checkForMismatch: boolean;
}

const text = z.string().nullish();
export const postalAnswerSchema = z.looseObject({
  transactionId: text,
  customerTransactionId: text,
  output: z.looseObject({
    countryCode: text,
    cleanedPostalCode: text,
    stateOrProvinceCode: text,
    city: text,
    alerts: z.array(z.unknown()).nullish(),
  }),
});

export interface CarrierBPostalOptions {
  client: UpstreamClient;
  config: CarrierBConfig;
}

/** Checks a postal code before quoting: valid or not, the cleaned code, city and state where given, alerts. */
export class CarrierBPostalValidator implements PostalValidationConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;
  readonly client: UpstreamClient;
  private readonly config: CarrierBConfig;

  constructor(options: CarrierBPostalOptions) {
    this.client = options.client;
    this.config = options.config;
  }

  async validatePostalCode(countryCode: string, postalCode: string, stateOrProvinceCode: string | null): Promise<PostalValidation> {
    const customerTransactionId = newCustomerTransactionId();
    const body: WirePostalRequest = {
      countryCode,
      postalCode,
      ...(stateOrProvinceCode ? { stateOrProvinceCode } : {}),
      checkForMismatch: true,
    };
    let answer;
    try {
      answer = await this.client.call({
        operation: 'postal-validate',
        method: 'POST',
        path: CARRIER_B_POSTAL_PATH,
        json: body,
        headers: {
          'x-customer-transaction-id': customerTransactionId,
          ...(this.config.locale ? { 'x-locale': this.config.locale } : {}),
        },
        customerTransactionId,
        schema: postalAnswerSchema,
        // A check changes nothing: safe to send again after a 500/503.
        idempotent: true,
      });
    } catch (error) {
      const failure = withExchangeIds(asUpstreamError(error), { transactionId: null, customerTransactionId });
      // The carrier says the code does not exist: an answer (valid: false), not a failure.
      if (failure.code === 'UPSTREAM_BAD_REQUEST' && failure.carrierCode === POSTAL_CODE_INVALID) {
        const message = failure.message.replace(/^carrier-b postal-validate: /, '');
        return {
          countryCode,
          postalCode,
          valid: false,
          cleanedPostalCode: null,
          city: null,
          stateOrProvinceCode: null,
          warnings: [{ code: POSTAL_CODE_INVALID, message, type: 'ERROR' }],
        };
      }
      throw failure;
    }
    const output = answer.output;
    return {
      countryCode: output.countryCode ?? countryCode,
      postalCode,
      valid: true,
      cleanedPostalCode: output.cleanedPostalCode ?? null,
      city: output.city ?? null,
      stateOrProvinceCode: output.stateOrProvinceCode ?? null,
      warnings: readAlerts(output.alerts),
    };
  }
}

function asUpstreamError(error: unknown): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new UpstreamError(`carrier-b postal-validate: ${message}`, { code: 'UPSTREAM_CONTRACT', upstream: 'carrier-b', operation: 'postal-validate' }, { cause: error });
}
