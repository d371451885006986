import { InputError, NotFoundError, UpstreamError } from '../../domain/errors.js';
import type { CarrierWarning, UserError } from '../../generated/graphql.js';
import { toGraphQLError } from '../errors.js';

/** What every mutation payload carries beside its result (DESIGN.md "Schema principles", Shopify's userErrors). */
export interface PayloadErrors {
  userErrors: UserError[];
  warnings: CarrierWarning[];
}

/**
 * Carrier answers that refuse the request as the caller's fault: the carrier says the number or the request is
 * wrong. Unavailability, quotas, credentials and contract breaches are ours to report as GraphQL errors instead.
 */
const CARRIER_REFUSALS = new Set(['UPSTREAM_BAD_REQUEST', 'UPSTREAM_NOT_FOUND']);

/** The user error a failure stands for, or null when it is a fault or unavailability (a GraphQL error). */
export function userErrorOf(error: unknown): UserError | null {
  if (error instanceof InputError) {
    return {
      field: error.field.length > 0 ? error.field.split('.') : null,
      code: error instanceof NotFoundError ? 'NOT_FOUND' : 'BAD_USER_INPUT',
      message: error.message,
      carrierCode: null,
    };
  }
  if (error instanceof UpstreamError && CARRIER_REFUSALS.has(error.code)) {
    return { field: ['input'], code: 'CARRIER_REFUSED', message: error.message, carrierCode: error.carrierCode };
  }
  return null;
}

/**
 * Runs a mutation's service call and shapes its payload: the result under `key` with empty userErrors, or a null
 * result with the refusal as a user error. Anything else is thrown as a GraphQL error with its stable code.
 */
export async function mutationPayload<K extends string, T>(
  key: K,
  run: () => Promise<T>,
): Promise<{ [P in K]: T | null } & PayloadErrors> {
  try {
    const result = await run();
    return { [key]: result, userErrors: [], warnings: [] } as { [P in K]: T | null } & PayloadErrors;
  } catch (error) {
    const userError = userErrorOf(error);
    if (!userError) throw toGraphQLError(error);
    return { [key]: null, userErrors: [userError], warnings: [] } as { [P in K]: T | null } & PayloadErrors;
  }
}
