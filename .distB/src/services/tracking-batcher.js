import { LRUCache } from 'lru-cache';
import { trackRequestKey } from '../domain/tracking.js';
import { UpstreamError } from '../domain/errors.js';
import { DeadlineExceededError, outsideDeadline } from '../platform/http/deadline.js';
/**
 * Process-wide batching of tracking lookups across GraphQL requests (issue 12). Each request's DataLoader still
 * groups its own lookups; this gathers those groups from concurrent requests for TRACKING_BATCH_WINDOW_MS on routes
 * whose connector batches (maxBatchSize > 1, Carrier B) and sends them in shared calls of up to maxBatchSize numbers.
 * Identical lookups (trackRequestKey) share one slot. The shared call runs outside any request's deadline; each caller
 * waits under its own. Successful answers stand for TRACKING_FRESHNESS_MS; failures are never kept. A window that
 * gathers a full call (maxBatchSize distinct lookups) sends it at once, and, while freshness is on, a lookup whose call
 * is already on its way waits for that answer instead of asking again (PC4).
 */
export class TrackingBatcher {
    send;
    options;
    pending = new Map();
    /** Slots whose shared call is on its way (by keyOf): the same lookup arriving meanwhile waits for that answer. */
    inFlight = new Map();
    fresh;
    constructor(send, options) {
        this.send = send;
        this.options = options;
        this.fresh =
            options.freshnessMs > 0 ? new LRUCache({ max: options.freshnessMaxEntries, ttl: options.freshnessMs }) : null;
    }
    /** Whether lookups on this route come here: only connectors that batch (Carrier B); Group A sends one number a call. */
    handles(route) {
        return (this.options.windowMs > 0 || this.fresh !== null) && (route.connector?.maxBatchSize ?? 1) > 1;
    }
    /** One outcome per request, in order. Never rejects: past the deadline, the lookups still waiting fail with it. */
    async track(route, requests, deadline) {
        if (this.options.windowMs > 0)
            return this.trackInWindow(route, requests, deadline);
        // No window: this request's batch is sent alone, as before, less the lookups answered fresh.
        const keys = requests.map((request) => keyOf(route, request));
        const outcomes = requests.map((request, i) => this.freshAnswer(keys[i], request));
        const missing = requests.filter((_, i) => outcomes[i] === null);
        const missingKeys = keys.filter((_, i) => outcomes[i] === null);
        if (missing.length > 0) {
            const sent = await this.send(route, missing, deadline);
            missing.forEach((request, j) => this.keep(missingKeys[j], request.includeEvents, sent[j]));
            let j = 0;
            for (let i = 0; i < outcomes.length; i++)
                if (outcomes[i] === null)
                    outcomes[i] = sent[j++];
        }
        return outcomes;
    }
    /** The answer kept for this lookup (`key`: keyOf), when one is fresh and has the scans the lookup needs. */
    freshAnswer(key, request) {
        if (!this.fresh)
            return null;
        const kept = this.fresh.get(key);
        if (!kept || (request.includeEvents && !kept.includeEvents))
            return null;
        return kept.outcome;
    }
    keep(key, includeEvents, outcome) {
        if (!this.fresh || !outcome?.ok)
            return;
        this.fresh.set(key, { outcome, includeEvents });
    }
    /**
     * Each lookup joins the window's shared calls; the caller's deadline bounds only its own wait, and the shared calls
     * go on for the others (and fill the cache). One abort listener for the whole batch, not one per lookup: the request's
     * signal is shared by all its lookups, and EventTarget checks every listener already there on each add (3,000 lookups
     * made that quadratic, issue 12 item 2).
     */
    trackInWindow(route, requests, deadline) {
        const keys = requests.map((request) => keyOf(route, request));
        const outcomes = requests.map((request, i) => this.freshAnswer(keys[i], request));
        let waiting = 0;
        for (const outcome of outcomes)
            if (outcome === null)
                waiting++;
        if (waiting === 0)
            return Promise.resolve(outcomes);
        return new Promise((resolve) => {
            let settled = false;
            const finish = () => {
                settled = true;
                deadline?.signal.removeEventListener('abort', onAbort);
                resolve(outcomes);
            };
            // Past the deadline, the lookups still waiting fail with it; those already answered stand.
            const onAbort = () => {
                if (settled)
                    return;
                const cause = new DeadlineExceededError(deadline?.ms ?? null);
                const error = new UpstreamError(`${route.name}: ${cause.message} before it answered`, { code: 'UPSTREAM_DEADLINE_EXCEEDED', upstream: route.name }, { cause });
                for (let i = 0; i < outcomes.length; i++)
                    if (outcomes[i] === null)
                        outcomes[i] = { ok: false, error };
                finish();
            };
            requests.forEach((request, i) => {
                if (outcomes[i] !== null)
                    return;
                this.enqueue(route, request, keys[i], (outcome) => {
                    if (settled)
                        return;
                    outcomes[i] = outcome;
                    if (--waiting === 0)
                        finish();
                });
            });
            if (deadline?.signal.aborted)
                onAbort();
            else
                deadline?.signal.addEventListener('abort', onAbort, { once: true });
        });
    }
    enqueue(route, request, key, settle) {
        // The same lookup already on its way upstream (with the scans it needs): its answer serves this caller too, rather
        // than a second call for a number whose answer is a round trip away (PC4).
        // Only while answers are kept at all (TRACKING_FRESHNESS_MS > 0): with freshness off, every lookup is asked after it
        // arrives.
        const flying = this.fresh ? this.inFlight.get(key) : undefined;
        if (flying && (!request.includeEvents || flying.includeEvents)) {
            flying.settle.push(settle);
            return;
        }
        let window = this.pending.get(route.name);
        if (!window) {
            const opened = { route, slots: new Map(), timer: null };
            // The timer and the shared call belong to no request: one caller's deadline must not cancel the others' call.
            opened.timer = outsideDeadline(() => setTimeout(() => this.flush(opened), this.options.windowMs).unref());
            this.pending.set(route.name, opened);
            window = opened;
        }
        const slot = window.slots.get(key);
        if (slot) {
            slot.includeEvents ||= request.includeEvents;
            slot.settle.push(settle);
            return;
        }
        window.slots.set(key, { request, key, includeEvents: request.includeEvents, settle: [settle] });
        // A window holding a full call's worth of distinct lookups has nothing to wait for: waiting longer cannot make that
        // call fuller, so it goes now and the next lookups open a new window (PC4).
        if (window.slots.size >= (route.connector?.maxBatchSize ?? 30))
            this.flush(window);
    }
    flush(window) {
        const { route } = window;
        if (this.pending.get(route.name) !== window)
            return;
        this.pending.delete(route.name);
        if (window.timer)
            clearTimeout(window.timer);
        const slots = [...window.slots.values()];
        const size = route.connector?.maxBatchSize ?? 30;
        for (let i = 0; i < slots.length; i += size) {
            const chunk = slots.slice(i, i + size);
            // Detailed scans cost more upstream; ask for them for the whole call when any lookup in it needs events.
            const includeEvents = chunk.some((s) => s.includeEvents);
            // trackOnRoute never rejects: every slot is settled by its outcome.
            // A lookup already asking what the call asks is sent as it is, not copied (3,000 copies a request at the cap).
            const sent = chunk.map((s) => (s.request.includeEvents === includeEvents ? s.request : { ...s.request, includeEvents }));
            for (const slot of chunk) {
                slot.includeEvents = includeEvents;
                this.inFlight.set(slot.key, slot);
            }
            void outsideDeadline(() => this.send(route, sent))
                .then((outcomes) => {
                chunk.forEach((slot, j) => {
                    const outcome = outcomes[j];
                    if (this.inFlight.get(slot.key) === slot)
                        this.inFlight.delete(slot.key);
                    this.keep(slot.key, includeEvents, outcome);
                    for (const settle of slot.settle)
                        settle(outcome);
                });
            });
        }
    }
}
/** A lookup's key in a window and in the freshness cache: its route and trackRequestKey. */
function keyOf(route, request) {
    return `${route.name}\n${trackRequestKey(request)}`;
}
