/**
 * The freshness window keeps the objects it already holds when a new answer for the same lookup is equal to them (a
 * refresh of a shipment that has not moved): the lookups that asked are handed the kept objects, and the kept answer's
 * time is renewed. A different answer replaces the kept one. Through the batcher, with a carrier that answers from a
 * table the test changes.
 */
import { describe, expect, it } from 'vitest';
import type { TrackingRoute } from '../../src/carriers/types.js';
import type { Shipment } from '../../src/domain/shipment.js';
import type { TrackOutcome, TrackRequest } from '../../src/domain/tracking.js';
import { FreshAnswers } from '../../src/services/fresh-answers.js';
import { TrackingBatcher } from '../../src/services/tracking-batcher.js';

const route = { name: 'carrier-b', connector: { upstream: 'carrier-b', maxBatchSize: 30 } } as unknown as TrackingRoute;
const request = (trackingNumber: string): TrackRequest => ({
  carrier: 'CARRIER_B', trackingNumber, division: null, carrierCode: null, carrierUniqueId: null, shipDateBegin: null, shipDateEnd: null,
  language: null, ecommerceIdType: null, includeEvents: true,
});
/** A fresh object graph for every answer, as a carrier answer mapped again is. */
const shipment = (trackingNumber: string, status: string): Shipment =>
  ({ id: `CARRIER_B:-:${trackingNumber}`, trackingNumber, status: { status, nativeCode: 'DL' }, events: [{ description: 'Delivered', location: { address: { locality: 'SHANGHAI' } } }] }) as unknown as Shipment;

function carrier(statuses: Map<string, string>) {
  let calls = 0;
  const send = async (_route: TrackingRoute, requests: readonly TrackRequest[]): Promise<TrackOutcome[]> => {
    calls++;
    return requests.map((r) => ({ ok: true, shipments: [shipment(r.trackingNumber, statuses.get(r.trackingNumber)!)] }));
  };
  return { send, calls: () => calls };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the freshness window and answers equal to the kept one', () => {
  it.each([
    ['with a batch window', 1],
    ['without a batch window', 0],
  ])('%s: a refreshed answer equal to the kept one keeps the kept objects and renews their time; a changed one replaces them', async (_label, windowMs) => {
    const statuses = new Map([['100000000010', 'DELIVERED']]);
    const upstream = carrier(statuses);
    // A window of 1 s whose last 90 % is refresh-ahead, every refresh point drawn at its earliest: a read from 100 ms on
    // asks for a refresh, which gathers for company up to 112.5 ms (an eighth of the last part) before it goes.
    const batcher = new TrackingBatcher(upstream.send, { windowMs, freshnessMs: 1_000, freshnessMaxEntries: 100, refreshAhead: 0.9, refreshDraw: () => 0 });
    const read = async () => {
      const [outcome] = await batcher.track(route, [request('100000000010')]);
      if (!outcome?.ok) throw new Error('no answer');
      return outcome.shipments[0]!;
    };
    const started = performance.now();
    const first = await read();
    expect(upstream.calls()).toBe(1);

    // At 400 ms: served the kept answer, a refresh asked in the background; the carrier's answer is equal.
    await sleep(400);
    expect(await read()).toBe(first);
    await sleep(150);
    expect(upstream.calls()).toBe(2);
    // Past the first answer's window (1 s), within the refreshed one's (until about 1.5 s): still the kept objects,
    // not the refresh's copy, their time renewed by the equal answer.
    await sleep(Math.max(0, started + 1_100 - performance.now()));
    expect(await read()).toBe(first);
    // That read asked for a refresh too (equal again).
    await sleep(150);
    expect(upstream.calls()).toBe(3);

    // The shipment moves: the next refresh's answer differs and replaces the kept one.
    statuses.set('100000000010', 'RETURNED');
    await sleep(150);
    expect(await read()).toBe(first);
    await sleep(150);
    const moved = await read();
    expect(moved).not.toBe(first);
    expect(moved.status.status).toBe('RETURNED');
  });
});

describe('what the freshness window holds', () => {
  const answer = (trackingNumber: string) => ({ ok: true as const, shipments: [shipment(trackingNumber, 'IN_TRANSIT')] });
  const noRefresh = () => {};

  it('an answer past its window serves no lookup, and the next keep drops every expired answer', async () => {
    const fresh = new FreshAnswers(100, 1_000, 0, noRefresh);
    for (let i = 0; i < 20; i++) fresh.keep(route, `k${i}`, request(`10000000001${i}`), answer(`10000000001${i}`));
    expect(fresh.get('k3', true)).not.toBeNull();
    await sleep(120);
    expect(fresh.get('k3', true)).toBeNull();
    expect(fresh.size).toBe(20);
    fresh.keep(route, 'other', request('100000000099'), answer('100000000099'));
    // Only the answer just kept is held: the twenty expired ones went with that keep, not at some later lookup.
    expect(fresh.size).toBe(1);
    expect(fresh.get('other', true)).not.toBeNull();
  });

  it('past TRACKING_FRESHNESS_MAX_ENTRIES the answer kept longest ago goes first; keeping one again makes it the newest', () => {
    const fresh = new FreshAnswers(60_000, 3, 0, noRefresh);
    for (const key of ['a', 'b', 'c']) fresh.keep(route, key, request('100000000010'), answer('100000000010'));
    // 'a' kept again: now the newest, so 'b' is the oldest.
    fresh.keep(route, 'a', request('100000000010'), answer('100000000010'));
    fresh.keep(route, 'd', request('100000000010'), answer('100000000010'));
    expect(fresh.size).toBe(3);
    expect(fresh.get('b', true)).toBeNull();
    for (const key of ['a', 'c', 'd']) expect(fresh.get(key, true)).not.toBeNull();
  });
});
