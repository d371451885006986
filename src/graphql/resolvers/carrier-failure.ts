import type { ReferenceLookupFailureResolvers } from '../../generated/graphql.js';

/**
 * What every CarrierFailure answers beside its code: whether the same request may succeed later unchanged. A quota, an
 * unavailable carrier or a passed deadline may; a refusal, a contract breach or missing configuration will not.
 */
const RETRYABLE: ReadonlySet<string> = new Set(['UPSTREAM_RATE_LIMITED', 'UPSTREAM_UNAVAILABLE', 'UPSTREAM_DEADLINE_EXCEEDED']);

export function isRetryable(code: string): boolean {
  return RETRYABLE.has(code);
}

/** A failure of the lookup across carriers (`shipmentsByOrder.failures`): its parent carries the code alone. */
export const ReferenceLookupFailure: ReferenceLookupFailureResolvers = {
  retryable: (failure) => isRetryable(failure.code),
};
