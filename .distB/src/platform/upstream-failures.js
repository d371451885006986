/**
 * Every upstream failure is counted (`upstream_errors_total{upstream,operation,code}`) and logged once, wherever it is
 * first seen: the HTTP client for failed calls, the tracking service for failures inside an answer, the GraphQL layer
 * for what the resolvers decide (not found by id, ambiguous). An error that was already recorded, or that wraps one
 * (its `cause` chain), is not recorded again: one failed call fanned out to 30 numbers of a chunk is one failure, and a
 * retried call is recorded when it finally fails, never per attempt.
 */
const recorded = new WeakSet();
/** Answers about the caller's question rather than faults of ours or the carrier's: logged at info, not warn. */
const ANSWER_CODES = new Set(['UPSTREAM_NOT_FOUND', 'UPSTREAM_AMBIGUOUS', 'UPSTREAM_NOT_CONFIGURED']);
export function isRecorded(error) {
    for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 8; depth += 1) {
        if (recorded.has(current))
            return true;
        current = current.cause;
    }
    return false;
}
export function recordUpstreamFailure(error, sink) {
    if (isRecorded(error)) {
        recorded.add(error);
        return;
    }
    recorded.add(error);
    const operation = error.operation ?? 'unknown';
    sink.metrics.upstreamErrors.inc({ upstream: error.upstream, operation, code: error.code });
    const fields = {
        upstream: error.upstream,
        operation,
        code: error.code,
        httpStatus: error.httpStatus,
        carrierCode: error.carrierCode,
        transactionId: error.transactionId,
        customerTransactionId: error.customerTransactionId,
        ...(error.retryAt ? { retryAt: error.retryAt.toISOString() } : {}),
        // Our own description of a contract failure names schema paths, never values; the carrier's free text for other
        // failures is not logged (it may echo what was asked), its code is.
        ...(error.code === 'UPSTREAM_CONTRACT' ? { reason: error.message } : {}),
    };
    if (ANSWER_CODES.has(error.code))
        sink.logger.info(fields, 'upstream call failed');
    else
        sink.logger.warn(fields, 'upstream call failed');
}
