/**
 * Issue 9 item 3: a purchase is a durable job visible as a subscription. A Carrier B purchase of more than five packages
 * is asynchronous at the simulator (a `jobId`, documents after some polls): `labelUpdated` over graphql-ws sees the
 * label PENDING, then PURCHASED once the worker got the results.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { wsClient } from '../realtime/support.js';
import { carrierBShipment, createShipment } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  // The job's results are polled a second apart: the retry right after the purchase meets it running.
  e2e = await startE2E({ env: { SHIPPING_WORKER_INTERVAL_MS: '100', SHIPPING_RETRY_BASE_MS: '1000', SHIPPING_RETRY_MAX_MS: '2000' } });
});
afterAll(async () => {
  await e2e?.close();
});

describe('labelUpdated', () => {
  it('an unknown label id ends the subscription with BAD_USER_INPUT on id', async () => {
    const client = wsClient(e2e.server.url.replace(/^http/, 'ws'));
    try {
      const errors = await new Promise<any[]>((resolve) => {
        client.subscribe(
          { query: `subscription { labelUpdated(id: "Label:00000000-0000-4000-8000-0000000000ff") { id } }` },
          { next: (result) => result.errors && resolve([...result.errors]), error: (error) => resolve(Array.isArray(error) ? error : [error]), complete: () => resolve([]) },
        );
      });
      expect(errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', field: 'id' }) })]);
    } finally {
      await client.dispose();
    }
  });

  it('sees PENDING then PURCHASED for an asynchronous Carrier B job', async () => {
    const packages = Array.from({ length: 6 }, () => ({ weight: { value: 1, unit: 'KG' } }));
    const answer = await createShipment(e2e, carrierBShipment('async-job-1', { packages }));
    expect(answer.errors).toBeUndefined();
    const label = answer.data.createShipment.purchase.label;
    expect(label.state).toBe('PENDING');
    // The job runs: the same key again answers IN_PROGRESS with the same label, and buys nothing.
    const retry = await createShipment(e2e, carrierBShipment('async-job-1', { packages }));
    expect(retry.data.createShipment.purchase).toMatchObject({ replay: 'IN_PROGRESS', label: { id: label.id, state: 'PENDING' } });

    const client = wsClient(e2e.server.url.replace(/^http/, 'ws'));
    const states: string[] = [];
    const errors: unknown[] = [];
    const stop = client.subscribe<{ labelUpdated: { id: string; state: string; trackingNumber: string | null; pieces: unknown[] } }>(
      { query: `subscription($id: ID!) { labelUpdated(id: $id) { id state trackingNumber pieces { trackingNumber } } }`, variables: { id: label.id } },
      {
        next: (result) => {
          if (result.errors) errors.push(...result.errors);
          if (result.data) states.push(result.data.labelUpdated.state);
        },
        error: (error) => errors.push(error),
        complete: () => undefined,
      },
    );
    try {
      await vi.waitFor(() => expect(states).toContain('PURCHASED'), { timeout: 20_000, interval: 50 });
      expect(errors).toEqual([]);
      expect(states[0]).toBe('PENDING');
      expect(states.at(-1)).toBe('PURCHASED');
      const purchased = await e2e.gql(`query($id: ID!) { label(id: $id) { state pieces { trackingNumber } } }`, { id: label.id });
      expect(purchased.data.label.pieces).toHaveLength(6);
      expect(e2e.sandbox.stats.carrierB.calls['POST /ship/v1/shipments']).toBe(1);
    } finally {
      stop();
      await client.dispose();
    }
  });
});
