import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../../src/domain/errors.js';
import { startRecordingProxy } from '../carrier-b/recording-proxy.js';
import { healthConnectorAt, startDarkStoreHarness, type DarkStoreHarness } from './harness.js';

let h: DarkStoreHarness;

beforeAll(async () => {
  h = await startDarkStoreHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.sandbox.darkStore.resetHealth();
  h.sandbox.setFaults('darkStore', { errorRate: 0, malformedRate: 0, latencyMs: 0 });
  h.sandbox.resetStats();
});

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe('dark-store health connector over HTTP (seed 002 A)', () => {
  it('/health needs no credential: the connector sends none', async () => {
    const proxy = await startRecordingProxy(h.sandbox.urls.darkStore);
    const { client, connector } = healthConnectorAt(proxy.origin);
    try {
      expect((await connector.health()).healthy).toBe(true);
      expect(proxy.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /health']);
      const headers = proxy.seen[0]!.headers;
      expect(headers['authorization']).toBeUndefined();
      expect(headers['cookie']).toBeUndefined();
      expect(Object.keys(headers).filter((name) => /key|token|secret|auth/i.test(name))).toEqual([]);
    } finally {
      await client.close();
      await proxy.close();
    }
  });

  it('memory.rss with a unit suffix is parsed into bytes (the text kept as given)', async () => {
    const cases: Array<[string, number | null]> = [
      ['183MB', 183 * 1024 ** 2],
      ['512MB', 512 * 1024 ** 2],
      ['1.2GB', Math.round(1.2 * 1024 ** 3)],
      ['300 MiB', 300 * 1024 ** 2],
      ['123456 B', 123456],
      ['64kb', 64 * 1024],
      ['2 parsecs', null],
      ['512', null],
    ];
    for (const [rss, bytes] of cases) {
      h.sandbox.darkStore.setHealth({ memoryRss: rss });
      const health = await h.connector.health();
      expect(health.memoryRss, rss).toBe(rss);
      expect(health.memoryRssBytes, rss).toBe(bytes);
    }
  });

  it('reads status, db, uptime and timestamp as given, and when it read them', async () => {
    h.wallClock.advance(120_000);
    const health = await h.connector.health();
    expect(health).toMatchObject({ status: 'ok', db: 'connected', timestamp: h.wallClock.now().toISOString() });
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(120);
    expect(Number.isNaN(Date.parse(health.checkedAt))).toBe(false);
  });

  it('status ok and db connected is healthy; db disconnected is not; a status other than ok is not', async () => {
    expect((await h.connector.health()).healthy).toBe(true);
    h.sandbox.darkStore.setHealth({ db: 'disconnected' });
    expect(await h.connector.health()).toMatchObject({ healthy: false, status: 'ok', db: 'disconnected' });
    h.sandbox.darkStore.setHealth({ db: 'connected', status: 'degraded' });
    expect(await h.connector.health()).toMatchObject({ healthy: false, status: 'degraded', db: 'connected' });
  });

  it('every other path is a plain-text 404 Cannot GET /<path> and the connector never calls it', async () => {
    for (let i = 0; i < 5; i += 1) await h.connector.health();
    h.sandbox.darkStore.setHealth({ db: 'disconnected' });
    await h.connector.health();
    h.sandbox.failNext('darkStore', { status: 500, count: 2 });
    await failure(h.connector.health());
    expect(Object.keys(h.sandbox.stats.darkStore.calls)).toEqual(['GET /health']);
    // And the rule the connector keeps to is the simulator's: another path is the seed's 404.
    const other = await fetch(`${h.sandbox.urls.darkStore}/orders`);
    expect([other.status, await other.text()]).toEqual([404, 'Cannot GET /orders']);
  });

  it('an answer that is not the health object is UPSTREAM_CONTRACT, never healthy', async () => {
    h.sandbox.setFaults('darkStore', { malformedRate: 1 });
    const error = await failure(h.connector.health());
    expect(error.code).toBe('UPSTREAM_CONTRACT');
    expect(error.upstream).toBe('dark-store');
  });

  it('a 503 is retried once; two are UPSTREAM_UNAVAILABLE', async () => {
    h.sandbox.failNext('darkStore', { status: 503, count: 1, retryAfterSec: 0 });
    expect((await h.connector.health()).healthy).toBe(true);
    h.sandbox.resetStats();
    h.sandbox.failNext('darkStore', { status: 503, count: 2, retryAfterSec: 0 });
    const error = await failure(h.connector.health());
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(h.sandbox.stats.darkStore.calls['GET /health']).toBe(2);
  });

  it('a base URL whose /health is the 404 (a wrong {fulfilment_url}) is UPSTREAM_NOT_FOUND quoting the text', async () => {
    const { client, connector } = healthConnectorAt(`${h.sandbox.urls.darkStore}/api`);
    try {
      const error = await failure(connector.health());
      expect(error.code).toBe('UPSTREAM_NOT_FOUND');
      expect(error.message).toContain('Cannot GET /api/health');
    } finally {
      await client.close();
    }
  });
});
