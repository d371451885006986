/**
 * Issue 12, batching across requests: Carrier B lookups from concurrent GraphQL requests share upstream calls within
 * TRACKING_BATCH_WINDOW_MS, each request keeping its own outcome. Real HTTP both ways; calls read from the simulator.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';

const ONE = (n: string) => `{ shipment(carrier: CARRIER_B, trackingNumber: "${n}") { trackingNumber status { status } } }`;
const TRACK = `query($i: [TrackInput!]!) {
  track(inputs: $i) { __typename ... on TrackedShipments { trackingNumber } ... on TrackingFailure { trackingNumber code } }
}`;
/** The simulator answers this number with `error` inside a 200 (UPSTREAM_NOT_FOUND). */
const MISSING = '123456789404';

let e2e: E2E;
beforeAll(async () => {
  // A window wide enough that requests sent together land in it on a loaded machine (at 150 ms, twenty requests sent
  // together spread past it with two busy processes beside the run); each rule waits it out once, at most twice.
  // Freshness off to count calls. The window alone: concurrent requests reach the server over several turns of its
  // event loop, and a window closing when a burst ends (TRACKING_BATCH_BURST_MIN, test/performance/burst-window.test.ts)
  // could send the first ones before the last arrive.
  e2e = await startE2E({ env: { TRACKING_BATCH_WINDOW_MS: '1000', TRACKING_BATCH_BURST_MIN: '0', TRACKING_FRESHNESS_MS: '0' } });
});
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

describe('batching across requests (TRACKING_BATCH_WINDOW_MS)', () => {
  it('concurrent GraphQL requests for different Carrier B numbers share one upstream call within TRACKING_BATCH_WINDOW_MS', async () => {
    const numbers = carrierBNumbers(20, 7000);
    const answers = await Promise.all(numbers.map((n) => e2e.gql(ONE(n))));
    answers.forEach((answer, i) => {
      expect(answer.errors).toBeUndefined();
      expect(answer.data.shipment.trackingNumber).toBe(numbers[i]);
    });
    expect(e2e.carrierBTrackCalls()).toBe(1);
    expect(e2e.sandbox.stats.carrierB.trackingRequests).toHaveLength(1);
    expect([...e2e.sandbox.stats.carrierB.trackingRequests[0]!].sort()).toEqual([...numbers].sort());
  });

  it('the same number asked by concurrent requests takes one slot of the shared call', async () => {
    const [n] = carrierBNumbers(1, 7100) as [string];
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => e2e.gql(ONE(n))));
    for (const answer of answers) expect(answer.data.shipment.trackingNumber).toBe(n);
    expect(e2e.sandbox.stats.carrierB.trackingRequests).toEqual([[n]]);
  });

  it('a number that fails inside a shared call fails only the requests that asked for it', async () => {
    const [a, b] = carrierBNumbers(2, 7200) as [string, string];
    const [withMissing, good, alsoMissing] = await Promise.all([
      e2e.gql(TRACK, { i: [{ carrier: 'CARRIER_B', trackingNumber: a }, { carrier: 'CARRIER_B', trackingNumber: MISSING }] }),
      e2e.gql(TRACK, { i: [{ carrier: 'CARRIER_B', trackingNumber: b }] }),
      e2e.gql(TRACK, { i: [{ carrier: 'CARRIER_B', trackingNumber: MISSING }] }),
    ]);
    expect(e2e.carrierBTrackCalls()).toBe(1);
    expect(withMissing!.data.track).toEqual([
      { __typename: 'TrackedShipments', trackingNumber: a },
      { __typename: 'TrackingFailure', trackingNumber: MISSING, code: 'UPSTREAM_NOT_FOUND' },
    ]);
    expect(good!.data.track).toEqual([{ __typename: 'TrackedShipments', trackingNumber: b }]);
    expect(alsoMissing!.data.track).toEqual([{ __typename: 'TrackingFailure', trackingNumber: MISSING, code: 'UPSTREAM_NOT_FOUND' }]);
  });

  it('N numbers in one request still cost ceil(N/30) calls', async () => {
    for (const n of [30, 31, 95]) {
      e2e.sandbox.resetStats();
      const numbers = carrierBNumbers(n, 8000 + n * 10);
      const answer = await e2e.gql(TRACK, { i: numbers.map((trackingNumber) => ({ carrier: 'CARRIER_B', trackingNumber })) });
      expect(answer.data.track.every((o: any) => o.__typename === 'TrackedShipments')).toBe(true);
      expect(e2e.carrierBTrackCalls()).toBe(Math.ceil(n / 30));
      expect(e2e.sandbox.stats.carrierB.trackingRequests.every((r) => r.length <= 30)).toBe(true);
    }
  });
});

describe('pool size (UPSTREAM_POOL_CONNECTIONS)', () => {
  it('the pool size is configuration: 64 connections per upstream by default, set by UPSTREAM_POOL_CONNECTIONS', () => {
    const pool = (env: Record<string, string>) => {
      const loaded = loadConfig(env);
      if (!loaded.ok) throw new Error(loaded.problems.join('; '));
      return loaded.config.http.poolConnections;
    };
    expect(pool({})).toBe(64);
    expect(pool({ UPSTREAM_POOL_CONNECTIONS: '8' })).toBe(8);
  });
});
