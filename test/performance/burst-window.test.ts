/**
 * A batch window closes when the burst feeding it ends: once it holds TRACKING_BATCH_BURST_MIN distinct lookups, an
 * event-loop turn without a new lookup sends it, before TRACKING_BATCH_WINDOW_MS; fewer lookups, a trickle, or a
 * carrier that refused us for our rate wait the window as before. Real HTTP both ways; calls counted at the Carrier B
 * simulator and the fault proxy in front of it. The windows here are long (seconds) so that "before the window's time"
 * cannot be a busy machine's accident.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';

const TRACK = `query($i: [TrackInput!]!) {
  track(inputs: $i) { __typename ... on TrackedShipments { trackingNumber } ... on TrackingFailure { trackingNumber code } }
}`;
const ONE = (n: string) => `{ shipment(carrier: CARRIER_B, trackingNumber: "${n}") { trackingNumber } }`;
const TRACK_PATH = '/track/v1/trackingnumbers';
/** Far longer than these tests may take: an answer within the test's time went before the window's time. */
const LONG_WINDOW_MS = 120_000;
/** Long enough that a trickle's lookups surely arrive within it, short enough to wait for. */
const WINDOW_MS = 1_500;
const TRICKLE_GAP_MS = 20;

const inputs = (numbers: readonly string[]) => numbers.map((trackingNumber) => ({ carrier: 'CARRIER_B', trackingNumber }));

/** The answer, or 'still waiting' when it has not come within `ms` (the window's time is far beyond). */
function within<T>(answer: Promise<T>, ms = 4_000): Promise<T | 'still waiting'> {
  return Promise.race([answer, sleep(ms).then(() => 'still waiting' as const)]);
}

describe('a window closes when its burst ends (TRACKING_BATCH_BURST_MIN)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ env: { TRACKING_BATCH_WINDOW_MS: String(LONG_WINDOW_MS), TRACKING_FRESHNESS_MS: '0' } });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  beforeEach(() => e2e.sandbox.resetStats());

  it('30 numbers in one burst never take two calls', async () => {
    const numbers = carrierBNumbers(30, 13_200);
    const answer = await within(e2e.gql(TRACK, { i: inputs(numbers) }));
    expect(answer).not.toBe('still waiting');
    expect(e2e.sandbox.stats.carrierB.trackingRequests).toEqual([numbers]);
  });

  it('a burst of 12 lookups read in one turn goes as one call as soon as the burst ends, before the window\'s time', async () => {
    const numbers = carrierBNumbers(12, 13_000);
    const answer = await within(e2e.gql(TRACK, { i: inputs(numbers) }));
    expect(answer).not.toBe('still waiting');
    if (answer === 'still waiting') return;
    expect(answer.data.track.map((o: any) => [o.__typename, o.trackingNumber])).toEqual(numbers.map((n) => ['TrackedShipments', n]));
    expect(e2e.sandbox.stats.carrierB.trackingRequests).toEqual([numbers]);
  });

  it('the tail of a burst that sent a full call goes as soon as the burst ends, even with fewer than TRACKING_BATCH_BURST_MIN numbers', async () => {
    const numbers = carrierBNumbers(35, 13_150);
    const answer = await within(e2e.gql(TRACK, { i: inputs(numbers) }));
    expect(answer).not.toBe('still waiting');
    expect(e2e.sandbox.stats.carrierB.trackingRequests.map((r) => r.length)).toEqual([30, 5]);
  });

  it('a request of 45 numbers takes two calls, 30 at once and the other 15 as soon as the burst ends', async () => {
    const numbers = carrierBNumbers(45, 13_100);
    const answer = await within(e2e.gql(TRACK, { i: inputs(numbers) }));
    expect(answer).not.toBe('still waiting');
    if (answer === 'still waiting') return;
    expect(answer.data.track.every((o: any) => o.__typename === 'TrackedShipments')).toBe(true);
    expect(e2e.sandbox.stats.carrierB.trackingRequests.map((r) => r.length)).toEqual([30, 15]);
  });
});

describe('a trickle still gathers up to the window', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ env: { TRACKING_BATCH_WINDOW_MS: String(WINDOW_MS), TRACKING_FRESHNESS_MS: '0' } });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  beforeEach(() => e2e.sandbox.resetStats());

  it(`a trickle of lookups one every ${TRICKLE_GAP_MS} ms, fewer than TRACKING_BATCH_BURST_MIN, still gathers up to the window: one call`, async () => {
    const numbers = carrierBNumbers(6, 13_300);
    const started = performance.now();
    const answers: Array<Promise<unknown>> = [];
    for (const n of numbers) {
      answers.push(e2e.gql(ONE(n)));
      await sleep(TRICKLE_GAP_MS);
    }
    await Promise.all(answers);
    expect(performance.now() - started).toBeGreaterThanOrEqual(WINDOW_MS - 5);
    expect(e2e.sandbox.stats.carrierB.trackingRequests).toEqual([numbers]);
  });

  it('under a trickle no call goes before the window\'s time with fewer than TRACKING_BATCH_BURST_MIN numbers', async () => {
    const numbers = carrierBNumbers(14, 13_400);
    const answers: Array<Promise<unknown>> = [];
    for (const n of numbers) {
      answers.push(e2e.gql(ONE(n)));
      await sleep(TRICKLE_GAP_MS);
    }
    await Promise.all(answers);
    const sizes = e2e.sandbox.stats.carrierB.trackingRequests.map((r) => r.length);
    // The first ten go when the tenth's turn passes without another; the last four wait out their window.
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(14);
    expect(sizes[0]).toBeGreaterThanOrEqual(10);
    expect(sizes.length).toBeLessThanOrEqual(2);
  });
});

describe('after a rate refusal (429), windows wait their time again', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ faultProxies: ['carrierB'], env: { TRACKING_BATCH_WINDOW_MS: String(WINDOW_MS), TRACKING_FRESHNESS_MS: '0' } });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('once Carrier B has refused a call with 429, a burst of 12 lookups waits the window instead of going when the burst ends', async () => {
    const proxy = e2e.faults.carrierB!;
    const burst = (from: number) => carrierBNumbers(12, from);
    // Before any refusal the burst goes early.
    let started = performance.now();
    await e2e.gql(TRACK, { i: inputs(burst(13_500)) });
    expect(performance.now() - started).toBeLessThan(WINDOW_MS);

    proxy.add({ method: 'POST', path: TRACK_PATH, times: 1, status: { code: 429, headers: { 'retry-after': '3600' }, body: '{}' } });
    const refused = await e2e.gql(TRACK, { i: inputs(burst(13_600)) });
    expect(refused.data.track.every((o: any) => o.code === 'UPSTREAM_RATE_LIMITED')).toBe(true);

    started = performance.now();
    const calls = proxy.forwarded('POST', TRACK_PATH).length;
    const later = await e2e.gql(TRACK, { i: inputs(burst(13_700)) });
    expect(later.data.track.every((o: any) => o.__typename === 'TrackedShipments')).toBe(true);
    expect(performance.now() - started).toBeGreaterThanOrEqual(WINDOW_MS - 5);
    expect(proxy.forwarded('POST', TRACK_PATH).length).toBe(calls + 1);
  });
});
