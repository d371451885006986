import { describe, expect, it } from 'vitest';
import { backoffDelayMs, parseRetryAfter, sleep } from '../../src/platform/http/retry.js';

describe('retry helpers (DESIGN.md, Upstream clients: "500 and 503 once with exponential backoff and jitter; 429 honours Retry-After")', () => {
  it('backoff grows exponentially with the attempt and is jittered inside its step', () => {
    expect(backoffDelayMs(0, 100, () => 0)).toBe(50);
    expect(backoffDelayMs(0, 100, () => 0.999)).toBe(100);
    expect(backoffDelayMs(1, 100, () => 0)).toBe(100);
    expect(backoffDelayMs(1, 100, () => 0.999)).toBe(200);
    expect(backoffDelayMs(3, 100, () => 0.5)).toBe(600);
    const draws = Array.from({ length: 50 }, () => backoffDelayMs(2, 100));
    expect(draws.every((d) => d >= 200 && d <= 400)).toBe(true);
    expect(new Set(draws).size).toBeGreaterThan(1);
  });

  it('Retry-After in delta seconds is an instant that many seconds from now', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(parseRetryAfter('120', now)?.toISOString()).toBe('2026-03-01T12:02:00.000Z');
    expect(parseRetryAfter(' 0.5 ', now)?.toISOString()).toBe('2026-03-01T12:00:00.500Z');
    expect(parseRetryAfter(['3', '9'], now)?.toISOString()).toBe('2026-03-01T12:00:03.000Z');
  });

  it('Retry-After as an HTTP date is that instant', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT')?.toISOString()).toBe('2015-10-21T07:28:00.000Z');
  });

  it('an absent or unreadable Retry-After is null, never a guess', () => {
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('')).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter('-1')).toBeNull();
  });

  it('sleep waits the given time and can be aborted', async () => {
    const started = Date.now();
    await sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    await expect(sleep(-5)).resolves.toBeUndefined();
    const controller = new AbortController();
    const waiting = sleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });
});
