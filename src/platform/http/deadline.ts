import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * A GraphQL request's deadline (REQUEST_DEADLINE_MS), carried to the upstream calls it causes. The tracking service
 * runs a batch inside `withDeadline`; the upstream client reads `currentDeadline()` to cancel its HTTP request and its
 * retry waits, so connectors need no signal parameter of their own.
 */
const scope = new AsyncLocalStorage<AbortSignal>();

/** The deadline passed: the work still waiting for it is abandoned. */
export class DeadlineExceededError extends Error {
  constructor(readonly deadlineMs: number | null) {
    super(`the request's deadline${deadlineMs === null ? '' : ` of ${deadlineMs} ms`} (REQUEST_DEADLINE_MS) passed`);
    this.name = 'DeadlineExceededError';
  }
}

/** A request's deadline: the signal that fires when it passes, and its length (for messages). */
export interface RequestDeadline {
  signal: AbortSignal;
  ms: number;
  /**
   * Milliseconds left until the deadline (0 or less: passed), without making the signal: where the signal is made on
   * first read (deadlineFromNow), a waiter that only needs the time (the tracking batcher's DeadlineWatch) spares the
   * request its timer. Absent: read `signal`.
   */
  remainingMs?: () => number;
}

export function startDeadline(ms: number): RequestDeadline {
  return { signal: AbortSignal.timeout(ms), ms };
}

/**
 * A deadline `ms` from now, or `outer`'s if that comes first, whose timer and listener go when `done()` is called (the
 * work it bounds is over). AbortSignal.timeout's timer outlives the work: it fires later anyway and aborts a signal
 * nobody reads, with a DOMException made for it; with AbortSignal.any it was a few per cent of a rate shop's CPU.
 */
export function boundedDeadline(ms: number, outer: AbortSignal | undefined): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
  timer.unref();
  const onOuter = () => {
    clearTimeout(timer);
    controller.abort(outer!.reason);
  };
  if (outer?.aborted) onOuter();
  else outer?.addEventListener('abort', onOuter, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    },
  };
}

/**
 * Runs `work` with the deadline as the ambient one and settles no later than the deadline: past it, the promise
 * rejects with DeadlineExceededError while `work` (cancelled where it reads the signal) is left to end on its own.
 */
export function withDeadline<T>(deadline: RequestDeadline | undefined, work: () => Promise<T>): Promise<T> {
  if (!deadline) return work();
  const { signal } = deadline;
  if (signal.aborted) return Promise.reject(new DeadlineExceededError(deadline.ms));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DeadlineExceededError(deadline.ms));
    signal.addEventListener('abort', onAbort, { once: true });
    scope
      .run(signal, work)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The signal of the deadline the current work runs under, if any. */
export function currentDeadline(): AbortSignal | undefined {
  return scope.getStore();
}

/**
 * Runs `work` under no request's deadline: for work shared by several requests (one in-flight lookup several callers
 * wait for), which one caller's deadline must not cancel for the others. Each caller's wait stays bounded by its own
 * `withDeadline`.
 */
export function outsideDeadline<T>(work: () => T): T {
  return scope.exit(work);
}
