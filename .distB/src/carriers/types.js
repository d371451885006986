import { UpstreamError } from '../domain/errors.js';
/** Tells whether a rejected `create` may have reached the carrier and acted (UNKNOWN, reconcile) or surely did not (FAILED). */
export function outcomeUnknown(error) {
    return (error instanceof UpstreamError &&
        (error.code === 'UPSTREAM_UNAVAILABLE' || error.code === 'UPSTREAM_DEADLINE_EXCEEDED' || error.code === 'UPSTREAM_CONTRACT'));
}
