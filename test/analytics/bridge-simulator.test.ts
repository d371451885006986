import { connect } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DECIDE_ANSWER, SIMULATOR_NAMES } from '../../sandbox/index.js';
import { sandboxEnv } from '../../sandbox/env.js';
import { EPOCH, startTestSandbox, type TestSandbox } from '../sandbox/support.js';

/** The analytics bridge simulator (seed 002 B) over real HTTP: routes, encodings, credentials, answers, storage. */

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.sandbox.close();
});
beforeEach(async () => {
  await t.sandbox.analyticsBridge.up();
  t.sandbox.analyticsBridge.clear();
  t.sandbox.analyticsBridge.setAllowedOrigins(null);
  t.sandbox.setFaults('analyticsBridge', { latencyMs: 0, errorRate: 0, malformedRate: 0 });
  t.sandbox.resetStats();
});

const url = (path: string) => `${t.sandbox.urls.analyticsBridge}${path}`;
const token = () => t.sandbox.credentials.analyticsBridge.projectToken;
const serverKey = () => t.sandbox.credentials.analyticsBridge.serverKey;
const basic = (user: string, password = '') => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const seconds = Date.parse(EPOCH) / 1000;

let serial = 0;
function trackRecord(extra: Record<string, unknown> = {}, credential: string = token()) {
  serial += 1;
  return { event: 'shipment_status_changed', properties: { token: credential, distinct_id: 'shp_1', time: seconds, $insert_id: `track-${serial}`, ...extra } };
}
function importRecord(insertId: string, extra: Record<string, unknown> = {}) {
  return { event: 'label_purchased', properties: { $insert_id: insertId, time: seconds - 3600, distinct_id: 'shp_2', ...extra } };
}

async function post(path: string, body: string, contentType: string, headers: Record<string, string> = {}) {
  const response = await fetch(url(path), { method: 'POST', body, headers: { 'content-type': contentType, ...headers } });
  return { status: response.status, text: await response.text(), headers: response.headers };
}
async function importJson(records: unknown, query = 'strict=1', headers: Record<string, string> = { authorization: basic(serverKey()) }) {
  const response = await post(`/bridge/import?${query}`, JSON.stringify(records), 'application/json', headers);
  return { ...response, json: JSON.parse(response.text) as Record<string, any> };
}
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('analytics bridge routes (seed 002 B "Bridge routes")', () => {
  it('each route is registered with and without a trailing slash', async () => {
    for (const path of ['/bridge/track', '/bridge/track/']) {
      expect((await post(path, JSON.stringify(trackRecord()), 'application/json')).text, path).toBe('1');
    }
    for (const path of ['/bridge/engage', '/bridge/engage/']) {
      const answer = await post(path, JSON.stringify({ $token: token(), $distinct_id: 'u1', $set: { plan: 'pro' } }), 'application/json');
      expect(answer.text, path).toBe('1');
    }
    for (const path of ['/bridge/groups', '/bridge/groups/']) {
      const answer = await post(path, JSON.stringify({ $token: token(), $group_key: 'company', $group_id: 'acme', $set: { size: 3 } }), 'application/json');
      expect(answer.text, path).toBe('1');
    }
    for (const path of ['/bridge/import', '/bridge/import/']) {
      const answer = await post(path, JSON.stringify([importRecord(`imp${path.length}`)]), 'application/json', { authorization: basic(serverKey()) });
      expect(answer.status, path).toBe(200);
    }
    for (const path of ['/bridge/decide', '/bridge/decide/']) {
      expect((await fetch(url(path))).status, path).toBe(200);
    }
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(4);
    expect(t.sandbox.analyticsBridge.operations().map((o) => o.operation)).toEqual(['$set', '$set', '$set', '$set']);
  });

  it('the bare root paths /track, /engage, /groups, /decide (removed on 2026-09-29), and /import, answer 404', async () => {
    for (const path of ['/track', '/engage', '/groups', '/decide', '/import', '/track/', '/decide/']) {
      const answer = await post(path, JSON.stringify(trackRecord()), 'application/json');
      expect(answer.status, path).toBe(404);
      expect((await fetch(url(path))).status, `GET ${path}`).toBe(404);
    }
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(0);
  });

  it('GET is accepted on the event routes, the data on the query string', async () => {
    const record = trackRecord();
    const response = await fetch(url(`/bridge/track?data=${encodeURIComponent(b64(record))}&_=${Date.now()}`));
    expect(await response.text()).toBe('1');
    expect(t.sandbox.analyticsBridge.events().map((e) => e.insertId)).toEqual([record.properties.$insert_id]);
  });

  it('/decide answers the fixed configuration that switches autocapture off', async () => {
    const answer = await fetch(url('/bridge/decide?verbose=1'));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      status: 1,
      error: null,
      notifications: [],
      automatic_events: false,
      config: { enable_collect_everything: false },
      flags: {},
    });
    expect(DECIDE_ANSWER.automatic_events).toBe(false);
  });
});

describe('body encodings (bridge rules 4 and 5)', () => {
  it('reads (a) a form body data=<base64 of JSON>', async () => {
    const record = trackRecord();
    const answer = await post('/bridge/track', `data=${encodeURIComponent(b64(record))}`, 'application/x-www-form-urlencoded');
    expect(answer.text).toBe('1');
    expect(t.sandbox.analyticsBridge.events()[0]?.insertId).toBe(record.properties.$insert_id);
  });

  it('reads (b) the data= pair as a text/plain body and on the query string', async () => {
    expect((await post('/bridge/track', `data=${encodeURIComponent(b64(trackRecord()))}`, 'text/plain')).text).toBe('1');
    const response = await fetch(url(`/bridge/track?data=${encodeURIComponent(b64(trackRecord()))}`), { method: 'POST' });
    expect(await response.text()).toBe('1');
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(2);
  });

  it('reads (c) a plain JSON body, one object or an array of objects', async () => {
    expect((await post('/bridge/track', JSON.stringify(trackRecord()), 'application/json')).text).toBe('1');
    expect((await post('/bridge/track', JSON.stringify([trackRecord(), trackRecord()]), 'application/json')).text).toBe('1');
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(3);
  });

  it('decodes data= in standard or URL-safe base64, padded or unpadded, or as percent-encoded JSON', async () => {
    // A name chosen so that its base64 holds `+` and `/` (standard) or `-` and `_` (URL-safe), and needs padding.
    const record = trackRecord({ note: '>>>???~~~' });
    const standard = b64(record);
    expect(standard).toMatch(/[+/]/);
    expect(standard).toMatch(/=$/);
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_');
    const variants = [standard, standard.replace(/=+$/, ''), urlSafe, urlSafe.replace(/=+$/, '')];
    for (const variant of variants) {
      t.sandbox.analyticsBridge.clear();
      const answer = await post('/bridge/track', `data=${encodeURIComponent(variant)}`, 'application/x-www-form-urlencoded');
      expect(answer.text, variant).toBe('1');
      expect(t.sandbox.analyticsBridge.events()[0]?.properties['note'], variant).toBe('>>>???~~~');
    }
    t.sandbox.analyticsBridge.clear();
    const json = await post('/bridge/track', `data=${encodeURIComponent(JSON.stringify(record))}`, 'application/x-www-form-urlencoded');
    expect(json.text).toBe('1');
    expect(t.sandbox.analyticsBridge.events()[0]?.properties['note']).toBe('>>>???~~~');
  });

  it('restores a + that a form decode turned into a space before the base64 is read', async () => {
    const standard = b64(trackRecord({ note: '>>>???~~~' }));
    expect(standard).toContain('+');
    // Sent without percent-encoding: the form decode reads each `+` as a space.
    const answer = await post('/bridge/track', `data=${standard}`, 'application/x-www-form-urlencoded');
    expect(answer.text).toBe('1');
    expect(t.sandbox.analyticsBridge.events()[0]?.properties['note']).toBe('>>>???~~~');
  });
});

describe('credentials and answers (seed 002 B "Authentication" and "Errors")', () => {
  it('/track accepts a Project token or a Server key: record accepted is HTTP 200 body 1', async () => {
    const byToken = await post('/bridge/track', JSON.stringify(trackRecord()), 'application/json');
    const byKey = await post('/bridge/track', JSON.stringify(trackRecord({}, serverKey())), 'application/json');
    expect([byToken.status, byToken.text, byKey.status, byKey.text]).toEqual([200, '1', 200, '1']);
    expect(t.sandbox.analyticsBridge.events().every((e) => !('token' in e.properties))).toBe(true);
  });

  it('/track record rejected is HTTP 200 body 0, and nothing of the request is stored', async () => {
    const unknownToken = await post('/bridge/track', JSON.stringify(trackRecord({}, 'not-a-token')), 'application/json');
    const unreadable = await post('/bridge/track', JSON.stringify([trackRecord(), { event: '', properties: {} }]), 'application/json');
    const notData = await post('/bridge/track', 'data=%%%', 'application/x-www-form-urlencoded');
    expect([unknownToken, unreadable, notData].map((a) => [a.status, a.text])).toEqual([
      [200, '0'],
      [200, '0'],
      [200, '0'],
    ]);
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(0);
  });

  it('verbose=1 answers JSON status and error', async () => {
    const accepted = await post('/bridge/track?verbose=1', JSON.stringify(trackRecord()), 'application/json');
    const rejected = await post('/bridge/track?verbose=1', JSON.stringify(trackRecord({}, 'nope')), 'application/json');
    expect(JSON.parse(accepted.text)).toEqual({ status: 1, error: null });
    expect(JSON.parse(rejected.text)).toMatchObject({ status: 0, error: expect.stringContaining('token') });
  });

  it('a Project token from an Origin the Project does not allow is refused; a Server key is not an origin matter', async () => {
    t.sandbox.analyticsBridge.setAllowedOrigins(['https://shop.example']);
    const other = await post('/bridge/track', JSON.stringify(trackRecord()), 'application/json', { origin: 'https://evil.example' });
    const allowed = await post('/bridge/track', JSON.stringify(trackRecord()), 'application/json', { origin: 'https://shop.example' });
    const key = await post('/bridge/track', JSON.stringify(trackRecord({}, serverKey())), 'application/json', { origin: 'https://evil.example' });
    expect([other.text, allowed.text, key.text]).toEqual(['0', '1', '1']);
  });

  it('/import with HTTP Basic (Server key as user name) answers { code: 200, num_records_imported, status: OK }', async () => {
    const answer = await importJson([importRecord('a1'), importRecord('a2')]);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ code: 200, num_records_imported: 2, status: 'OK' });
    const stored = t.sandbox.analyticsBridge.events();
    expect(stored.map((e) => [e.insertId, e.event, e.distinctId, e.time.toISOString(), e.route])).toEqual([
      ['a1', 'label_purchased', 'shp_2', '2026-03-10T11:00:00.000Z', 'import'],
      ['a2', 'label_purchased', 'shp_2', '2026-03-10T11:00:00.000Z', 'import'],
    ]);
  });

  it('/import with bad Basic credentials answers HTTP 401 { code: 401, error, status: Unauthorized }', async () => {
    const answer = await importJson([importRecord('b1')], 'strict=1', { authorization: basic('wrong-key') });
    expect(answer.status).toBe(401);
    expect(answer.json).toEqual({ code: 401, error: expect.any(String), status: 'Unauthorized' });
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(0);
  });

  it('/import refuses a Project token (Basic: 401 JSON naming the Server key; api_key=: body 0)', async () => {
    const byBasic = await importJson([importRecord('c1')], 'strict=1', { authorization: basic(token()) });
    expect(byBasic.status).toBe(401);
    expect(byBasic.json).toMatchObject({ code: 401, status: 'Unauthorized', error: expect.stringMatching(/Project token.*Server key/) });
    const byApiKey = await post(`/bridge/import?api_key=${token()}`, JSON.stringify([importRecord('c2')]), 'application/json');
    expect([byApiKey.status, byApiKey.text]).toEqual([200, '0']);
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(0);
  });

  it('/import with the legacy api_key= answers body 1 or 0, as /track', async () => {
    const good = await post(`/bridge/import?api_key=${serverKey()}`, JSON.stringify([importRecord('d1')]), 'application/json');
    const bad = await post('/bridge/import?api_key=wrong', JSON.stringify([importRecord('d2')]), 'application/json');
    expect([good.status, good.text, bad.status, bad.text]).toEqual([200, '1', 200, '0']);
    expect(t.sandbox.analyticsBridge.events().map((e) => e.insertId)).toEqual(['d1']);
  });

  it('/import with strict=1 and one unreadable record rejects the whole request, none accepted, naming the record', async () => {
    const answer = await importJson([importRecord('e1'), { event: 'label_purchased', properties: { distinct_id: 'x', $insert_id: 'e2' } }, importRecord('e3')]);
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({
      code: 400,
      status: 'Bad Request',
      num_records_imported: 0,
      failed_records: [{ index: 1, $insert_id: 'e2', field: 'properties.time' }],
    });
    expect(t.sandbox.analyticsBridge.events()).toHaveLength(0);
  });

  it('/import without strict=1 stores the readable records and skips the unreadable one', async () => {
    const answer = await importJson([importRecord('f1'), { event: 'x', properties: { time: seconds } }], '');
    expect(answer.json).toEqual({ code: 200, num_records_imported: 1, status: 'OK' });
    expect(t.sandbox.analyticsBridge.events().map((e) => e.insertId)).toEqual(['f1']);
  });

  it('project_id= of another Project is refused; the Project own id is accepted', async () => {
    const other = await importJson([importRecord('g1')], 'strict=1&project_id=999');
    const own = await importJson([importRecord('g2')], `strict=1&project_id=${t.sandbox.credentials.analyticsBridge.projectId}`);
    expect([other.status, own.status]).toEqual([401, 200]);
  });

  it('ip=1 records the caller address; without it none is kept', async () => {
    await post('/bridge/track?ip=1', JSON.stringify(trackRecord()), 'application/json', { 'x-forwarded-for': '203.0.113.7' });
    await post('/bridge/track', JSON.stringify(trackRecord()), 'application/json', { 'x-forwarded-for': '203.0.113.7' });
    expect(t.sandbox.analyticsBridge.events().map((e) => e.ip)).toEqual(['203.0.113.7', null]);
  });
});

describe('storage (seed 002 B "Bridge records" and property rules)', () => {
  it('a replay by $insert_id stores nothing new, and the replay is counted', async () => {
    const batch = [importRecord('r1', { status: 'IN_TRANSIT' }), importRecord('r2')];
    await importJson(batch);
    const replay = await importJson([importRecord('r1', { status: 'CHANGED' }), importRecord('r2')]);
    expect(replay.json['num_records_imported']).toBe(2);
    const stored = t.sandbox.analyticsBridge.events();
    expect(stored.map((e) => e.insertId)).toEqual(['r1', 'r2']);
    expect(stored[0]?.properties['status']).toBe('IN_TRANSIT');
    expect(t.sandbox.analyticsBridge.replays).toBe(2);
  });

  it('nested values are kept as compact JSON strings, strings are cut at 512 characters, at most 40 properties are kept', async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p${String(i + 1).padStart(2, '0')}`, i + 1]));
    await importJson([importRecord('s1', { nested: { a: [1, 2], b: { c: 'd' } }, long: 'x'.repeat(513), exact: 'y'.repeat(512), ...many })]);
    const [event] = t.sandbox.analyticsBridge.events();
    expect(event?.properties['nested']).toBe('{"a":[1,2],"b":{"c":"d"}}');
    expect(event?.properties['long']).toBe('x'.repeat(512));
    expect(event?.properties['exact']).toBe('y'.repeat(512));
    // 40 counted in the order received: the 3 reserved names, nested, long, exact, then p01..p34.
    expect(Object.keys(event?.properties ?? {})).toHaveLength(37);
    expect(event?.properties['p34']).toBe(34);
    expect(event?.properties).not.toHaveProperty('p35');
  });

  it('profile $set and $set_once merge into the profile; other operations are recorded, not applied', async () => {
    const send = (record: unknown) => post('/bridge/engage', JSON.stringify(record), 'application/json');
    await send({ $token: token(), $distinct_id: 'u9', $set: { plan: 'pro', seats: 2 } });
    await send({ $token: token(), $distinct_id: 'u9', $set_once: { plan: 'free', first_seen: 'today' } });
    await send({ $token: token(), $distinct_id: 'u9', $add: { seats: 5 } });
    expect(t.sandbox.analyticsBridge.profile('u9')).toEqual({ plan: 'pro', seats: 2, first_seen: 'today' });
    expect(t.sandbox.analyticsBridge.operations().map((o) => o.operation)).toEqual(['$set', '$set_once', '$add']);
  });
});

describe('knobs', () => {
  it('down (unavailable) answers 503 with Retry-After until the time is up, storing nothing', async () => {
    await t.sandbox.analyticsBridge.down({ mode: 'unavailable', forMs: 30_000 });
    const down = await importJson([importRecord('k1')]).catch(() => null);
    const raw = await post('/bridge/import?strict=1', JSON.stringify([importRecord('k1')]), 'application/json', { authorization: basic(serverKey()) });
    expect(down).toBeNull(); // the 503 body is plain text, not JSON
    expect([raw.status, raw.text, raw.headers.get('retry-after')]).toEqual([503, 'Service Unavailable', '30']);
    t.wallClock.advance(30_000);
    expect((await importJson([importRecord('k1')])).status).toBe(200);
    expect(t.sandbox.analyticsBridge.isDown).toBe(false);
    expect(t.sandbox.analyticsBridge.events().map((e) => e.insertId)).toEqual(['k1']);
  });

  it('down (refused) refuses connections until up(), then listens on the same origin again', async () => {
    await t.sandbox.analyticsBridge.down({ mode: 'refused' });
    // A new TCP connection (fetch would reuse a kept-alive socket, which the outage closed).
    const port = Number(new URL(url('/')).port);
    const error = await new Promise<string | null>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(null);
      });
      socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(error).toBe('ECONNREFUSED');
    await t.sandbox.analyticsBridge.up();
    expect((await fetch(url('/bridge/decide'))).status).toBe(200);
  });

  it('latency and scripted failures come from the shared fault knobs', async () => {
    t.sandbox.failNext('analyticsBridge', { status: 500, count: 1 });
    const failed = await importJson([importRecord('l1')]).catch(() => 'not json');
    expect(failed).toBe('not json');
    expect((await importJson([importRecord('l1')])).status).toBe(200);
    expect(t.sandbox.stats.analyticsBridge.responses).toEqual({ '500': 1, '200': 1 });
  });

  it('each request that stores records is logged (route, count, stored total, replays), never its token or properties', async () => {
    const lines: Array<{ fields: Record<string, unknown>; message: string | undefined }> = [];
    const logged = await startTestSandbox({ logger: { debug: () => {}, info: (fields, message) => void lines.push({ fields: fields as Record<string, unknown>, message }) } });
    try {
      const credential = logged.sandbox.credentials.analyticsBridge.projectToken;
      const record = { event: 'e', properties: { token: credential, distinct_id: 'd', time: seconds, $insert_id: 'log-1', secret_note: 'hidden' } };
      await fetch(`${logged.sandbox.urls.analyticsBridge}/bridge/track`, { method: 'POST', body: JSON.stringify(record), headers: { 'content-type': 'application/json' } });
      const received = lines.filter((l) => l.message === 'analytics bridge received records');
      expect(received.map((l) => l.fields)).toEqual([{ sandbox: 'analyticsBridge', route: 'track', records: 1, storedEvents: 1, replays: 0 }]);
      expect(JSON.stringify(lines)).not.toContain(credential);
      expect(JSON.stringify(lines)).not.toContain('hidden');
    } finally {
      await logged.sandbox.close();
    }
  });

  it('is one of the sandbox simulators, and sandbox/env.ts points the subgraph at it', () => {
    expect(SIMULATOR_NAMES).toContain('analyticsBridge');
    const env = sandboxEnv(t.sandbox);
    expect(env['ANALYTICS_BRIDGE_BASE_URL']).toBe(t.sandbox.urls.analyticsBridge);
    expect(env['ANALYTICS_SERVER_KEY']).toBe(serverKey());
    expect(env['ANALYTICS_PROJECT_TOKEN']).toBe(token());
  });
});
