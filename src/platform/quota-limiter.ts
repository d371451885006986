import type { CarrierInterface } from '../domain/carrier.js';
import { UpstreamError } from '../domain/errors.js';
import type { Metrics } from './metrics.js';
import type { QuotaCounter, QuotaDecision, QuotaRule } from './quota.js';
import { sleep } from './http/retry.js';

export interface QuotaLimiterOptions {
  upstream: CarrierInterface;
  /** Quota key: one per application credential ("the quota is therefore shared by everything tracked through that application"). */
  key: string;
  rule: QuotaRule;
  counter: QuotaCounter;
  /** How long a caller may wait in the queue before we answer with a rate-limit error instead. */
  maxWaitMs: number;
  metrics: Metrics;
  now?: () => number;
}

/** Says that the call a slot was granted for got its answer, or failed: the interval runs from now. Idempotent. */
export type ReleaseSlot = () => Promise<void>;

/** While another replica's call holds the interval, its completion is looked for this often (it says nothing to us). */
export const IN_FLIGHT_POLL_MS = 100;

/** The largest block of a day's calls reserved at once (daily-only rules) for a day of up to 1,600 calls. */
export const MAX_BLOCK = 16;
/** The largest block for any day: a larger day's blocks may reach 1 % of it, up to this. */
export const MAX_LARGE_BLOCK = 256;

/**
 * The largest block for a day of `dailyLimit` calls, and so (less one) the most a stopped process leaves unused: 16 (of
 * the express test environment's 500, as before), or 1 % of a larger day, at most 256. Each block is a store
 * statement, a PGlite statement costs a few milliseconds of CPU, and a large day's rate shops come by the hundred a
 * second: blocks of 16 were a tenth of a rate shop's CPU under load.
 */
export function blockCap(dailyLimit: number): number {
  return Math.min(MAX_LARGE_BLOCK, Math.max(MAX_BLOCK, Math.floor(dailyLimit / 100)));
}
/** What a call of a daily-only rule runs when done: there is no interval to start. */
const NO_RELEASE: ReleaseSlot = async () => {};

/** A block is doubled when the previous reservation was used up within this time (the calls come that fast), else halved. */
const BLOCK_GROWTH_WINDOW_MS = 1_000;

/**
 * Calls of one UTC day already reserved in the counter and not made yet (daily-only rules, a counter that reserves in
 * blocks). Each reservation is one store statement; when a reservation was used up within a second, the next one
 * takes twice as many (up to blockCap), else half as many, or as many as there are callers queued for it if more; a
 * caller finding one left here makes its call without a statement. Slow traffic reserves one at a time, as before. A
 * reserved call is counted whether or not it is made: never more calls than the day allows, at most blockCap - 1 left
 * unused when the process stops or the day ends.
 */
class DayAllowance {
  constructor(private readonly cap: number) {}
  /** The UTC day the calls left were reserved in, as [start, end) in epoch ms. */
  private dayStartsAt = 0;
  private dayEndsAt = 0;
  private left = 0;
  private size = 1;
  private reservedAt = Number.NEGATIVE_INFINITY;

  take(nowMs: number): boolean {
    if (this.left === 0 || nowMs < this.dayStartsAt || nowMs >= this.dayEndsAt) return false;
    this.left -= 1;
    return true;
  }

  /**
   * How many the next reservation at `now` should take, with `waiting` callers queued behind the one reserving: at
   * least one each for them (they are about to call; up to the cap), so a burst after a quiet spell does not queue
   * behind a reservation of 1, then 2, then 4 ... one statement after another.
   */
  nextSize(now: Date, waiting: number): number {
    // Used up within the window: twice as many; else half as many (a block of 256 at 250 calls a second lasts just
    // over the window, and starting again from one would cost eight statements for the next 255 calls).
    const fast = now.getTime() - this.reservedAt < BLOCK_GROWTH_WINDOW_MS;
    const grown = fast ? Math.min(this.size * 2, this.cap) : Math.max(1, Math.floor(this.size / 2));
    this.size = Math.max(grown, Math.min(waiting + 1, this.cap));
    return this.size;
  }

  /** A block was refused (fewer calls left in the day): grow again from one. */
  refused(): void {
    this.size = 1;
  }

  /** `count` calls reserved at `now`; the caller makes one of them. */
  reserved(now: Date, count: number): void {
    this.dayStartsAt = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    this.dayEndsAt = this.dayStartsAt + 86_400_000;
    this.left = count - 1;
    this.reservedAt = now.getTime();
  }
}

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
  private readonly queue: Array<() => void> = [];
  /** A caller is reserving, or (with an interval) holds a slot it has not released. */
  private running = false;
  private nextSlotAt = 0;
  private readonly now: () => number;
  private readonly allowance: DayAllowance | null;

  constructor(private readonly options: QuotaLimiterOptions) {
    this.now = options.now ?? Date.now;
    this.allowance = options.rule.minIntervalMs === 0 && options.counter.reserveBlock ? new DayAllowance(blockCap(options.rule.dailyLimit)) : null;
  }

  /**
   * Resolves when one call may be made now, with the release to run when its answer has arrived or it failed; rejects
   * with UPSTREAM_RATE_LIMITED when that cannot happen in time.
   */
  async acquire(maxWaitMs: number = this.options.maxWaitMs): Promise<ReleaseSlot> {
    const { rule } = this.options;
    // One budget for the whole wait: the queue and any refusals from the shared counter after it.
    const deadline = this.now() + maxWaitMs;
    // Calls of today already reserved here and nobody queued or reserving: made at once, without joining the queue.
    if (this.allowance && !this.running && this.queue.length === 0 && this.allowance.take(this.now())) return NO_RELEASE;
    const estimate = this.estimateServedAt();
    if (estimate - this.now() > maxWaitMs) throw this.refusal(new Date(estimate), 'queue');
    await new Promise<void>((resolve) => {
      this.queue.push(resolve);
      this.drain();
    });
    // The head of the queue reserves; a refusal from the shared counter (another replica took the slot, or its call is
    // still travelling) is retried until the caller's budget runs out.
    let held = false;
    try {
      for (;;) {
        const grantedAt = new Date(this.now());
        if (this.allowance?.take(grantedAt.getTime())) return NO_RELEASE;
        const decision = await this.reserve(grantedAt);
        if (decision.granted) {
          this.nextSlotAt = grantedAt.getTime() + rule.minIntervalMs;
          if (rule.minIntervalMs === 0) return NO_RELEASE;
          held = true;
          return this.releaseOnce(grantedAt);
        }
        this.options.metrics.quotaRefusals.inc({ upstream: this.options.upstream, reason: decision.reason });
        // Another replica's call in flight ends when its answer arrives, which it does not tell us: look again shortly.
        // Its hold's end (retryAt) is only the latest it could end.
        const wakeAt = decision.reason === 'in-flight' ? Math.min(decision.retryAt.getTime(), this.now() + IN_FLIGHT_POLL_MS) : decision.retryAt.getTime();
        if (wakeAt > deadline) throw this.refusal(decision.retryAt, decision.reason);
        this.nextSlotAt = decision.reason === 'in-flight' ? wakeAt + rule.minIntervalMs : decision.retryAt.getTime();
        await sleep(wakeAt - this.now());
      }
    } finally {
      if (!held) this.next();
    }
  }

  /**
   * One reservation in the counter; with a day allowance, a block when calls come fast (one statement for several
   * calls), else, or when the block is refused (fewer left in the day), a single call as before.
   */
  private async reserve(now: Date): Promise<QuotaDecision> {
    const { rule, counter, key } = this.options;
    const size = this.allowance?.nextSize(now, this.queue.length) ?? 1;
    if (size > 1) {
      if (await counter.reserveBlock!(key, now, rule, size)) {
        this.allowance!.reserved(now, size);
        return { granted: true };
      }
      this.allowance!.refused();
    }
    const decision = await counter.reserve(key, now, rule);
    if (decision.granted) this.allowance?.reserved(now, 1);
    return decision;
  }

  /** Number of callers waiting for a slot. */
  get waiting(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  private releaseOnce(grantedAt: Date): ReleaseSlot {
    let released: Promise<void> | undefined;
    const release: ReleaseSlot = () => {
      clearTimeout(lapse);
      released ??= (async () => {
        const completedAt = this.now();
        this.nextSlotAt = completedAt + this.options.rule.minIntervalMs;
        // A completion that cannot be recorded leaves the hold to lapse in the counter: the next caller waits longer,
        // never less, and meets the same store failure on its own reservation, where it is reported.
        await this.options.counter.complete(this.options.key, grantedAt, this.options.rule, new Date(completedAt)).catch(() => {});
        this.next();
      })();
      return released;
    };
    // A holder that never releases (a bug) must not stall this process's queue beyond the hold the counter keeps.
    const lapse = setTimeout(() => void release(), Math.max(this.options.rule.holdMs ?? 0, this.options.rule.minIntervalMs));
    lapse.unref();
    return release;
  }

  private next(): void {
    this.running = false;
    this.drain();
  }

  private drain(): void {
    if (this.running) return;
    const next = this.queue.shift();
    if (!next) return;
    this.running = true;
    next();
  }

  private estimateServedAt(): number {
    const ahead = this.queue.length + (this.running ? 1 : 0);
    const firstSlot = Math.max(this.now(), this.nextSlotAt);
    return firstSlot + ahead * this.options.rule.minIntervalMs;
  }

  private refusal(retryAt: Date, reason: string): UpstreamError {
    return new UpstreamError(
      `${this.options.upstream}: quota reached (${reason}); this lookup could be served at ${retryAt.toISOString()}`,
      { code: 'UPSTREAM_RATE_LIMITED', upstream: this.options.upstream, retryAt, operation: 'quota' },
    );
  }
}
