/**
 * TRACKING_BATCH_SPLIT_SIZE: a window goes as soon as it holds that many distinct lookups, as a full one does, without
 * waiting for the burst feeding it to end or for its time; checked between requests, so one request's own numbers are
 * never split below the call's size. Real HTTP both ways; calls counted at the Carrier B simulator. The window's time
 * and the burst rule are out of the way (120 s, TRACKING_BATCH_BURST_MIN=0): an answer within the test's time went by
 * the split.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
