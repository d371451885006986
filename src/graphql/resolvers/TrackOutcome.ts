import type { TrackOutcomeResolvers, TrackingFailureResolvers } from '../../generated/graphql.js';
import { isRetryable } from './carrier-failure.js';

export const TrackOutcome: TrackOutcomeResolvers = {
  __resolveType: (outcome) => (outcome.kind === 'tracked' ? 'TrackedShipments' : 'TrackingFailure'),
};

export const TrackingFailure: TrackingFailureResolvers = {
  code: (failure) => failure.error.code,
  message: (failure) => failure.error.message,
  upstream: (failure) => failure.error.upstream,
  carrierErrorCode: (failure) => failure.error.carrierCode,
  carrierCode: (failure) => failure.error.carrierCode,
  division: (failure) => failure.division ?? null,
  retryable: (failure) => isRetryable(failure.error.code),
  retryAt: (failure) => failure.error.retryAt?.toISOString() ?? null,
  candidates: (failure) => failure.error.candidates,
  transactionId: (failure) => failure.error.transactionId,
  customerTransactionId: (failure) => failure.error.customerTransactionId,
};
