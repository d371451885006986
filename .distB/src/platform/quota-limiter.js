import { UpstreamError } from '../domain/errors.js';
import { sleep } from './http/retry.js';
/** While another replica's call holds the interval, its completion is looked for this often (it says nothing to us). */
export const IN_FLIGHT_POLL_MS = 100;
/**
 * Keeps calls inside an upstream quota: a FIFO queue in this process in front of a (possibly shared) counter. A caller
 * that could not be served within its wait budget gets UPSTREAM_RATE_LIMITED at once, with the instant it could be
 * served, rather than hanging.
 *
 * With an interval to keep, the upstream counts it where calls ARRIVE (assumption U6), and a request may travel slowly
 * while the next travels fast. So the next call is granted only `minIntervalMs` after the previous call's answer
 * arrived (or it failed): each acquire hands back a release that the caller runs then. The previous call's request
 * arrived before its answer did, so the arrivals are at least the interval apart whatever the transit times.
 */
export class QuotaLimiter {
    options;
    queue = [];
    /** A caller is reserving, or (with an interval) holds a slot it has not released. */
    running = false;
    nextSlotAt = 0;
    now;
    constructor(options) {
        this.options = options;
        this.now = options.now ?? Date.now;
    }
    /**
     * Resolves when one call may be made now, with the release to run when its answer has arrived or it failed; rejects
     * with UPSTREAM_RATE_LIMITED when that cannot happen in time.
     */
    async acquire(maxWaitMs = this.options.maxWaitMs) {
        const { rule, counter, key } = this.options;
        // One budget for the whole wait: the queue and any refusals from the shared counter after it.
        const deadline = this.now() + maxWaitMs;
        const estimate = this.estimateServedAt();
        if (estimate - this.now() > maxWaitMs)
            throw this.refusal(new Date(estimate), 'queue');
        await new Promise((resolve) => {
            this.queue.push(resolve);
            this.drain();
        });
        // The head of the queue reserves; a refusal from the shared counter (another replica took the slot, or its call is
        // still travelling) is retried until the caller's budget runs out.
        let held = false;
        try {
            for (;;) {
                const grantedAt = new Date(this.now());
                const decision = await counter.reserve(key, grantedAt, rule);
                if (decision.granted) {
                    this.nextSlotAt = grantedAt.getTime() + rule.minIntervalMs;
                    if (rule.minIntervalMs === 0)
                        return async () => { };
                    held = true;
                    return this.releaseOnce(grantedAt);
                }
                this.options.metrics.quotaRefusals.inc({ upstream: this.options.upstream, reason: decision.reason });
                // Another replica's call in flight ends when its answer arrives, which it does not tell us: look again shortly.
                // Its hold's end (retryAt) is only the latest it could end.
                const wakeAt = decision.reason === 'in-flight' ? Math.min(decision.retryAt.getTime(), this.now() + IN_FLIGHT_POLL_MS) : decision.retryAt.getTime();
                if (wakeAt > deadline)
                    throw this.refusal(decision.retryAt, decision.reason);
                this.nextSlotAt = decision.reason === 'in-flight' ? wakeAt + rule.minIntervalMs : decision.retryAt.getTime();
                await sleep(wakeAt - this.now());
            }
        }
        finally {
            if (!held)
                this.next();
        }
    }
    /** Number of callers waiting for a slot. */
    get waiting() {
        return this.queue.length + (this.running ? 1 : 0);
    }
    releaseOnce(grantedAt) {
        let released;
        const release = () => {
            clearTimeout(lapse);
            released ??= (async () => {
                const completedAt = this.now();
                this.nextSlotAt = completedAt + this.options.rule.minIntervalMs;
                // A completion that cannot be recorded leaves the hold to lapse in the counter: the next caller waits longer,
                // never less, and meets the same store failure on its own reservation, where it is reported.
                await this.options.counter.complete(this.options.key, grantedAt, this.options.rule, new Date(completedAt)).catch(() => { });
                this.next();
            })();
            return released;
        };
        // A holder that never releases (a bug) must not stall this process's queue beyond the hold the counter keeps.
        const lapse = setTimeout(() => void release(), Math.max(this.options.rule.holdMs ?? 0, this.options.rule.minIntervalMs));
        lapse.unref();
        return release;
    }
    next() {
        this.running = false;
        this.drain();
    }
    drain() {
        if (this.running)
            return;
        const next = this.queue.shift();
        if (!next)
            return;
        this.running = true;
        next();
    }
    estimateServedAt() {
        const ahead = this.queue.length + (this.running ? 1 : 0);
        const firstSlot = Math.max(this.now(), this.nextSlotAt);
        return firstSlot + ahead * this.options.rule.minIntervalMs;
    }
    refusal(retryAt, reason) {
        return new UpstreamError(`${this.options.upstream}: quota reached (${reason}); this lookup could be served at ${retryAt.toISOString()}`, { code: 'UPSTREAM_RATE_LIMITED', upstream: this.options.upstream, retryAt, operation: 'quota' });
    }
}
