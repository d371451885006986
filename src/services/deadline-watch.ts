import { outsideDeadline } from '../platform/http/deadline.js';

/** One waiter: when its deadline passes (performance.now() clock) and what to do then. */
export interface Watched {
  at: number;
  onExpired: () => void;
}

/**
 * The deadlines of lookups waiting for shared calls, watched by one timer set for the earliest of them, instead of a
 * timer per request. A request's deadline signal is AbortSignal.timeout: an AbortSignal, a timer of REQUEST_DEADLINE_MS
 * (25 s) that outlives the request, a WeakRef and a finalization record, plus the listener's bookkeeping, about 8 us
 * of the main thread a request in the distinct-numbers bench, for a signal that almost never fires (the shared call
 * answers in a round trip). Here a waiter costs a Set entry; the timer, when it runs, fails the waiters whose time has
 * passed and is set again for the earliest left. A waiter removed before its time (`cancel`) leaves the timer as it is:
 * it then runs once for nothing and is set for the next.
 */
export class DeadlineWatch {
  private readonly waiting = new Set<Watched>();
  private timer: NodeJS.Timeout | null = null;
  private dueAt = Number.POSITIVE_INFINITY;

  /** Calls `onExpired` once `ms` from now have passed, unless cancelled first. */
  watch(ms: number, onExpired: () => void): Watched {
    const watched: Watched = { at: performance.now() + ms, onExpired };
    this.waiting.add(watched);
    if (watched.at < this.dueAt) this.arm(watched.at);
    return watched;
  }

  cancel(watched: Watched): void {
    this.waiting.delete(watched);
  }

  /** Waiters still watched (tests). */
  get size(): number {
    return this.waiting.size;
  }

  private arm(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = at;
    // The timer belongs to no request (one request's deadline must not cancel the others' watch); unref'd, so a
    // watch left armed never holds the process open.
    this.timer = outsideDeadline(() => setTimeout(() => this.expire(), Math.max(0, Math.ceil(at - performance.now()))).unref());
  }

  private expire(): void {
    this.timer = null;
    this.dueAt = Number.POSITIVE_INFINITY;
    const now = performance.now();
    const expired: Watched[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const watched of this.waiting) {
      if (watched.at <= now) expired.push(watched);
      else if (watched.at < next) next = watched.at;
    }
    for (const watched of expired) this.waiting.delete(watched);
    // Timers run on the event loop's time of the turn, which can be a little behind performance.now(): a waiter not
    // yet due is watched again, never failed early.
    if (next !== Number.POSITIVE_INFINITY) this.arm(next);
    for (const watched of expired) watched.onExpired();
  }
}
