import { isDeepStrictEqual } from 'node:util';
import type { TrackingRoute } from '../carriers/types.js';
import type { TrackOutcome, TrackRequest } from '../domain/tracking.js';

/** Asks a kept answer's lookup again in the background (the batcher's shared calls); its answer is kept as any other. */
export type RefreshAhead = (route: TrackingRoute, request: TrackRequest, key: string) => void;

/** A successful answer kept for the freshness window, with what is needed to ask it again. */
interface Fresh {
  outcome: TrackOutcome & { ok: true };
  /** Whether it carries the scans (an answer without them never serves a lookup that selects events). */
  includeEvents: boolean;
  route: TrackingRoute;
  /** The lookup as it was sent: a refresh asks the same. */
  request: TrackRequest;
  /** performance.now() when it was kept; it serves no lookup from TRACKING_FRESHNESS_MS later. */
  keptAt: number;
  /** Age from which a read asks for its refresh (Infinity when refresh-ahead is off): drawn for each answer kept. */
  refreshFromMs: number;
  /** Its one refresh has been asked for (whatever came of it): no reader asks another. */
  refreshing: boolean;
}

/**
 * The freshness window's answers (TRACKING_FRESHNESS_MS, bounded by TRACKING_FRESHNESS_MAX_ENTRIES), with refresh-ahead
 * (TRACKING_REFRESH_AHEAD): the first read of an answer in the last part of its window asks it again in the background,
 * once, and is served the kept answer without waiting; the new answer replaces it when it comes. A shipment read often
 * is then never waited for once its first answer is in, while no answer is served past its window (the cache drops
 * it then; a reader of an answer whose refresh has not come back waits for that refresh's call, as any lookup whose
 * call is on its way does, with a batch window). A shipment not read in that last part is asked again by its next
 * reader, as without refresh-ahead; a refresh that fails keeps nothing, and the answer it was to replace expires at its
 * time.
 *
 * Each answer's refresh point is drawn when it is kept, uniformly in the first half of that last part (from 1.5 s to
 * 1.75 s of the default 2 s). Without the draw, answers kept together (a burst of traffic after a quiet spell, a start)
 * were all asked again together, every window: under README query 1 over 1,000 shipments, a wave of about 35 calls'
 * answers every 1.5-2 s, during which the slowest answers of the load bench clustered. The draw spreads the wave a
 * little more every window. The batcher then lets each refresh wait a little to share a call with others (its refresh
 * batch), as the draw alone made the calls half as full: twice the calls.
 *
 * The answers are held in a Map in the order they were kept, oldest first: every keep moves its entry to the end, so
 * the expired answers are at the front, where each keep drops them (the memory held is what the window keeps, not
 * what it once kept), and past TRACKING_FRESHNESS_MAX_ENTRIES the oldest answer, the one closest to expiring, goes
 * first. Not lru-cache, which this was: a read is on every lookup's path (two a README query 1), and its `get` (options
 * object, status tracking, recency update, its TTL clock) cost about 1.5 % of the subgraph's CPU under that load, for an
 * order the window does not need: an answer read often is asked again by refresh-ahead, which keeps it again.
 */
export class FreshAnswers {
  /** By key, in the order kept (oldest first). */
  private readonly answers = new Map<string, Fresh>();
  /** Earliest age from which a read asks for the refresh; Infinity when refresh-ahead is off. */
  private readonly refreshFromMs: number;
  /** How much later than refreshFromMs an answer's own refresh point may be drawn: the first half of the last part. */
  private readonly refreshSpreadMs: number;

  constructor(
    private readonly freshnessMs: number,
    private readonly maxEntries: number,
    refreshAhead: number,
    private readonly refresh: RefreshAhead,
    /** Uniform in [0, 1): where in the spread each answer's refresh point falls (tests pass a fixed one). */
    private readonly random: () => number = Math.random,
  ) {
    this.refreshFromMs = refreshAhead > 0 ? freshnessMs * (1 - refreshAhead) : Number.POSITIVE_INFINITY;
    this.refreshSpreadMs = refreshAhead > 0 ? (freshnessMs * refreshAhead) / 2 : 0;
  }

  /** How many answers are held (expired ones included until the next keep drops them); for tests. */
  get size(): number {
    return this.answers.size;
  }

  /** The answer kept for `key` when one is fresh and has the scans the lookup needs; may ask for its refresh. */
  get(key: string, includeEvents: boolean): TrackOutcome | null {
    const kept = this.answers.get(key);
    if (!kept || (includeEvents && !kept.includeEvents)) return null;
    const age = performance.now() - kept.keptAt;
    if (age >= this.freshnessMs) return null;
    if (!kept.refreshing && age >= kept.refreshFromMs) {
      kept.refreshing = true;
      this.refresh(kept.route, kept.request, key);
    }
    return kept.outcome;
  }

  /**
   * Keeps a successful answer to `request` (as it was sent); failures are never kept. Returns the outcome to hand to
   * the lookups that asked: the one kept before when the new answer is equal to it (a refresh of a shipment that has
   * not moved, the usual case), else the new one.
   *
   * Why the kept one: a refreshed answer replaced a kept answer about every 1.5 s for every shipment read often, and
   * the replaced one had lived long enough to be moved to V8's old generation, which only a full collection empties
   * (their pauses make a busy server's slowest answers). An equal answer is dropped young instead, and the kept
   * objects, already old, stay (docs/benchmarks.md: about a tenth less promoted under README query 1). Comparing costs
   * about what reading the answer did (README query 1's sandbox shipments with their events: about 15 us a shipment,
   * against 13 us to parse its part of the answer and 11 us to map it).
   */
  keep(route: TrackingRoute, key: string, request: TrackRequest, outcome: TrackOutcome | undefined): TrackOutcome | undefined {
    if (!outcome?.ok) return outcome;
    const now = performance.now();
    this.dropExpired(now);
    const kept = this.answers.get(key);
    const same = kept !== undefined && kept.includeEvents === request.includeEvents && isDeepStrictEqual(kept.outcome, outcome);
    const answer = same ? kept.outcome : outcome;
    // Deleted first, so that the entry moves to the end: the Map's order stays the order kept.
    this.answers.delete(key);
    const refreshFromMs = this.refreshFromMs + this.refreshSpreadMs * this.random();
    this.answers.set(key, { outcome: answer, includeEvents: request.includeEvents, route, request, keptAt: now, refreshFromMs, refreshing: false });
    if (this.answers.size > this.maxEntries) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }

  /** Drops the expired answers, all at the front of the Map. */
  private dropExpired(now: number): void {
    for (const [key, fresh] of this.answers) {
      if (now - fresh.keptAt < this.freshnessMs) return;
      this.answers.delete(key);
    }
  }
}
