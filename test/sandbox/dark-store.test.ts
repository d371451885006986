import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIMULATOR_NAMES } from '../../sandbox/index.js';
import { sandboxEnv } from '../../sandbox/env.js';
import { startTestSandbox, type TestSandbox } from './support.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(async () => {
  await t.sandbox.close();
});
beforeEach(() => {
  t.sandbox.darkStore.resetHealth();
  t.sandbox.setFaults('darkStore', { latencyMs: 0, errorRate: 0, malformedRate: 0 });
  t.sandbox.resetStats();
});

const url = (path: string) => `${t.sandbox.urls.darkStore}${path}`;

describe('dark-store simulator (seed 002 A)', () => {
  it('/health needs no credential and answers status, db, uptime, timestamp (ISO 8601 UTC) and memory.rss with a unit suffix', async () => {
    const response = await fetch(url('/health'));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, any>;
    expect(body).toMatchObject({ status: 'ok', db: 'connected', memory: { rss: '183MB' } });
    expect(typeof body['uptime']).toBe('number');
    expect(body['timestamp']).toBe(t.wallClock.now().toISOString());
    expect(body['memory'].rss).toMatch(/^\d+(\.\d+)?\s*[A-Za-z]+$/);
  });

  it('uptime is seconds since start', async () => {
    const before = ((await (await fetch(url('/health'))).json()) as { uptime: number }).uptime;
    t.wallClock.advance(90_000);
    const after = ((await (await fetch(url('/health'))).json()) as { uptime: number }).uptime;
    expect(after - before).toBe(90);
  });

  it('every other path is a plain-text 404 Cannot GET /<path> (root, documentation and schema paths, version prefixes)', async () => {
    for (const path of ['/', '/docs', '/swagger.json', '/openapi.json', '/graphql', '/v1/orders', '/api/v1/health', '/health/db']) {
      const response = await fetch(url(path));
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/plain/);
      expect(await response.text(), path).toBe(`Cannot GET ${path}`);
    }
  });

  it('another method on /health is a plain-text 404 too, worded with its method', async () => {
    const response = await fetch(url('/health'), { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Cannot POST /health');
  });

  it('knobs set status, db and memory.rss', async () => {
    t.sandbox.darkStore.setHealth({ db: 'disconnected', memoryRss: '1.2GB' });
    const body = (await (await fetch(url('/health'))).json()) as Record<string, any>;
    expect(body).toMatchObject({ status: 'ok', db: 'disconnected', memory: { rss: '1.2GB' } });
    t.sandbox.darkStore.setHealth({ status: 'degraded' });
    expect(((await (await fetch(url('/health'))).json()) as { status: string }).status).toBe('degraded');
  });

  it('faults apply to /health: a scripted 503 answers plain text, then the next call is healthy again', async () => {
    t.sandbox.failNext('darkStore', { status: 503, count: 1 });
    const failed = await fetch(url('/health'));
    expect(failed.status).toBe(503);
    expect(await failed.text()).toBe('Service Unavailable');
    expect((await fetch(url('/health'))).status).toBe(200);
    expect(t.sandbox.stats.darkStore.calls).toEqual({ 'GET /health': 2 });
  });

  it('is one of the sandbox simulators, and sandbox/env.ts points the subgraph at it with a catchment', () => {
    expect(SIMULATOR_NAMES).toContain('darkStore');
    const env = sandboxEnv(t.sandbox);
    expect(env['DARK_STORE_BASE_URL']).toBe(t.sandbox.urls.darkStore);
    expect(env['DARK_STORE_PINCODES']).toMatch(/^\d{6}(,\d{6})+$/);
  });
});
