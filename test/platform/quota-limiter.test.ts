import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/domain/errors.js';
import { createMetrics } from '../../src/platform/metrics.js';
import type { QuotaCounter, QuotaRule } from '../../src/platform/quota.js';
import { QuotaLimiter } from '../../src/platform/quota-limiter.js';
import { MemoryQuotaCounter, nextUtcMidnight } from '../../src/platform/quota-memory.js';

/** A memory counter that records the instant of every granted reservation. */
function recordingCounter(): { counter: QuotaCounter; granted: number[] } {
  const inner = new MemoryQuotaCounter();
  const granted: number[] = [];
  return {
    granted,
    counter: {
      async reserve(key, now, rule) {
        const decision = await inner.reserve(key, now, rule);
        if (decision.granted) granted.push(now.getTime());
        return decision;
      },
      complete: (key, grantedAt, rule, completedAt) => inner.complete(key, grantedAt, rule, completedAt),
    },
  };
}

function limiter(rule: QuotaRule, maxWaitMs: number, counter: QuotaCounter, now?: () => number) {
  const metrics = createMetrics();
  const quota = new QuotaLimiter({ upstream: 'group-a/tracking', key: 'app-1', rule, counter, maxWaitMs, metrics, ...(now ? { now } : {}) });
  return { quota, metrics };
}

async function refusal(promise: Promise<unknown>): Promise<UpstreamError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('quota counter (Group A unified: "at most one call every five seconds", "250 calls per day", U4: the UTC day)', () => {
  it('the interval rule refuses a call inside the interval with the next slot as retryAt', async () => {
    const counter = new MemoryQuotaCounter();
    const rule = { minIntervalMs: 5_000, dailyLimit: 250 };
    const t0 = new Date('2026-03-01T10:00:00Z');
    expect(await counter.reserve('k', t0, rule)).toEqual({ granted: true });
    expect(await counter.reserve('k', new Date(t0.getTime() + 4_999), rule)).toEqual({
      granted: false,
      retryAt: new Date(t0.getTime() + 5_000),
      reason: 'interval',
    });
    expect(await counter.reserve('other-key', t0, rule)).toEqual({ granted: true });
    expect(await counter.reserve('k', new Date(t0.getTime() + 5_000), rule)).toEqual({ granted: true });
  });

  it('the daily rule refuses past the ceiling until the next UTC midnight, then counts afresh', async () => {
    const counter = new MemoryQuotaCounter();
    const rule = { minIntervalMs: 0, dailyLimit: 2 };
    const evening = new Date('2026-03-01T23:00:00Z');
    await counter.reserve('k', evening, rule);
    await counter.reserve('k', evening, rule);
    expect(await counter.reserve('k', evening, rule)).toEqual({
      granted: false,
      retryAt: new Date('2026-03-02T00:00:00Z'),
      reason: 'daily',
    });
    expect(await counter.reserve('k', new Date('2026-03-02T00:00:00Z'), rule)).toEqual({ granted: true });
    expect(nextUtcMidnight(new Date('2026-12-31T23:59:59Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('QuotaLimiter', () => {
  it('never exceeds the interval rule under 20 concurrent acquires, and serves them first in, first out', async () => {
    const { counter, granted } = recordingCounter();
    const { quota } = limiter({ minIntervalMs: 25, dailyLimit: 1_000 }, 5_000, counter);
    const order: number[] = [];
    // Each call is answered at once: its release follows its grant.
    await Promise.all(Array.from({ length: 20 }, (_, i) => quota.acquire().then((release) => (order.push(i), release()))));
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(granted).toHaveLength(20);
    for (let i = 1; i < granted.length; i++) expect(granted[i]! - granted[i - 1]!).toBeGreaterThanOrEqual(25);
    expect(quota.waiting).toBe(0);
  });

  it('a caller whose wait would exceed maxWaitMs is refused at once with UPSTREAM_RATE_LIMITED and the instant it could be served', async () => {
    const { counter, granted } = recordingCounter();
    const { quota } = limiter({ minIntervalMs: 1_000, dailyLimit: 1_000 }, 1_500, counter);
    const before = Date.now();
    const first = quota.acquire().then((release) => release());
    const second = quota.acquire().then((release) => release());
    const third = await refusal(quota.acquire());
    expect(third.code).toBe('UPSTREAM_RATE_LIMITED');
    expect(third.upstream).toBe('group-a/tracking');
    expect(third.retryAt!.getTime()).toBeGreaterThanOrEqual(before + 2_000);
    await Promise.all([first, second]);
    expect(granted).toHaveLength(2);
    expect(granted[1]! - granted[0]!).toBeGreaterThanOrEqual(1_000);
  });

  it('the daily ceiling refuses with retryAt at the next UTC midnight and counts the refusal', async () => {
    const fixedNow = Date.parse('2026-03-01T23:59:00Z');
    const { quota, metrics } = limiter({ minIntervalMs: 0, dailyLimit: 3 }, 30_000, new MemoryQuotaCounter(), () => fixedNow);
    for (let i = 0; i < 3; i++) await quota.acquire();
    const error = await refusal(quota.acquire());
    expect(error.code).toBe('UPSTREAM_RATE_LIMITED');
    expect(error.retryAt?.toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(await metrics.registry.metrics()).toContain('upstream_quota_refusals_total{upstream="group-a/tracking",reason="daily"} 1');
    // A refusal does not block the queue.
    expect(quota.waiting).toBe(0);
  });

  it('a slot taken by another replica (a refusal from the shared counter) is waited for inside the budget', async () => {
    const shared = new MemoryQuotaCounter();
    const rule = { minIntervalMs: 200, dailyLimit: 1_000 };
    await shared.reserve('app-1', new Date(), rule); // another replica just called
    const { quota, metrics } = limiter(rule, 2_000, shared);
    const started = Date.now();
    await quota.acquire();
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(await metrics.registry.metrics()).toContain('reason="interval"');
  });
});
