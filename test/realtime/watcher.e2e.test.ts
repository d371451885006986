/**
 * Watchers through a started server in sandbox mode with no watcher configuration: watchShipment over HTTP, the
 * polled scans reach a graphql-ws subscriber, watches lists it, unwatchShipment stops it; bad input is BAD_USER_INPUT.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { waitFor } from '../support/wait-for.js';
import { subscribe, wsClient } from './support.js';
import { migratedDataDir } from '../support/database.js';

let server: StartedServer;
let dataDir: string;

beforeAll(async () => {
  // A copy of the run's migrated PGlite template: no initdb or migrations per file.
  ({ root: dataDir } = await migratedDataDir('carrier-watcher-', 'db'));
  const loaded = loadConfig({ PORT: '0', HOST: '127.0.0.1', SANDBOX: 'on', LOG_LEVEL: 'silent', DATA_DIR: join(dataDir, 'db') });
  if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
  server = await startServer({ config: loaded.config, logger: createLogger('silent') });
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function gql(query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return (await res.json()) as { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

const WATCH = `mutation W($input: WatchShipmentInput!) {
  watchShipment(input: $input) { watch { shipmentId carrier trackingNumber active nextPollAt } userErrors { field code message } }
}`;
const UNWATCH = `mutation U($id: ID!) { unwatchShipment(input: { shipmentId: $id }) { watch { active nextPollAt } userErrors { field code message } } }`;
/** The nodes of a `watches` page. */
const nodesOf = <T>(answer: { data?: Record<string, unknown> | null }): T[] =>
  (answer.data?.watches as { edges: Array<{ node: T }> }).edges.map((edge) => edge.node);

describe('watchers in sandbox mode', () => {
  it('with no configuration, a watched Carrier B shipment is polled within seconds and its scans reach a subscriber', async () => {
    const trackingNumber = '123456789013';
    const client = wsClient(server.url.replace(/^http/, 'ws'));
    const sub = subscribe(client, { filter: { trackingNumbers: [trackingNumber] } });
    try {
      // Let the subscription register before the first poll.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const watched = await gql(WATCH, { input: { carrier: 'CARRIER_B', trackingNumber } });
      expect(watched.errors).toBeUndefined();
      // The canonical id carries the carrier's unique id of the number (docs/assumptions.md S2).
      expect(watched.data?.watchShipment).toMatchObject({
        watch: { shipmentId: expect.stringMatching(new RegExp(`^CARRIER_B:-:${trackingNumber}(:|$)`)), carrier: 'CARRIER_B', active: true },
        userErrors: [],
      });
      const shipmentId = (watched.data?.watchShipment as { watch: { shipmentId: string } }).watch.shipmentId;
      await waitFor(() => sub.received.length > 0, { timeoutMs: 10_000 });
      expect(sub.errors).toEqual([]);
      expect(sub.received.every((c) => c.source === 'POLL' && c.trackingNumber === trackingNumber)).toBe(true);
      // /metrics counts what the watchers committed (at least what this subscriber has seen so far).
      const metrics = await (await fetch(server.url.replace(/\/graphql$/, '/metrics'))).text();
      const polled = Number(/^status_changes_recorded_total\{source="POLL"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);
      expect(polled).toBeGreaterThanOrEqual(sub.received.length);

      const listed = await gql(`{ watches { edges { node { shipmentId lastStatus { status } lastPolledAt nextPollAt } } } }`);
      const watch = nodesOf<{ shipmentId: string; lastPolledAt: string | null; nextPollAt: string | null }>(listed)[0];
      expect(watch?.lastPolledAt).not.toBeNull();
      // Sandbox mode polls every 10 s (5 s near delivery) by default.
      expect(Date.parse(watch!.nextPollAt!) - Date.parse(watch!.lastPolledAt!)).toBeLessThanOrEqual(10_000);

      const unwatched = await gql(UNWATCH, { id: shipmentId });
      expect(unwatched.data?.unwatchShipment).toEqual({ watch: { active: false, nextPollAt: null }, userErrors: [] });
    } finally {
      sub.stop();
      await client.dispose();
    }
  });

  it('a watched number the carrier does not know shows why on the watch: failures and lastError with its code', async () => {
    const trackingNumber = '123456789404';
    const watched = await gql(WATCH, { input: { carrier: 'CARRIER_B', trackingNumber } });
    expect(watched.errors).toBeUndefined();
    const query = `{ watches { edges { node { shipmentId active failures lastError { code message at } } } } }`;
    let failing: unknown;
    await waitFor(async () => {
      const listed = nodesOf<{ shipmentId: string; failures: number }>(await gql(query));
      failing = listed.find((w) => w.shipmentId.startsWith(`CARRIER_B:-:${trackingNumber}`) && w.failures > 0);
      return failing !== undefined;
    }, { timeoutMs: 10_000, intervalMs: 100 });
    expect(failing).toMatchObject({ active: true, lastError: { code: 'UPSTREAM_NOT_FOUND', message: expect.any(String), at: expect.any(String) } });
    await gql(UNWATCH, { id: `CARRIER_B:-:${trackingNumber}` });
  });

  it('watching an unknown carrier or a Group A unified-only number is a BAD_USER_INPUT user error with the field path, and unwatching an unknown shipment is NOT_FOUND naming it', async () => {
    const unknown = await gql(WATCH, { input: { carrier: 'DARK_STORE', trackingNumber: '123' } });
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data?.watchShipment).toMatchObject({ watch: null, userErrors: [{ code: 'BAD_USER_INPUT', field: ['input', 'carrier'] }] });
    const unified = (await gql(WATCH, { input: { carrier: 'GROUP_A', trackingNumber: '1234567893' } })).data?.watchShipment as {
      userErrors: Array<{ field: string[]; code: string; message: string }>;
    };
    expect(unified.userErrors).toMatchObject([{ code: 'BAD_USER_INPUT', field: ['input', 'division'] }]);
    expect(unified.userErrors[0]?.message).toMatch(/push subscription/);
    const notWatched = (await gql(UNWATCH, { id: 'CARRIER_B:-:000000000000' })).data?.unwatchShipment as {
      watch: null;
      userErrors: Array<{ field: string[]; code: string; message: string }>;
    };
    expect(notWatched).toMatchObject({ watch: null, userErrors: [{ code: 'NOT_FOUND', field: ['input', 'shipmentId'] }] });
    expect(notWatched.userErrors[0]?.message).toMatch(/"CARRIER_B:-:000000000000" is not watched/);
  });
});
