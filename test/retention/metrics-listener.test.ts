/**
 * /metrics on a listener of its own (METRICS_HOST, METRICS_PORT): the main port no longer answers it, the probes stay
 * where they were, and METRICS_TOKEN applies on the metrics listener too. Outside production without a token,
 * /metrics on the main port stays open as before.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';

const TOKEN = 'metrics-token-of-the-test-0123456789';
const servers: E2E[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('/metrics access', () => {
  it('METRICS_PORT serves /metrics on its own listener only, behind METRICS_TOKEN when set; the probes stay on PORT', async () => {
    const e2e = await startE2E({ env: { METRICS_PORT: '0', METRICS_HOST: '127.0.0.1', METRICS_TOKEN: TOKEN, WATCHERS_ENABLED: 'false' } });
    servers.push(e2e);
    const origin = new URL(e2e.server.url).origin;
    const metricsUrl = e2e.server.metricsUrl!;
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(metricsUrl).port).not.toBe(new URL(origin).port);
    expect((await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    expect((await fetch(metricsUrl)).status).toBe(401);
    const scrape = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('upstream_calls_total');
    expect((await fetch(new URL('/healthz', metricsUrl))).status).toBe(404);
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);
  });

  it('outside production without a token, /metrics on the main port is open as before', async () => {
    const e2e = await startE2E({ env: { WATCHERS_ENABLED: 'false' } });
    servers.push(e2e);
    expect((await fetch(`${new URL(e2e.server.url).origin}/metrics`)).status).toBe(200);
  });
});
