/**
 * A request waiting for a shared Carrier B call is bounded by its deadline (REQUEST_DEADLINE_MS) without a timer of its
 * own: the batcher watches every waiting request's deadline on one timer (src/services/deadline-watch.ts), where each
 * request used to make an AbortSignal.timeout (a 25 s timer outliving the request, a WeakRef, a finalization record)
 * only to listen for an abort that almost never comes. The deadline still fails the waiting request alone, at its time.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TrackingRoute } from '../../src/carriers/types.js';
import { lookupByNumber, type TrackOutcome } from '../../src/domain/tracking.js';
import { deadlineFromNow } from '../../src/graphql/context-factory.js';
import { DeadlineWatch } from '../../src/services/deadline-watch.js';
import { TrackingBatcher } from '../../src/services/tracking-batcher.js';
import { waitFor } from '../support/wait-for.js';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';

const ONE = 'query($n: String!) { shipment(carrier: CARRIER_B, trackingNumber: $n) { trackingNumber status { status } } }';

describe('requests waiting for a shared Carrier B call, over HTTP', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ env: { TRACKING_BATCH_WINDOW_MS: '20', TRACKING_FRESHNESS_MS: '60000' } });
  });
  afterAll(async () => {
    await e2e?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a request waiting for a shared call makes no deadline timer of its own (no AbortSignal.timeout a request)', async () => {
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    const numbers = carrierBNumbers(12, 7700);
    const answers = await Promise.all(numbers.map((n) => e2e.gql(ONE, { n })));
    expect(answers.map((a) => a.errors)).toEqual(numbers.map(() => undefined));
    expect(answers.map((a) => a.data.shipment.trackingNumber)).toEqual(numbers);
    expect(timeouts).not.toHaveBeenCalled();
  });
});

describe('the batcher bounds a waiting lookup by its deadline', () => {
  const route = { name: 'carrier-b', connector: { upstream: 'carrier-b', maxBatchSize: 30, track: async () => [] } } as unknown as TrackingRoute;

  it('a lookup still waiting at its deadline fails UPSTREAM_DEADLINE_EXCEEDED then, alone, and the shared call goes on', async () => {
    let answer!: (outcomes: TrackOutcome[]) => void;
    const sent: string[][] = [];
    const batcher = new TrackingBatcher(
      (_route, requests) => {
        sent.push(requests.map((r) => r.trackingNumber));
        return new Promise((resolve) => (answer = resolve));
      },
      { windowMs: 1, freshnessMs: 0, freshnessMaxEntries: 10 },
    );
    const started = performance.now();
    const short = batcher.track(route, [lookupByNumber('CARRIER_B', '100000000013', false)], deadlineFromNow(40));
    const long = batcher.track(route, [lookupByNumber('CARRIER_B', '100000000023', false)], deadlineFromNow(60_000));
    const [failed] = await short;
    expect(performance.now() - started).toBeGreaterThanOrEqual(39);
    expect(failed).toMatchObject({ ok: false, error: { code: 'UPSTREAM_DEADLINE_EXCEEDED' } });
    expect(!failed!.ok && failed!.error.message).toContain('40 ms');
    await waitFor(() => sent.length === 1);
    answer(sent[0]!.map(() => ({ ok: true, shipments: [] })));
    expect((await long)[0]).toEqual({ ok: true, shipments: [] });
  });

  it('a deadline already passed fails the lookup without waiting for the call', async () => {
    const batcher = new TrackingBatcher(() => new Promise(() => {}), { windowMs: 1, freshnessMs: 0, freshnessMaxEntries: 10 });
    const [outcome] = await batcher.track(route, [lookupByNumber('CARRIER_B', '100000000013', false)], deadlineFromNow(0));
    expect(outcome).toMatchObject({ ok: false, error: { code: 'UPSTREAM_DEADLINE_EXCEEDED' } });
  });
});

describe('DeadlineWatch', () => {
  it('fails each waiter at its own time, earliest first, and never one that was cancelled', async () => {
    const watch = new DeadlineWatch();
    const expired: string[] = [];
    watch.watch(300, () => expired.push('late'));
    const cancelled = watch.watch(10, () => expired.push('cancelled'));
    watch.watch(30, () => expired.push('early'));
    watch.cancel(cancelled);
    await waitFor(() => expired.length === 1);
    expect(expired).toEqual(['early']);
    await waitFor(() => expired.length === 2);
    expect(expired).toEqual(['early', 'late']);
    expect(watch.size).toBe(0);
  });
});
