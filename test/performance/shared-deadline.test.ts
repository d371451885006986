/**
 * Issue 12: a request's deadline bounds only its own wait for a shared Carrier B call; the call goes on for the others
 * (and its answer fills the freshness cache). Real HTTP both ways; a slow Carrier B simulator.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';

const ONE = (n: string) => `{ shipment(carrier: CARRIER_B, trackingNumber: "${n}") { trackingNumber } }`;
const LATENCY_MS = 600;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({
    env: { REQUEST_DEADLINE_MS: '200', TRACKING_BATCH_WINDOW_MS: '5', TRACKING_FRESHNESS_MS: '60000' },
    sandbox: { faults: { carrierB: { latencyMs: LATENCY_MS } } },
  });
});
afterAll(async () => {
  await e2e?.close();
});

it("one request's deadline does not cancel the shared call: it fails alone, and the call's answer serves the next request", async () => {
  const [n] = carrierBNumbers(1, 9900) as [string];
  const late = await e2e.gql(ONE(n));
  expect(late.errors?.[0]?.extensions?.code).toBe('UPSTREAM_DEADLINE_EXCEEDED');
  // Wait for the call to end on its own (token mint and track call, each slowed by the simulator).
  for (let i = 0; i < 50 && e2e.carrierBTrackCalls() === 0; i++) await sleep(LATENCY_MS / 2);
  await sleep(LATENCY_MS * 2);
  const next = await e2e.gql(ONE(n));
  expect(next.errors).toBeUndefined();
  expect(next.data.shipment.trackingNumber).toBe(n);
  expect(e2e.carrierBTrackCalls()).toBe(1);
});
