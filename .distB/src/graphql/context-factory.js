import { TrackingLoaders } from './loaders.js';
/**
 * The request's deadline (REQUEST_DEADLINE_MS), counted from the moment this is called (the request's start), whose
 * timer is set only when something first reads `signal`, i.e. when the request first goes upstream. Most requests
 * (`{ __typename }`, answers from the cache or the store) never do, and a timer per request was measurable (issue 12).
 * Read late, the signal fires when the full deadline from the start passes; read after it passed, it is already aborted.
 */
export function deadlineFromNow(ms, clock = () => performance.now()) {
    const startedAt = clock();
    let signal;
    return {
        ms,
        get signal() {
            if (!signal) {
                const left = Math.ceil(ms - (clock() - startedAt));
                signal = left > 0 ? AbortSignal.timeout(left) : AbortSignal.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
            }
            return signal;
        },
    };
}
/**
 * One GraphQL context per operation (HTTP request or graphql-ws operation). What is shared (services, logger,
 * limits) is built once; what is per request is only the tracking loaders (whose DataLoaders are themselves made on
 * first use, TrackingLoaders) and the deadline (its timer made on first use, `deadlineFromNow`). A subscription's
 * events each do their own bounded work: it gets no request deadline.
 */
export function graphQLContextFactory(options) {
    const { services, tracking, logger, requestDeadlineMs } = options;
    const limits = Object.freeze({ maxPageSize: options.maxPageSize });
    return ({ subscription }) => {
        if (subscription)
            return { services, loaders: new TrackingLoaders(tracking), logger, limits };
        const deadline = deadlineFromNow(requestDeadlineMs);
        return { services, loaders: new TrackingLoaders(tracking, deadline), logger, deadline, limits };
    };
}
