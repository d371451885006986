/**
 * Refresh-ahead (TRACKING_REFRESH_AHEAD, docs/assumptions.md PF4): the first read of a kept Carrier B answer in the last
 * part of its freshness window asks it again in the background, once, and is served the kept answer; readers after the
 * window get the new answer without waiting for the carrier, and no answer is served past its window. Real HTTP both
 * ways; calls read from the Carrier B simulator's stats, waits measured at the client against the simulator's latency.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';
import { waitFor } from '../support/wait-for.js';

const ONE = (n: string) => `{ shipment(carrier: CARRIER_B, trackingNumber: "${n}") { trackingNumber status { status } } }`;
/** The carrier's answer time: a reader that waited for a call took at least this long. */
const LATENCY_MS = 400;
/**
 * A window long enough that the refresh is back well before it ends, even on a busy machine: each answer's refresh
 * point is drawn between 50 % and 75 % of the window (the first half of its last half), and refreshes gather for up to
 * 6.25 % of it (187.5 ms) to share a call, so a refresh asked at LATE_MS is sent by about 2,500 ms and back by about
 * 2,900 ms.
 */
const FRESHNESS_MS = 3_000;
const REFRESH_AHEAD = 0.5;
/** Past every refresh point the draw can give (75 % of the window), with some room. */
const LATE_MS = FRESHNESS_MS * (1 - REFRESH_AHEAD / 2) + 60;
/** Past the first answer's window, and past the refresh's answer (sent by about 2,500 ms, 400 ms upstream). */
const AFTER_MS = FRESHNESS_MS + 300;

async function timed(e2e: E2E, n: string): Promise<{ ms: number; answer: any }> {
  const started = performance.now();
  const answer = await e2e.gql(ONE(n));
  expect(answer.errors).toBeUndefined();
  expect(answer.data.shipment.trackingNumber).toBe(n);
  return { ms: performance.now() - started, answer };
}

/** Reads `n` once (one call) and returns performance.now() when its answer was back: the kept answer is younger. */
async function firstRead(e2e: E2E, n: string): Promise<number> {
  await timed(e2e, n);
  expect(e2e.carrierBTrackCalls()).toBe(1);
  return performance.now();
}

async function until(from: number, ms: number): Promise<void> {
  const left = from + ms - performance.now();
  if (left > 0) await sleep(left);
}

describe.each([
  ['with a batch window', '1'],
  ['without a batch window', '0'],
])('refresh-ahead (TRACKING_REFRESH_AHEAD), %s', (_label, windowMs) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({
      sandbox: { faults: { carrierB: { latencyMs: LATENCY_MS } } },
      env: { TRACKING_BATCH_WINDOW_MS: windowMs, TRACKING_FRESHNESS_MS: String(FRESHNESS_MS), TRACKING_REFRESH_AHEAD: String(REFRESH_AHEAD) },
    });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  beforeEach(() => e2e.sandbox.resetStats());

  it('a shipment read near the end of its freshness window is refreshed in the background: the next reader gets the new answer without waiting for the carrier', { timeout: 15_000 }, async () => {
    const [n] = carrierBNumbers(1, 13_100 + Number(windowMs) * 10) as [string];
    const kept = await firstRead(e2e, n);
    await until(kept, LATE_MS);
    // Read late in the window: served the kept answer at once, and the refresh goes out.
    const late = await timed(e2e, n);
    expect(late.ms).toBeLessThan(LATENCY_MS);
    await waitFor(() => e2e.carrierBTrackCalls() === 2);
    // Past the first answer's window: the refreshed answer (back by now) is served, without a call or a wait.
    await until(kept, AFTER_MS);
    const after = await timed(e2e, n);
    expect(e2e.carrierBTrackCalls()).toBe(2);
    expect(after.ms).toBeLessThan(LATENCY_MS);
  });

  it('one refresh per window for a shipment read by many', { timeout: 15_000 }, async () => {
    const [n] = carrierBNumbers(1, 13_300 + Number(windowMs) * 10) as [string];
    const kept = await firstRead(e2e, n);
    await until(kept, LATE_MS);
    // Twenty readers at once late in the window, then more while the refresh is out: one refresh for them all.
    await Promise.all(Array.from({ length: 20 }, () => timed(e2e, n)));
    for (let i = 0; i < 5; i++) await timed(e2e, n);
    await waitFor(() => e2e.carrierBTrackCalls() >= 2);
    expect(e2e.carrierBTrackCalls()).toBe(2);
    await until(kept, AFTER_MS);
    // The refreshed answer is young: reading it again asks nothing.
    await Promise.all(Array.from({ length: 10 }, () => timed(e2e, n)));
    expect(e2e.carrierBTrackCalls()).toBe(2);
  });
});

describe('refresh-ahead and the freshness window', () => {
  /** Slower than what is left of the window when the refresh goes: the window ends while the refresh is out. */
  const SLOW_MS = 1_000;
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({
      sandbox: { faults: { carrierB: { latencyMs: SLOW_MS } } },
      env: { TRACKING_BATCH_WINDOW_MS: '1', TRACKING_FRESHNESS_MS: String(FRESHNESS_MS), TRACKING_REFRESH_AHEAD: String(REFRESH_AHEAD) },
    });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refresh-ahead never serves an answer older than the window', { timeout: 15_000 }, async () => {
    const [n] = carrierBNumbers(1, 13_400) as [string];
    const kept = await firstRead(e2e, n);
    await until(kept, LATE_MS);
    await timed(e2e, n);
    await waitFor(() => e2e.carrierBTrackCalls() === 2);
    // The window is over and the refresh (back SLOW_MS after it went) is not: the reader waits for it, not for a third
    // call, and is not served the expired answer.
    await until(kept, FRESHNESS_MS + 50);
    const past = await timed(e2e, n);
    expect(past.ms).toBeGreaterThanOrEqual(150);
    expect(e2e.carrierBTrackCalls()).toBe(2);
  });
});
