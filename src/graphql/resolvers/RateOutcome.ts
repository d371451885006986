import type {
  CarrierRatesResolvers,
  LaneServiceResolvers,
  RateFailureResolvers,
  RateOutcomeResolvers,
  ServiceabilityOutcomeResolvers,
  SkippedCarrierResolvers,
  UnreadableServiceResolvers,
} from '../../generated/graphql.js';
import { CarrierDeadlineError } from '../../services/rating/carrier-call.js';
import { isRetryable } from './carrier-failure.js';

/** One carrier's answer: quotes or a typed failure (the domain's `ok` decides). */
export const RateOutcome: RateOutcomeResolvers = {
  __resolveType: (outcome) => (outcome.ok ? 'CarrierRates' : 'RateFailure'),
};

export const ServiceabilityOutcome: ServiceabilityOutcomeResolvers = {
  __resolveType: (outcome) => (outcome.ok ? 'LaneService' : 'RateFailure'),
};

export const CarrierRates: CarrierRatesResolvers = {
  unreadableServices: (outcome) => outcome.failedServices ?? [],
};

export const LaneService: LaneServiceResolvers = {};

export const UnreadableService: UnreadableServiceResolvers = {
  code: (failed) => failed.error.code,
  message: (failed) => failed.error.message,
};

export const RateFailure: RateFailureResolvers = {
  code: (failure) => failure.error.code,
  message: (failure) => failure.error.message,
  carrierCode: (failure) => failure.error.carrierCode,
  transactionId: (failure) => failure.error.transactionId,
  retryAt: (failure) => failure.error.retryAt?.toISOString() ?? null,
  retryable: (failure) => isRetryable(failure.error.code),
  // Which variable's deadline passed, so an operator knows what to look at.
  limit: (failure) =>
    failure.error instanceof CarrierDeadlineError
      ? failure.error.limit
      : failure.error.code === 'UPSTREAM_DEADLINE_EXCEEDED'
        ? 'REQUEST_DEADLINE_MS'
        : null,
};

export const SkippedCarrier: SkippedCarrierResolvers = {
  code: (skipped) => skipped.refusal.code,
  message: (skipped) => skipped.refusal.message,
};
