import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertIdOf, type BridgeRecord } from '../../src/domain/analytics.js';
import { loadConfig } from '../../src/config.js';
import { createMetrics } from '../../src/platform/metrics.js';
import { createBridgeClient } from '../../src/services/analytics/bridge-client.js';
import type { BridgeClient } from '../../src/services/analytics/types.js';
import { capturingLogger, startTestServer, type Reply, type TestServer } from '../platform/test-server.js';
import { EPOCH, startTestSandbox, type TestSandbox } from '../sandbox/support.js';

/** The bridge client over real HTTP: each ImportAnswer kind, against the simulator (and a bare server for odd bodies). */

const timeouts = { connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 };
const open: Array<{ close(): Promise<void> }> = [];
let t: TestSandbox;
let client: BridgeClient;

function clientFor(baseUrl: string, serverKey: string): BridgeClient {
  const created = createBridgeClient({ config: { baseUrl, serverKey }, timeouts, metrics: createMetrics(), logger: capturingLogger().logger });
  open.push(created);
  return created;
}
async function bareServer(reply: Reply): Promise<TestServer> {
  const server = await startTestServer(() => reply);
  open.push(server);
  return server;
}

beforeAll(async () => {
  t = await startTestSandbox();
  client = clientFor(t.sandbox.urls.analyticsBridge, t.sandbox.credentials.analyticsBridge.serverKey);
});
afterAll(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
  await t.sandbox.close();
});
beforeEach(async () => {
  await t.sandbox.analyticsBridge.up();
  t.sandbox.analyticsBridge.clear();
  t.sandbox.resetStats();
});

const time = Date.parse(EPOCH) / 1000;
function record(identity: string): BridgeRecord {
  return { event: 'shipment_status_changed', properties: { $insert_id: insertIdOf(identity), time, distinct_id: 'shp_1', status: 'IN_TRANSIT' } };
}

describe('ImportAnswer kinds', () => {
  it('the JSON success is IMPORTED with num_records_imported; the events are stored', async () => {
    expect(await client.importBatch([record('a'), record('b')])).toEqual({ kind: 'IMPORTED', imported: 2 });
    expect(t.sandbox.analyticsBridge.events().map((e) => e.insertId)).toEqual([insertIdOf('a'), insertIdOf('b')]);
  });

  it('a replay of the same batch is IMPORTED again and stores nothing new', async () => {
    await client.importBatch([record('c')]);
    expect(await client.importBatch([record('c')])).toEqual({ kind: 'IMPORTED', imported: 1 });
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(1);
    expect(t.sandbox.analyticsBridge.replays).toBe(1);
  });

  it('the 401 JSON (a wrong Server key, or the Project token) is UNAUTHORIZED with the bridge error', async () => {
    const wrong = clientFor(t.sandbox.urls.analyticsBridge, 'not-the-key');
    expect(await wrong.importBatch([record('d')])).toEqual({ kind: 'UNAUTHORIZED', message: expect.stringContaining('invalid Server key') });
    const projectToken = clientFor(t.sandbox.urls.analyticsBridge, t.sandbox.credentials.analyticsBridge.projectToken);
    expect(await projectToken.importBatch([record('d')])).toMatchObject({ kind: 'UNAUTHORIZED', message: expect.stringContaining('Project token') });
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(0);
  });

  it('strict=1 rejecting the whole batch is REJECTED naming the unreadable record; nothing is stored', async () => {
    const unreadable = { event: 'shipment_status_changed', properties: { $insert_id: 'not an id!', time, distinct_id: 'shp_1' } } as BridgeRecord;
    const answer = await client.importBatch([record('e'), unreadable, record('f')]);
    expect(answer).toMatchObject({ kind: 'REJECTED', status: 400, failed: [{ index: 1, reason: expect.stringContaining('properties.$insert_id') }] });
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(0);
  });

  it('a body 0 from any route is REJECTED, not a success', async () => {
    for (const reply of [{ status: 200, raw: '0' }, { status: 200, body: 0 }] satisfies Reply[]) {
      const server = await bareServer(reply);
      expect(await clientFor(server.origin, 'k').importBatch([record('g')])).toMatchObject({ kind: 'REJECTED', status: 200 });
    }
  });

  it('a 503 with Retry-After (the bridge down for a while) is UNAVAILABLE with the wait; nothing is stored', async () => {
    await t.sandbox.analyticsBridge.down({ mode: 'unavailable', forMs: 30_000 });
    const answer = await client.importBatch([record('h')]);
    expect(answer.kind).toBe('UNAVAILABLE');
    expect(answer.kind === 'UNAVAILABLE' && answer.retryAfterMs).toBeGreaterThan(20_000);
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(0);
  });

  it('a 429 is UNAVAILABLE with its Retry-After; a 500 is UNAVAILABLE with none', async () => {
    t.sandbox.failNext('analyticsBridge', { status: 429, count: 1, retryAfterSec: 7 });
    const limited = await client.importBatch([record('i')]);
    expect(limited.kind === 'UNAVAILABLE' && limited.retryAfterMs).toBeGreaterThan(3_000);
    t.sandbox.failNext('analyticsBridge', { status: 500, count: 1 });
    expect(await client.importBatch([record('i')])).toMatchObject({ kind: 'UNAVAILABLE', retryAfterMs: null });
    // Never retried by the client itself: the exporter owns retries (one call each).
    expect(t.sandbox.stats.analyticsBridge.calls['POST /bridge/import']).toBe(2);
  });

  it('an unreachable bridge (connection refused) is UNAVAILABLE', async () => {
    await t.sandbox.analyticsBridge.down({ mode: 'refused' });
    const fresh = clientFor(t.sandbox.urls.analyticsBridge, t.sandbox.credentials.analyticsBridge.serverKey);
    expect(await fresh.importBatch([record('j')])).toMatchObject({ kind: 'UNAVAILABLE', retryAfterMs: null });
  });

  it('a 200 answer of no known shape is UNAVAILABLE (nothing known to be stored), never IMPORTED', async () => {
    const server = await bareServer({ status: 200, body: { ok: true } });
    expect(await clientFor(server.origin, 'k').importBatch([record('k')])).toMatchObject({ kind: 'UNAVAILABLE' });
  });
});

describe('the wire', () => {
  it('every call goes under /bridge: POST /bridge/import?strict=1, a JSON array, HTTP Basic with the Server key and an empty password', async () => {
    const server = await bareServer({ status: 200, body: { code: 200, num_records_imported: 1, status: 'OK' } });
    const wire = clientFor(`${server.origin}/`, 'server-key-1');
    expect(await wire.importBatch([record('l')])).toEqual({ kind: 'IMPORTED', imported: 1 });
    const [seen] = server.seen;
    expect([seen?.method, seen?.url]).toEqual(['POST', '/bridge/import?strict=1']);
    expect(seen?.headers['authorization']).toBe(`Basic ${Buffer.from('server-key-1:').toString('base64')}`);
    expect(seen?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen?.body ?? 'null')).toEqual([record('l')]);

    await client.importBatch([record('m')]);
    await client.importBatch([record('m')]);
    expect(Object.keys(t.sandbox.stats.analyticsBridge.calls)).toEqual(['POST /bridge/import']);
  });
});

describe('configuration (ANALYTICS_*)', () => {
  const base = { ANALYTICS_BRIDGE_BASE_URL: 'https://analytics.example.com', ANALYTICS_PROJECT_TOKEN: 'tok', ANALYTICS_SERVER_KEY: 'key' };

  it('the base URL, the Project token and the Server key are required together; export is off without them', () => {
    const loaded = loadConfig(base);
    expect(loaded.ok && loaded.config.analytics).toEqual({ baseUrl: base.ANALYTICS_BRIDGE_BASE_URL, projectToken: 'tok', serverKey: 'key', personalDataAllowList: [] });
    const partial = loadConfig({ ANALYTICS_BRIDGE_BASE_URL: base.ANALYTICS_BRIDGE_BASE_URL });
    expect(partial.ok ? [] : partial.problems).toEqual([
      'ANALYTICS_PROJECT_TOKEN: required when ANALYTICS_BRIDGE_BASE_URL is set',
      'ANALYTICS_SERVER_KEY: required when ANALYTICS_BRIDGE_BASE_URL is set',
    ]);
    const none = loadConfig({});
    expect(none.ok && none.config.analytics).toBeNull();
  });

  it('a base URL ending in /bridge is refused: the client adds the prefix itself', () => {
    const loaded = loadConfig({ ...base, ANALYTICS_BRIDGE_BASE_URL: 'https://analytics.example.com/bridge' });
    expect(loaded.ok ? [] : loaded.problems).toEqual([expect.stringMatching(/^ANALYTICS_BRIDGE_BASE_URL: .*without \/bridge/)]);
  });

  it('the personal-data allow-list takes only known personal property names', () => {
    const good = loadConfig({ ...base, ANALYTICS_PERSONAL_DATA_ALLOW_LIST: 'recipient_city, recipient_postal_code' });
    expect(good.ok && good.config.analytics?.personalDataAllowList).toEqual(['recipient_city', 'recipient_postal_code']);
    const bad = loadConfig({ ...base, ANALYTICS_PERSONAL_DATA_ALLOW_LIST: 'recipient_city,recipient_ssn' });
    expect(bad.ok ? [] : bad.problems).toEqual([expect.stringMatching(/^ANALYTICS_PERSONAL_DATA_ALLOW_LIST: only these names: recipient_name/)]);
  });
});
