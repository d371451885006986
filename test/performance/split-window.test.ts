/**
 * TRACKING_BATCH_SPLIT_SIZE: a window goes as soon as it holds that many distinct lookups, as a full one does, without
 * waiting for the burst feeding it to end or for its time; checked between requests, so one request's own numbers are
 * never split below the call's size. Real HTTP both ways; calls counted at the Carrier B simulator. The window's time
 * and the burst rule are out of the way (120 s, TRACKING_BATCH_BURST_MIN=0): an answer within the test's time went by
 * the split.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TrackingRoute } from '../../src/carriers/types.js';
import { UpstreamError } from '../../src/domain/errors.js';
import { lookupByNumber, type TrackOutcome } from '../../src/domain/tracking.js';
import { TrackingBatcher } from '../../src/services/tracking-batcher.js';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';

const TRACK = `query($i: [TrackInput!]!) {
  track(inputs: $i) { __typename ... on TrackedShipments { trackingNumber } ... on TrackingFailure { trackingNumber code } }
}`;
const ONE = 'query($n: String!) { shipment(carrier: CARRIER_B, trackingNumber: $n) { trackingNumber } }';

function within<T>(answer: Promise<T>, ms = 4_000): Promise<T | 'still waiting'> {
  return Promise.race([answer, sleep(ms).then(() => 'still waiting' as const)]);
}

describe('a window split at TRACKING_BATCH_SPLIT_SIZE', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({
      env: { TRACKING_BATCH_WINDOW_MS: '120000', TRACKING_BATCH_BURST_MIN: '0', TRACKING_BATCH_SPLIT_SIZE: '4', TRACKING_FRESHNESS_MS: '0' },
    });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  beforeEach(() => e2e.sandbox.resetStats());

  it('eight concurrent one-number requests go as two calls of four as soon as each window holds four, without waiting for the window', async () => {
    const numbers = carrierBNumbers(8, 14_000);
    const answers = await within(Promise.all(numbers.map((n) => e2e.gql(ONE, { n }))));
    expect(answers).not.toBe('still waiting');
    if (answers === 'still waiting') return;
    expect(answers.map((a) => a.data.shipment.trackingNumber)).toEqual(numbers);
    expect(e2e.sandbox.stats.carrierB.trackingRequests.map((r) => r.length)).toEqual([4, 4]);
  });

  it("a request's own numbers are never split below the call's size: one request of 8 numbers goes as one call", async () => {
    const numbers = carrierBNumbers(8, 14_100);
    const answer = await within(e2e.gql(TRACK, { i: numbers.map((trackingNumber) => ({ carrier: 'CARRIER_B', trackingNumber })) }));
    expect(answer).not.toBe('still waiting');
    expect(e2e.sandbox.stats.carrierB.trackingRequests).toEqual([numbers]);
  });
});

describe('after a rate refusal (429)', () => {
  it('no window is split for a minute: five one-number lookups wait the window and go as one call', async () => {
    const route = { name: 'carrier-b', connector: { upstream: 'carrier-b', maxBatchSize: 30, track: async () => [] } } as unknown as TrackingRoute;
    const sent: string[][] = [];
    let refuse = true;
    const batcher = new TrackingBatcher(
      async (_route, requests) => {
        sent.push(requests.map((r) => r.trackingNumber));
        const error = new UpstreamError('carrier-b: 429', { code: 'UPSTREAM_RATE_LIMITED', upstream: 'carrier-b' });
        return requests.map(() => (refuse ? { ok: false, error } : { ok: true, shipments: [] }) as TrackOutcome);
      },
      { windowMs: 50, burstMin: 0, splitSize: 4, freshnessMs: 0, freshnessMaxEntries: 10 },
    );
    const track = (n: string) => batcher.track(route, [lookupByNumber('CARRIER_B', n, false)]);
    await Promise.all(carrierBNumbers(4, 14_200).map(track));
    expect(sent.map((c) => c.length)).toEqual([4]);
    refuse = false;
    const numbers = carrierBNumbers(5, 14_300);
    const waiting = Promise.all(numbers.map(track));
    expect(sent).toHaveLength(1);
    await waiting;
    expect(sent.slice(1)).toEqual([numbers]);
  });
});
