/**
 * The batch window's timer runs only once the event loop has finished the I/O it is reading; under load (a burst of
 * requests, a call's answers) that took longer than the window itself: windows of 5 ms went after 12 ms on average in
 * the distinct-numbers bench. A lookup arriving after the window's time sends the window at once, with itself; the
 * next lookups open a new window. Driven on the batcher itself: the event loop is held busy in one synchronous stretch,
 * which no HTTP test can arrange deterministically.
 */
import { describe, expect, it, vi } from 'vitest';
import type { TrackingRoute } from '../../src/carriers/types.js';
import { lookupByNumber, type TrackOutcome, type TrackRequest } from '../../src/domain/tracking.js';
import { TrackingBatcher } from '../../src/services/tracking-batcher.js';

const WINDOW_MS = 20;

function lookup(trackingNumber: string): TrackRequest {
  return lookupByNumber('CARRIER_B', trackingNumber, false);
}

function setup() {
  const sent: string[][] = [];
  const route = { name: 'carrier-b', connector: { upstream: 'carrier-b', maxBatchSize: 30, track: async () => [] } } as unknown as TrackingRoute;
  const batcher = new TrackingBatcher(
    async (_route, requests) => {
      sent.push(requests.map((r) => r.trackingNumber));
      return requests.map((r) => ({ ok: true, shipments: [{ trackingNumber: r.trackingNumber }] }) as unknown as TrackOutcome);
    },
    { windowMs: WINDOW_MS, freshnessMs: 0, freshnessMaxEntries: 10 },
  );
  return { batcher, route, sent };
}

/** Holds the event loop as a long stretch of request processing would. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

describe('the batch window on a busy event loop', () => {
  it('a lookup arriving after TRACKING_BATCH_WINDOW_MS sends the window at once, with itself, without waiting for the timer', async () => {
    const { batcher, route, sent } = setup();
    const first = batcher.track(route, [lookup('100000000013')]);
    busyFor(WINDOW_MS + 10);
    const second = batcher.track(route, [lookup('100000000023')]);
    // Still in the same synchronous stretch: the window's timer has had no chance to run.
    expect(sent).toEqual([['100000000013', '100000000023']]);
    const third = batcher.track(route, [lookup('100000000033')]);
    expect(sent).toHaveLength(1);
    await Promise.all([first, second, third]);
    expect(sent).toEqual([['100000000013', '100000000023'], ['100000000033']]);
  });

  it('lookups arriving within the window still wait for it and share one call', async () => {
    const { batcher, route, sent } = setup();
    const started = performance.now();
    const answers = await Promise.all(['100000000013', '100000000023', '100000000033'].map((n) => batcher.track(route, [lookup(n)])));
    expect(sent).toEqual([['100000000013', '100000000023', '100000000033']]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(WINDOW_MS - 1);
    expect(answers.map((a) => a[0]!.ok)).toEqual([true, true, true]);
  });

  it("one request's lookups are judged at one instant: time running out while they are enqueued (a paused process) does not split them into more calls", async () => {
    const { batcher, route, sent } = setup();
    const numbers = Array.from({ length: 50 }, (_, i) => String(100000000000 + i * 10 + 3));
    // Every reading of the clock is 10 ms after the last, as if the process were paused between the request's lookups.
    const real = performance.now.bind(performance);
    let clock = real();
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 10));
    let answers: TrackOutcome[];
    try {
      const pending = batcher.track(route, numbers.map(lookup));
      now.mockRestore();
      answers = await pending;
    } finally {
      now.mockRestore();
    }
    expect(sent.map((call) => call.length)).toEqual([30, 20]);
    expect(answers.every((a) => a.ok)).toBe(true);
  });
});
