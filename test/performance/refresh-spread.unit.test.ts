/**
 * Refresh-ahead spread over time (TRACKING_REFRESH_AHEAD): each kept answer's refresh point is drawn in the first half
 * of the window's last part, and refreshes gather for up to an eighth of the last part to share a call. Answers kept together are then not all asked again together, and the refreshes still go in full calls.
 * FreshAnswers under fake time; the batcher with a carrier that counts its calls and their sizes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackingRoute } from '../../src/carriers/types.js';
import type { Shipment } from '../../src/domain/shipment.js';
import type { TrackOutcome, TrackRequest } from '../../src/domain/tracking.js';
import { FreshAnswers } from '../../src/services/fresh-answers.js';
import { TrackingBatcher } from '../../src/services/tracking-batcher.js';

const route = { name: 'carrier-b', connector: { upstream: 'carrier-b', maxBatchSize: 30 } } as unknown as TrackingRoute;
const request = (trackingNumber: string, includeEvents = true): TrackRequest => ({
  carrier: 'CARRIER_B', trackingNumber, division: null, carrierCode: null, carrierUniqueId: null, shipDateBegin: null, shipDateEnd: null,
  language: null, ecommerceIdType: null, includeEvents,
});
const answer = (trackingNumber: string): TrackOutcome => ({
  ok: true,
  shipments: [{ id: `CARRIER_B:-:${trackingNumber}`, trackingNumber, status: { status: 'IN_TRANSIT' } } as unknown as Shipment],
});
const numbers = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `1000${String(from + i).padStart(8, '0')}`);

/** A carrier answering every number at once, recording each call's size and whether it asked for the scans. */
function carrier() {
  const calls: Array<{ size: number; includeEvents: boolean }> = [];
  const send = async (_route: TrackingRoute, requests: readonly TrackRequest[]): Promise<TrackOutcome[]> => {
    calls.push({ size: requests.length, includeEvents: requests.some((r) => r.includeEvents) });
    return requests.map((r) => answer(r.trackingNumber));
  };
  return { send, calls };
}

describe('refresh points drawn in the first half of the last part', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers kept together are asked again at the points drawn for them, spread over the first half of the last part', () => {
    // A 1,000 ms window whose last 40 % is refresh-ahead: points from 600 ms, drawn over 200 ms.
    const draws = [0, 0.25, 0.5, 0.75, 0.999];
    let next = 0;
    const asked = new Map<string, number>();
    const kept = performance.now();
    const fresh = new FreshAnswers(1_000, 100, 0.4, (_route, _request, key) => asked.set(key, performance.now() - kept), () => draws[next++]!);
    const keys = numbers(5);
    for (const n of keys) fresh.keep(route, n, request(n), answer(n));
    // Every answer read every 10 ms until its window ends: each is served, and asked again once, at its own point.
    for (let age = 0; age < 1_000; age += 10) {
      vi.advanceTimersByTime(age === 0 ? 0 : 10);
      for (const n of keys) expect(fresh.get(n, true)).not.toBeNull();
    }
    expect([...asked.keys()]).toEqual(keys);
    expect(keys.map((n) => asked.get(n))).toEqual([600, 650, 700, 750, 800]);
    // Past the window, nothing is served.
    vi.advanceTimersByTime(10);
    for (const n of keys) expect(fresh.get(n, true)).toBeNull();
  });

  it('each answer kept draws its own point: an answer kept again is asked again at its new point', () => {
    const draws = [0.5, 0];
    let next = 0;
    const asked: number[] = [];
    let kept = performance.now();
    const fresh = new FreshAnswers(1_000, 100, 0.4, () => asked.push(performance.now() - kept), () => draws[next++]!);
    const [n] = numbers(1, 50) as [string];
    fresh.keep(route, n, request(n), answer(n));
    vi.advanceTimersByTime(690);
    fresh.get(n, true);
    expect(asked).toEqual([]);
    vi.advanceTimersByTime(10);
    fresh.get(n, true);
    expect(asked).toEqual([700]);
    // The refresh's answer is kept: a new point (600 ms) is drawn for it.
    fresh.keep(route, n, request(n), answer(n));
    kept = performance.now();
    vi.advanceTimersByTime(600);
    fresh.get(n, true);
    expect(asked).toEqual([700, 600]);
  });
});

describe('refreshes share full calls', () => {
  it.each([
    ['with a batch window', 3],
    ['without a batch window', 0],
  ])('%s: sixty answers kept together, their refreshes spread by the draw, go in two calls of thirty', async (_label, windowMs) => {
    const upstream = carrier();
    let draw = 0;
    // Window 800 ms, last half refresh-ahead: points drawn from 400 ms, here evenly over its first 20 ms; a refresh
    // batch gathers for up to 50 ms (an eighth of the last part).
    const batcher = new TrackingBatcher(upstream.send, { windowMs, freshnessMs: 800, freshnessMaxEntries: 1_000, refreshAhead: 0.5, refreshDraw: () => ((draw++ % 60) / 60) * 0.1 });
    const keys = numbers(60, 100);
    await batcher.track(route, keys.map((n) => request(n)));
    // The first answers: two shared calls with a window; without one, the request's sixty numbers in one batch (which
    // the connector cuts into calls of thirty).
    const first = upstream.calls.length;
    expect(upstream.calls.map((c) => c.size)).toEqual(windowMs > 0 ? [30, 30] : [60]);
    const started = performance.now();
    // Read every answer every 5 ms until just before the window ends (the refreshed answers' points are past it).
    while (performance.now() - started < 780) {
      const outcomes = await batcher.track(route, keys.map((n) => request(n)));
      expect(outcomes.every((o) => o.ok)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    // Sixty refreshes, asked one by one as their points came: two more calls, each full.
    expect(upstream.calls.slice(first).map((c) => c.size)).toEqual([30, 30]);
  });

  it('a lone refresh still goes, in a call of its own, and its answer serves the readers after the first window', async () => {
    const upstream = carrier();
    // Window 400 ms, last half refresh-ahead, points at 200 ms; a refresh batch gathers for up to 25 ms.
    const batcher = new TrackingBatcher(upstream.send, { windowMs: 3, freshnessMs: 400, freshnessMaxEntries: 100, refreshAhead: 0.5, refreshDraw: () => 0 });
    const [n] = numbers(1, 300) as [string];
    await batcher.track(route, [request(n)]);
    await new Promise((resolve) => setTimeout(resolve, 210));
    // Past its point: served the kept answer; the refresh gathers for company, finds none, and goes alone.
    expect((await batcher.track(route, [request(n)]))[0]!.ok).toBe(true);
    await vi.waitFor(() => expect(upstream.calls.length).toBe(2), { timeout: 1_000, interval: 5 });
    expect(upstream.calls[1]!.size).toBe(1);
    // After the first answer's window (and before the refreshed answer's point), the refreshed answer is served
    // without another call.
    await new Promise((resolve) => setTimeout(resolve, 180));
    expect((await batcher.track(route, [request(n)]))[0]!.ok).toBe(true);
    expect(upstream.calls.length).toBe(2);
  });

  it.each([
    ['with a batch window', 3],
    ['without a batch window', 0],
  ])('%s: a lookup that needs a call while its refresh is gathering is asked once, not twice', async (_label, windowMs) => {
    const upstream = carrier();
    const batcher = new TrackingBatcher(upstream.send, { windowMs, freshnessMs: 400, freshnessMaxEntries: 100, refreshAhead: 0.5, refreshDraw: () => 0 });
    const [n] = numbers(1, 400) as [string];
    // Kept without the scans; read without them past its point (200 ms): the refresh (without scans) gathers, up to 25 ms.
    await batcher.track(route, [request(n, false)]);
    await new Promise((resolve) => setTimeout(resolve, 205));
    expect((await batcher.track(route, [request(n, false)]))[0]!.ok).toBe(true);
    // A lookup that selects the scans cannot be served the kept answer: it asks the carrier, and the gathering refresh
    // is dropped, since this call's answer is younger than the refresh's would have been.
    expect((await batcher.track(route, [request(n, true)]))[0]!.ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(upstream.calls).toEqual([
      { size: 1, includeEvents: false },
      { size: 1, includeEvents: true },
    ]);
  });
});
