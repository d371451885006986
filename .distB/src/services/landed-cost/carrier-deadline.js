import { UpstreamError } from '../../domain/errors.js';
import { DeadlineExceededError, withDeadline } from '../../platform/http/deadline.js';
import { CarrierDeadlineError } from '../rating/carrier-call.js';
/**
 * Runs one carrier's part of a fan-out under its own deadline (RATE_CARRIER_DEADLINE_MS, as rating) combined with the
 * request's (REQUEST_DEADLINE_MS): whichever passes first ends the wait, and the carrier's outcome is then a typed
 * UPSTREAM_DEADLINE_EXCEEDED failure naming that variable, never a rejection, so the carriers that answered stand.
 * A connector that rejects despite its contract is that carrier's failure too (an unexpected error is reported).
 */
export async function underCarrierDeadline(upstream, operation, limits, work, failed, onUnexpected) {
    const carrierSignal = AbortSignal.timeout(limits.carrierDeadlineMs);
    const requestSignal = limits.requestDeadline?.signal;
    const signal = requestSignal ? AbortSignal.any([requestSignal, carrierSignal]) : carrierSignal;
    try {
        return await withDeadline({ signal, ms: limits.carrierDeadlineMs }, work);
    }
    catch (error) {
        if (error instanceof DeadlineExceededError) {
            return failed(requestSignal?.aborted
                ? new CarrierDeadlineError('REQUEST_DEADLINE_MS', limits.requestDeadline?.ms ?? null, upstream, operation)
                : new CarrierDeadlineError('RATE_CARRIER_DEADLINE_MS', limits.carrierDeadlineMs, upstream, operation));
        }
        if (error instanceof UpstreamError)
            return failed(error);
        onUnexpected(error);
        return failed(new UpstreamError('the connector failed unexpectedly (logged); the other carriers are unaffected', { code: 'UPSTREAM_UNAVAILABLE', upstream, operation }));
    }
}
