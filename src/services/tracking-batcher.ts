import type { TrackingRoute } from '../carriers/types.js';
import { trackRequestKey, type TrackOutcome, type TrackRequest } from '../domain/tracking.js';
import { UpstreamError } from '../domain/errors.js';
import { DeadlineExceededError, outsideDeadline, type RequestDeadline } from '../platform/http/deadline.js';
import { DeadlineWatch, type Watched } from './deadline-watch.js';
import { FreshAnswers } from './fresh-answers.js';

/** Sends one shared call's lookups on a route (TrackingService.trackOnRoute, with no request's deadline). */
export type RouteTracker = (route: TrackingRoute, requests: readonly TrackRequest[], deadline?: RequestDeadline) => Promise<TrackOutcome[]>;

export interface TrackingBatcherOptions {
  /** TRACKING_BATCH_WINDOW_MS: how long lookups from concurrent requests are gathered; 0 sends each request's batch alone. */
  windowMs: number;
  /**
   * TRACKING_BATCH_BURST_MIN: a window holding at least this many distinct lookups, or the tail of a burst that already
   * sent one, goes as soon as an event-loop turn passes without a new lookup (the burst feeding it has ended), before
   * its time; 0 (or absent) = every partial window waits windowMs.
   */
  burstMin?: number;
  /**
   * TRACKING_BATCH_SPLIT_SIZE: a window holding this many distinct lookups goes at once, as a full one does, without
   * waiting for the burst feeding it to end (its first lookups then wait for fewer others); 0 (or absent) = off. Held
   * off for a minute after a rate refusal, as the burst rule is.
   */
  splitSize?: number;
  /** TRACKING_FRESHNESS_MS: how long a successful answer stands for a repeated lookup; 0 keeps none. */
  freshnessMs: number;
  /** Bound of the freshness cache (TRACKING_FRESHNESS_MAX_ENTRIES). */
  freshnessMaxEntries: number;
  /**
   * TRACKING_REFRESH_AHEAD: the last part of the freshness window (a fraction of it) in which a read of a kept answer
   * asks it again in the background (src/services/fresh-answers.ts); 0 (or absent) = off.
   */
  refreshAhead?: number;
  /** Uniform in [0, 1): where each kept answer's refresh point falls in its spread (FreshAnswers); tests fix it. */
  refreshDraw?: () => number;
}

/**
 * Refreshes on one route gathered to share calls (nobody waits for them): sent when they fill a call, or an eighth of
 * the refresh-ahead part of the window after the first of them was asked.
 */
interface RefreshBatch {
  route: TrackingRoute;
  /** By keyOf. */
  requests: Map<string, TrackRequest>;
  timer: NodeJS.Timeout | null;
}

/** One distinct lookup of a window: its callers share the slot and the outcome. */
interface Slot {
  request: TrackRequest;
  /** `${route}\n${trackRequestKey}`: computed once per lookup, read by the window and the freshness cache. */
  key: string;
  includeEvents: boolean;
  settle: Array<(outcome: TrackOutcome) => void>;
}

/** The lookups gathered on one route, sent when the window closes or as soon as they fill a call. */
interface Window {
  route: TrackingRoute;
  slots: Map<string, Slot>;
  timer: NodeJS.Timeout | null;
  /** performance.now() when the window is due: TRACKING_BATCH_WINDOW_MS after its first lookup. */
  dueAt: number;
  /** Opened by a lookup of a burst that already sent a window (full, or past its time): the burst's tail. */
  tail: boolean;
}

/** The lookups arriving on one route turn after turn, until a turn passes without one (see watchBurst). */
interface Burst {
  /** A lookup arrived since the last end-of-burst check. */
  arrived: boolean;
  /** A window of this burst was sent (full, or past its time): the next window opened in it is its tail. */
  sent: boolean;
}

/**
 * After the carrier refuses a call for its rate (429), partial windows wait their full time again for this long: the
 * early close spends more calls under load, and the carrier has just said it wants fewer.
 */
export const RATE_LIMITED_FULL_WINDOWS_MS = 60_000;

/**
 * Process-wide batching of tracking lookups across GraphQL requests (issue 12). Each request's DataLoader still
 * groups its own lookups; this gathers those groups from concurrent requests for TRACKING_BATCH_WINDOW_MS on routes
 * whose connector batches (maxBatchSize > 1, Carrier B) and sends them in shared calls of up to maxBatchSize numbers.
 * Identical lookups (trackRequestKey) share one slot. The shared call runs outside any request's deadline; each caller
 * waits under its own. Successful answers stand for TRACKING_FRESHNESS_MS; failures are never kept. A window that
 * gathers a full call (maxBatchSize distinct lookups) sends it at once, and, while freshness is on, a lookup whose call
 * is already on its way waits for that answer instead of asking again (PC4). A window of at least burstMin lookups, or
 * a burst's tail, goes when the burst feeding it ends (watchBurst), so a closed loop's answers do not wait out the
 * window's time.
 */
export class TrackingBatcher {
  private readonly pending = new Map<string, Window>();
  /** Slots whose shared call is on its way (by keyOf): the same lookup arriving meanwhile waits for that answer. */
  private readonly inFlight = new Map<string, Slot>();
  private readonly fresh: FreshAnswers | null;
  /** performance.now() until which no window closes early (a rate refusal was met: RATE_LIMITED_FULL_WINDOWS_MS). */
  private earlyHeldUntil = Number.NEGATIVE_INFINITY;
  /** The burst being read on each route (by route name), while one is. */
  private readonly bursts = new Map<string, Burst>();
  /** The deadlines of the callers waiting here, on one timer. */
  private readonly deadlines = new DeadlineWatch();
  /** Refresh-ahead lookups gathering on each route (by route name), while some are. */
  private readonly refreshes = new Map<string, RefreshBatch>();
  /** How long a refresh batch gathers at most: an eighth of the refresh-ahead part of the window (62.5 ms by default). */
  private readonly refreshGatherMs: number;

  constructor(
    private readonly send: RouteTracker,
    private readonly options: TrackingBatcherOptions,
  ) {
    this.fresh =
      options.freshnessMs > 0
        ? new FreshAnswers(
            options.freshnessMs,
            options.freshnessMaxEntries,
            options.refreshAhead ?? 0,
            (route, request, key) => this.refresh(route, request, key),
            options.refreshDraw,
          )
        : null;
    this.refreshGatherMs = (options.freshnessMs * (options.refreshAhead ?? 0)) / 8;
  }

  /** Whether lookups on this route come here: only connectors that batch (Carrier B); Group A sends one number a call. */
  handles(route: TrackingRoute): boolean {
    return (this.options.windowMs > 0 || this.fresh !== null) && (route.connector?.maxBatchSize ?? 1) > 1;
  }

  /** One outcome per request, in order. Never rejects: past the deadline, the lookups still waiting fail with it. */
  async track(route: TrackingRoute, requests: readonly TrackRequest[], deadline?: RequestDeadline): Promise<TrackOutcome[]> {
    if (this.options.windowMs > 0) return this.trackInWindow(route, requests, deadline);
    // No window: this request's batch is sent alone, as before, less the lookups answered fresh.
    const keys = requests.map((request) => keyOf(route, request));
    const outcomes = requests.map((request, i) => this.fresh?.get(keys[i]!, request.includeEvents) ?? null);
    const missing = requests.filter((_, i) => outcomes[i] === null);
    const missingKeys = keys.filter((_, i) => outcomes[i] === null);
    if (missing.length > 0) {
      this.dropGatheringRefreshes(route, missingKeys);
      const sent = await this.send(route, missing, deadline);
      // Each caller gets what the freshness window keeps (the kept objects when the answer is equal to them).
      const answers = missing.map((request, j) => this.fresh?.keep(route, missingKeys[j]!, request, sent[j]) ?? sent[j]!);
      let j = 0;
      for (let i = 0; i < outcomes.length; i++) if (outcomes[i] === null) outcomes[i] = answers[j++]!;
    }
    return outcomes as TrackOutcome[];
  }

  /**
   * Refresh-ahead (TRACKING_REFRESH_AHEAD): a kept answer read in the last part of its window is asked again for nobody
   * waiting. Nobody waits for it, so it gathers with the route's other refreshes: the batch goes as soon as it fills a
   * call, or refreshGatherMs after its first refresh was asked. Refreshes spread over time by their drawn points
   * (FreshAnswers) then still go in full calls (under README query 1 over 1,000 shipments, about 600 refreshes a second:
   * 30 in 50 ms). A refresh drawn at the end of the spread (1,750 ms of the default 2 s) is asked at the next read of its
   * shipment and sent within 62.5 ms of that, which leaves its call about 190 ms before the answer it refreshes
   * expires; a reader after that waits for the call, as it would without refresh-ahead.
   */
  private refresh(route: TrackingRoute, request: TrackRequest, key: string): void {
    let batch = this.refreshes.get(route.name);
    if (!batch) {
      const opened: RefreshBatch = { route, requests: new Map(), timer: null };
      // The batch belongs to no request: its timer is not bound by any request's deadline.
      opened.timer = outsideDeadline(() => setTimeout(() => this.sendRefreshes(opened), this.refreshGatherMs).unref());
      this.refreshes.set(route.name, opened);
      batch = opened;
    }
    batch.requests.set(key, request);
    if (batch.requests.size >= (route.connector?.maxBatchSize ?? 30)) this.sendRefreshes(batch);
  }

  /** Lookups about to ask the carrier: a refresh gathering for one of them would ask twice; their answer is kept. */
  private dropGatheringRefreshes(route: TrackingRoute, keys: readonly string[], asks: (i: number) => boolean = () => true): void {
    const gathering = this.refreshes.get(route.name);
    if (gathering) keys.forEach((key, i) => asks(i) && gathering.requests.delete(key));
  }

  /**
   * A refresh batch goes: through the window like any lookup (so it joins a call already on its way for the same
   * number, and a full batch leaves at once as a full window); without a window, in a call of its own. Each answer is
   * kept when it comes (flush, or here).
   */
  private sendRefreshes(batch: RefreshBatch): void {
    if (this.refreshes.get(batch.route.name) !== batch) return;
    this.refreshes.delete(batch.route.name);
    if (batch.timer) clearTimeout(batch.timer);
    const { route } = batch;
    if (batch.requests.size === 0) return;
    if (this.options.windowMs > 0) {
      const now = performance.now();
      for (const [key, request] of batch.requests) this.enqueue(route, request, key, now, ignoreOutcome);
      return;
    }
    const keys = [...batch.requests.keys()];
    const requests = [...batch.requests.values()];
    void outsideDeadline(() => this.send(route, requests)).then((outcomes) =>
      outcomes.forEach((outcome, i) => this.fresh?.keep(route, keys[i]!, requests[i]!, outcome)),
    );
  }

  /**
   * Each lookup joins the window's shared calls; the caller's deadline bounds only its own wait, and the shared calls
   * go on for the others (and fill the cache). One abort listener for the whole batch, not one per lookup: the request's
   * signal is shared by all its lookups, and EventTarget checks every listener already there on each add (3,000 lookups
   * made that quadratic, issue 12 item 2).
   */
  private trackInWindow(route: TrackingRoute, requests: readonly TrackRequest[], deadline?: RequestDeadline): Promise<TrackOutcome[]> {
    const keys = requests.map((request) => keyOf(route, request));
    const outcomes: Array<TrackOutcome | null> = requests.map((request, i) => this.fresh?.get(keys[i]!, request.includeEvents) ?? null);
    let waiting = 0;
    for (const outcome of outcomes) if (outcome === null) waiting++;
    if (waiting === 0) return Promise.resolve(outcomes as TrackOutcome[]);
    return new Promise<TrackOutcome[]>((resolve) => {
      let settled = false;
      let watched: Watched | null = null;
      let listening = false;
      const finish = () => {
        settled = true;
        if (watched) this.deadlines.cancel(watched);
        if (listening) deadline?.signal.removeEventListener('abort', onAbort);
        resolve(outcomes as TrackOutcome[]);
      };
      // Past the deadline, the lookups still waiting fail with it; those already answered stand.
      const onAbort = () => {
        if (settled) return;
        const cause = new DeadlineExceededError(deadline?.ms ?? null);
        const error = new UpstreamError(`${route.name}: ${cause.message} before it answered`, { code: 'UPSTREAM_DEADLINE_EXCEEDED', upstream: route.name }, { cause });
        for (let i = 0; i < outcomes.length; i++) if (outcomes[i] === null) outcomes[i] = { ok: false, error };
        finish();
      };
      // One instant for all of this request's lookups: they arrive together, so a window's time running out while
      // they are being enqueued (a process paused mid-loop on a busy machine) must not split them into more calls.
      const now = performance.now();
      this.dropGatheringRefreshes(route, keys, (i) => outcomes[i] === null);
      requests.forEach((request, i) => {
        if (outcomes[i] !== null) return;
        this.enqueue(route, request, keys[i]!, now, (outcome) => {
          if (settled) return;
          outcomes[i] = outcome;
          if (--waiting === 0) finish();
        });
      });
      this.splitIfDue(route);
      // The deadline is watched by its time where it tells it (one batcher-wide timer, DeadlineWatch), so the wait
      // makes no AbortSignal timer of its own; otherwise by its signal.
      const left = deadline?.remainingMs?.();
      if (left !== undefined) {
        if (left <= 0) onAbort();
        else if (!settled) watched = this.deadlines.watch(left, onAbort);
      } else if (deadline?.signal.aborted) onAbort();
      else if (deadline) {
        listening = true;
        deadline.signal.addEventListener('abort', onAbort, { once: true });
      }
    });
  }

  private enqueue(route: TrackingRoute, request: TrackRequest, key: string, now: number, settle: (outcome: TrackOutcome) => void): void {
    // The same lookup already on its way upstream (with the scans it needs): its answer serves this caller too, rather
    // than a second call for a number whose answer is a round trip away (PC4).
    // Only while answers are kept at all (TRACKING_FRESHNESS_MS > 0): with freshness off, every lookup is asked after it
    // arrives.
    const flying = this.fresh ? this.inFlight.get(key) : undefined;
    if (flying && (!request.includeEvents || flying.includeEvents)) {
      flying.settle.push(settle);
      return;
    }
    const burst = this.watchBurst(route);
    let window = this.pending.get(route.name);
    if (!window) {
      const tail = burst?.sent ?? false;
      const opened: Window = { route, slots: new Map(), timer: null, dueAt: performance.now() + this.options.windowMs, tail };
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
    if (window.slots.size >= (route.connector?.maxBatchSize ?? 30)) this.flush(window);
    // A lookup arriving after the window's time: its timer is due but runs only once the event loop is done with the
    // I/O it is reading (a burst of requests, a call's answers), which under load took longer than the window itself.
    // The window goes now, with this lookup; the lookups after it open the next one (LD2).
    else if (now >= window.dueAt) this.flush(window);
  }

  /**
   * TRACKING_BATCH_SPLIT_SIZE: once a request's lookups have joined, a window holding that many goes like a full one
   * (the rest of its burst is then the tail). Checked between requests, never inside one: a request's own numbers are
   * cut only by the call's size, so N numbers in one request still cost ceil(N/30) calls.
   */
  private splitIfDue(route: TrackingRoute): void {
    const { splitSize } = this.options;
    if (!splitSize || performance.now() < this.earlyHeldUntil) return;
    const window = this.pending.get(route.name);
    if (window && window.slots.size >= splitSize) this.flush(window);
  }

  /**
   * Notes a lookup on `route` in the burst being read there (null when windows never close early). A burst is the
   * lookups arriving turn after turn of the event loop: in a closed loop, the 20-30 requests a call's answer sends back,
   * which the server reads about 0.2 ms apart. When a turn passes without a new lookup (a setImmediate, which runs
   * after the turn's I/O, re-armed while lookups keep arriving), the burst has ended and the open window goes if it
   * holds at least burstMin lookups, or if it is the burst's tail (opened after the burst sent a full window or one
   * past its time): waiting out the window's time would only delay its callers. Smaller windows wait their time, so
   * under a trickle (each lookup a burst of its own) no call goes early with fewer than burstMin numbers.
   */
  private watchBurst(route: TrackingRoute): Burst | null {
    if (!this.options.burstMin || performance.now() < this.earlyHeldUntil) return null;
    let burst = this.bursts.get(route.name);
    if (burst) {
      burst.arrived = true;
      return burst;
    }
    // The turn this lookup arrived in counts: the burst ends after a whole turn (check to check) without one.
    burst = { arrived: true, sent: false };
    this.bursts.set(route.name, burst);
    // Like the window's timer, the check belongs to no request.
    outsideDeadline(() => setImmediate(() => this.endOfBurst(route.name, burst)));
    return burst;
  }

  /** Once a turn while a burst lasts; at its end, the open window goes when it is big enough or the burst's tail. */
  private endOfBurst(name: string, burst: Burst): void {
    if (burst.arrived) {
      burst.arrived = false;
      setImmediate(() => this.endOfBurst(name, burst));
      return;
    }
    this.bursts.delete(name);
    this.flushAtBurstEnd(name);
  }

  /**
   * The open window on the route goes at its burst's end when it holds at least burstMin lookups or is a burst's tail:
   * when the burst ends (endOfBurst), and when a call's answer is about to be handed to its callers, as the long task
   * that follows ends its burst anyway. Smaller windows, and any window for a minute after a 429, wait as before.
   */
  private flushAtBurstEnd(name: string): void {
    const { burstMin } = this.options;
    if (!burstMin || performance.now() < this.earlyHeldUntil) return;
    const window = this.pending.get(name);
    if (window && (window.tail || window.slots.size >= burstMin)) this.flush(window);
  }

  private flush(window: Window): void {
    const { route } = window;
    if (this.pending.get(route.name) !== window) return;
    this.pending.delete(route.name);
    if (window.timer) clearTimeout(window.timer);
    const burst = this.bursts.get(route.name);
    if (burst) burst.sent = true;
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
          // Settling the callers runs their requests on to their responses in this same task (about 0.35 ms of CPU
          // each), and no event-loop turn passes meanwhile: a window whose burst was read before this answer came
          // would wait for all of it before its burst's end is seen. It goes first (DN1).
          this.flushAtBurstEnd(route.name);
          chunk.forEach((slot, j) => {
            const outcome = outcomes[j]!;
            if (this.inFlight.get(slot.key) === slot) this.inFlight.delete(slot.key);
            const answer = this.fresh?.keep(route, slot.key, sent[j]!, outcome) ?? outcome;
            for (const settle of slot.settle) settle(answer);
          });
          if (outcomes.some((o) => !o.ok && o.error.code === 'UPSTREAM_RATE_LIMITED')) {
            this.earlyHeldUntil = performance.now() + RATE_LIMITED_FULL_WINDOWS_MS;
          }
        });
    }
  }
}

function ignoreOutcome(): void {}

/** A lookup's key in a window and in the freshness cache: its route and trackRequestKey. */
function keyOf(route: TrackingRoute, request: TrackRequest): string {
  return `${route.name}\n${trackRequestKey(request)}`;
}
