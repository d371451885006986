/**
 * Issue 12, freshness window: a repeated Carrier B lookup within TRACKING_FRESHNESS_MS is answered from memory, not
 * upstream; failures are never kept; an answer without scans never serves a request that selects events.
 * Real HTTP both ways; calls read from the Carrier B simulator's stats.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';

/**
 * Long enough that no loaded machine takes it between two requests of a rule: "within the window" never depends on
 * wall time. Expiry is shown on a second server whose window is short (waiting longer there can only make it pass).
 */
const FRESHNESS_MS = 60_000;
const SHORT_FRESHNESS_MS = 100;
const STATUS = (n: string) => `{ shipment(carrier: CARRIER_B, trackingNumber: "${n}") { trackingNumber status { status } statusTime { instant localDateTime } } }`;
const EVENTS = (n: string) => `{ shipment(carrier: CARRIER_B, trackingNumber: "${n}") { trackingNumber events { status { status } } } }`;
const MISSING = '123456789404';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ env: { TRACKING_FRESHNESS_MS: String(FRESHNESS_MS), TRACKING_BATCH_WINDOW_MS: '0' } });
});
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

describe('freshness window (TRACKING_FRESHNESS_MS)', () => {
  it('a repeated number within TRACKING_FRESHNESS_MS calls no carrier; after it, it does', async () => {
    const [n] = carrierBNumbers(1, 9100) as [string];
    const first = await e2e.gql(STATUS(n));
    expect(first.errors).toBeUndefined();
    expect(e2e.carrierBTrackCalls()).toBe(1);

    const again = await e2e.gql(STATUS(n));
    expect(again.data).toEqual(first.data);
    expect(e2e.carrierBTrackCalls()).toBe(1);

    // After the window (the short one), the same number is asked again.
    const short = await startE2E({ env: { TRACKING_FRESHNESS_MS: String(SHORT_FRESHNESS_MS), TRACKING_BATCH_WINDOW_MS: '0' } });
    try {
      const before = await short.gql(STATUS(n));
      expect(before.errors).toBeUndefined();
      expect(short.carrierBTrackCalls()).toBe(1);
      await sleep(SHORT_FRESHNESS_MS * 3);
      const later = await short.gql(STATUS(n));
      expect(later.data.shipment.trackingNumber).toBe(n);
      expect(short.carrierBTrackCalls()).toBe(2);
    } finally {
      await short.close();
    }
  });

  it('a failure is not kept: the same failing number asked again calls the carrier again', async () => {
    const first = await e2e.gql(STATUS(MISSING));
    expect(first.errors?.[0]?.extensions?.code).toBe('UPSTREAM_NOT_FOUND');
    const again = await e2e.gql(STATUS(MISSING));
    expect(again.errors?.[0]?.extensions?.code).toBe('UPSTREAM_NOT_FOUND');
    expect(e2e.carrierBTrackCalls()).toBe(2);
  });

  it('an answer without scans does not serve a request that selects events; one with scans serves both', async () => {
    const [n] = carrierBNumbers(1, 9200) as [string];
    await e2e.gql(STATUS(n));
    expect(e2e.carrierBTrackCalls()).toBe(1);
    const withEvents = await e2e.gql(EVENTS(n));
    expect(withEvents.errors).toBeUndefined();
    expect(withEvents.data.shipment.events.length).toBeGreaterThan(0);
    expect(e2e.carrierBTrackCalls()).toBe(2);
    const [eventsAgain, statusAgain] = await Promise.all([e2e.gql(EVENTS(n)), e2e.gql(STATUS(n))]);
    expect(eventsAgain.data).toEqual(withEvents.data);
    expect(statusAgain.data.shipment.trackingNumber).toBe(n);
    expect(e2e.carrierBTrackCalls()).toBe(2);
  });
});
