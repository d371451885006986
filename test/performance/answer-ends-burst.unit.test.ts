/**
 * A call's answer is handed to its callers in one task: each runs on to its response (about 0.35 ms of CPU a request in
 * the distinct-numbers bench, so several ms for a call's 17 callers), and no event-loop turn passes meanwhile. A window
 * whose burst was read just before the answer came would see its burst's end only after all of that. When it would go
 * at its burst's end anyway (TRACKING_BATCH_BURST_MIN lookups, or a burst's tail), it now goes before the answer is
 * handed out. Driven on the batcher itself: an answer and a window meeting in one task is an event-loop ordering that
 * no HTTP test can arrange deterministically.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for.js';
import type { TrackingRoute } from '../../src/carriers/types.js';
import { lookupByNumber, type TrackOutcome, type TrackRequest } from '../../src/domain/tracking.js';
import { TrackingBatcher } from '../../src/services/tracking-batcher.js';

/** Far beyond the test: a window that goes went by its burst or an answer, never by its time. */
const LONG_WINDOW_MS = 120_000;
const BURST_MIN = 10;

const numbers = (count: number, from: number) => Array.from({ length: count }, (_, i) => `1${String(from + i).padStart(10, '0')}3`);
const lookup = (trackingNumber: string): TrackRequest => lookupByNumber('CARRIER_B', trackingNumber, false);

function setup() {
  const calls: Array<{ numbers: string[]; answer: () => void }> = [];
  const route = { name: 'carrier-b', connector: { upstream: 'carrier-b', maxBatchSize: 30, track: async () => [] } } as unknown as TrackingRoute;
  const batcher = new TrackingBatcher(
    (_route, requests) =>
      new Promise<TrackOutcome[]>((resolve) => {
        calls.push({
          numbers: requests.map((r) => r.trackingNumber),
          answer: () => resolve(requests.map((r) => ({ ok: true, shipments: [{ trackingNumber: r.trackingNumber }] }) as unknown as TrackOutcome)),
        });
      }),
    { windowMs: LONG_WINDOW_MS, burstMin: BURST_MIN, freshnessMs: 0, freshnessMaxEntries: 10 },
  );
  return { batcher, route, calls };
}

/** A first call on its way (a burst of 12 lookups, sent at its end), not yet answered. */
async function firstCallOut(batcher: TrackingBatcher, route: TrackingRoute, calls: Array<{ numbers: string[] }>) {
  const first = numbers(12, 500);
  const answered = batcher.track(route, first.map(lookup));
  await waitFor(() => calls.length === 1);
  expect(calls.map((c) => c.numbers)).toEqual([first]);
  // Wrapped: an async function returning the promise itself would wait for that answer.
  return { answered };
}

describe("a call's answer ends the burst of the window open on its route", () => {
  it("a window of TRACKING_BATCH_BURST_MIN lookups goes before a call's answer reaches its callers, not after their work", async () => {
    const { batcher, route, calls } = setup();
    const { answered: firstAnswered } = await firstCallOut(batcher, route, calls);
    // One task: twelve one-number requests read, then the first call's answer arrives (no turn between them).
    const second = numbers(12, 600);
    const secondAnswered = second.map((n) => batcher.track(route, [lookup(n)]));
    calls[0]!.answer();
    // What the first call's callers find when they run on to their responses: the second window already on its way.
    const callsWhenAnswered = await firstAnswered.then(() => calls.length);
    expect(callsWhenAnswered).toBe(2);
    expect(calls[1]!.numbers).toEqual(second);
    calls[1]!.answer();
    expect((await Promise.all(secondAnswered)).every(([outcome]) => outcome!.ok)).toBe(true);
  });

  it('a window of fewer than TRACKING_BATCH_BURST_MIN lookups, not a tail, still waits when an answer comes', async () => {
    const { batcher, route, calls } = setup();
    const { answered: firstAnswered } = await firstCallOut(batcher, route, calls);
    const few = numbers(3, 700);
    for (const n of few) void batcher.track(route, [lookup(n)]);
    calls[0]!.answer();
    expect(await firstAnswered.then(() => calls.length)).toBe(1);
    // Several turns later (the window's time is minutes away): still gathering.
    await sleep(20);
    expect(calls).toHaveLength(1);
  });
});
