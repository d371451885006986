/**
 * Issue 12, batching across requests (PC4): a window that gathers a full Carrier B call (30 distinct lookups) sends it
 * at once instead of waiting out TRACKING_BATCH_WINDOW_MS, and while answers are kept (TRACKING_FRESHNESS_MS > 0) a
 * lookup whose call is already on its way waits for that answer instead of asking again. Real HTTP both ways; calls
 * read from the Carrier B simulator's stats.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';

const ONE = (n: string) => `{ shipment(carrier: CARRIER_B, trackingNumber: "${n}") { trackingNumber status { status } } }`;
const TRACK = `query($i: [TrackInput!]!) {
  track(inputs: $i) { __typename ... on TrackedShipments { trackingNumber } ... on TrackingFailure { trackingNumber code } }
}`;
/** Far longer than the test may take: a lookup that waited for the window would never be answered within it. */
const LONG_WINDOW_MS = 120_000;
/** The simulator's latency: long enough that a second request surely arrives while the first one's call is out. */
const UPSTREAM_LATENCY_MS = 600;

describe('a full window goes at once (PC4)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ env: { TRACKING_BATCH_WINDOW_MS: String(LONG_WINDOW_MS), TRACKING_FRESHNESS_MS: '0' } });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('a window that gathers a full call of 30 distinct Carrier B lookups sends it without waiting for TRACKING_BATCH_WINDOW_MS', { timeout: 30_000 }, async () => {
    e2e.sandbox.resetStats();
    const numbers = carrierBNumbers(30, 12_000);
    const answer = await e2e.gql(TRACK, { i: numbers.map((trackingNumber) => ({ carrier: 'CARRIER_B', trackingNumber })) });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.track.map((o: any) => o.trackingNumber)).toEqual(numbers);
    expect(answer.data.track.every((o: any) => o.__typename === 'TrackedShipments')).toBe(true);
    expect(e2e.carrierBTrackCalls()).toBe(1);
    expect(e2e.sandbox.stats.carrierB.trackingRequests).toHaveLength(1);
  });
});

describe('a lookup whose call is on its way (PC4)', () => {
  let kept: E2E;
  let notKept: E2E;
  beforeAll(async () => {
    const sandbox = { faults: { carrierB: { latencyMs: UPSTREAM_LATENCY_MS } } };
    [kept, notKept] = await Promise.all([
      startE2E({ sandbox, env: { TRACKING_BATCH_WINDOW_MS: '1', TRACKING_FRESHNESS_MS: '5000' } }),
      startE2E({ sandbox, env: { TRACKING_BATCH_WINDOW_MS: '1', TRACKING_FRESHNESS_MS: '0' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([kept?.close(), notKept?.close()]);
  });
  beforeEach(() => {
    kept.sandbox.resetStats();
    notKept.sandbox.resetStats();
  });

  it('a number asked again while its shared call is on its way waits for that answer, not a second call, while TRACKING_FRESHNESS_MS keeps answers', { timeout: 30_000 }, async () => {
    const [n] = carrierBNumbers(1, 12_100) as [string];
    const first = kept.gql(ONE(n));
    // The first request's 1 ms window has closed and its call is out (the simulator holds it UPSTREAM_LATENCY_MS).
    await sleep(UPSTREAM_LATENCY_MS / 3);
    const second = kept.gql(ONE(n));
    const answers = await Promise.all([first, second]);
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      expect(answer.data.shipment.trackingNumber).toBe(n);
    }
    expect(answers[1]!.data).toEqual(answers[0]!.data);
    expect(kept.carrierBTrackCalls()).toBe(1);
  });

  it('with TRACKING_FRESHNESS_MS=0 a number asked again while its call is on its way is asked again', { timeout: 30_000 }, async () => {
    const [n] = carrierBNumbers(1, 12_200) as [string];
    const first = notKept.gql(ONE(n));
    await sleep(UPSTREAM_LATENCY_MS / 3);
    const second = notKept.gql(ONE(n));
    const answers = await Promise.all([first, second]);
    for (const answer of answers) expect(answer.data.shipment.trackingNumber).toBe(n);
    expect(notKept.carrierBTrackCalls()).toBe(2);
  });
});
