import { AsyncLocalStorage } from 'node:async_hooks';
/**
 * A GraphQL request's deadline (REQUEST_DEADLINE_MS), carried to the upstream calls it causes. The tracking service
 * runs a batch inside `withDeadline`; the upstream client reads `currentDeadline()` to cancel its HTTP request and its
 * retry waits, so connectors need no signal parameter of their own.
 */
const scope = new AsyncLocalStorage();
/** The deadline passed: the work still waiting for it is abandoned. */
export class DeadlineExceededError extends Error {
    deadlineMs;
    constructor(deadlineMs) {
        super(`the request's deadline${deadlineMs === null ? '' : ` of ${deadlineMs} ms`} (REQUEST_DEADLINE_MS) passed`);
        this.deadlineMs = deadlineMs;
        this.name = 'DeadlineExceededError';
    }
}
export function startDeadline(ms) {
    return { signal: AbortSignal.timeout(ms), ms };
}
/**
 * Runs `work` with the deadline as the ambient one and settles no later than the deadline: past it, the promise
 * rejects with DeadlineExceededError while `work` (cancelled where it reads the signal) is left to end on its own.
 */
export function withDeadline(deadline, work) {
    if (!deadline)
        return work();
    const { signal } = deadline;
    if (signal.aborted)
        return Promise.reject(new DeadlineExceededError(deadline.ms));
    return new Promise((resolve, reject) => {
        const onAbort = () => reject(new DeadlineExceededError(deadline.ms));
        signal.addEventListener('abort', onAbort, { once: true });
        scope
            .run(signal, work)
            .then(resolve, reject)
            .finally(() => signal.removeEventListener('abort', onAbort));
    });
}
/** The signal of the deadline the current work runs under, if any. */
export function currentDeadline() {
    return scope.getStore();
}
/**
 * Runs `work` under no request's deadline: for work shared by several requests (one in-flight lookup several callers
 * wait for), which one caller's deadline must not cancel for the others. Each caller's wait stays bounded by its own
 * `withDeadline`.
 */
export function outsideDeadline(work) {
    return scope.exit(work);
}
