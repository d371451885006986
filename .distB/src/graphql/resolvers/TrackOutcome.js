export const TrackOutcome = {
    __resolveType: (outcome) => (outcome.kind === 'tracked' ? 'TrackedShipments' : 'TrackingFailure'),
};
export const TrackingFailure = {
    code: (failure) => failure.error.code,
    message: (failure) => failure.error.message,
    upstream: (failure) => failure.error.upstream,
    carrierErrorCode: (failure) => failure.error.carrierCode,
    retryAt: (failure) => failure.error.retryAt?.toISOString() ?? null,
    candidates: (failure) => failure.error.candidates,
    transactionId: (failure) => failure.error.transactionId,
    customerTransactionId: (failure) => failure.error.customerTransactionId,
};
