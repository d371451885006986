import type { CarrierInterface } from '../domain/carrier.js';
import { UpstreamError } from '../domain/errors.js';
import type { Metrics } from './metrics.js';
import type { QuotaCounter, QuotaRule } from './quota.js';
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

/**
 * Keeps calls inside an upstream quota: a FIFO queue in this process in front of a (possibly shared) counter. A caller
 * that could not be served within its wait budget gets UPSTREAM_RATE_LIMITED at once, with the instant it could be
 * served, rather than hanging.
 */
export class QuotaLimiter {
  private readonly queue: Array<() => void> = [];
  private running = false;
  private nextSlotAt = 0;
  private readonly now: () => number;

  constructor(private readonly options: QuotaLimiterOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Resolves when one call may be made now; rejects with UPSTREAM_RATE_LIMITED when that cannot happen in time. */
  async acquire(maxWaitMs: number = this.options.maxWaitMs): Promise<void> {
    // One budget for the whole wait: the queue and any refusals from the shared counter after it.
    const deadline = this.now() + maxWaitMs;
    const estimate = this.estimateServedAt();
    if (estimate - this.now() > maxWaitMs) throw this.refusal(new Date(estimate), 'queue');
    await new Promise<void>((resolve) => {
      this.queue.push(resolve);
      void this.drain();
    });
    // The head of the queue reserves; a refusal from the shared counter (another replica took the slot) is retried
    // until the caller's budget runs out.
    try {
      for (;;) {
        const decision = await this.options.counter.reserve(this.options.key, new Date(this.now()), this.options.rule);
        if (decision.granted) {
          this.nextSlotAt = this.now() + this.options.rule.minIntervalMs;
          return;
        }
        this.options.metrics.quotaRefusals.inc({ upstream: this.options.upstream, reason: decision.reason });
        if (decision.retryAt.getTime() > deadline) throw this.refusal(decision.retryAt, decision.reason);
        this.nextSlotAt = decision.retryAt.getTime();
        await sleep(decision.retryAt.getTime() - this.now());
      }
    } finally {
      this.running = false;
      void this.drain();
    }
  }

  /** Number of callers waiting for a slot. */
  get waiting(): number {
    return this.queue.length + (this.running ? 1 : 0);
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
