/**
 * /metrics in production, on child processes with NODE_ENV=production: without METRICS_TOKEN (and no listener of its
 * own) it answers 403 naming what to set, and the start says so, while /healthz and /readyz answer as always; with
 * METRICS_TOKEN a scrape without the bearer token is 401 and one with it gets the figures. Before, /metrics was open
 * to anyone who reached the port, and each scrape counted the outbox and the inbox.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../push/child-server.js';
import { SAFEGUARDS_WAIVED } from './auth-support.js';

const TOKEN = 'metrics-token-of-the-test-0123456789';
let root: string;
const children: ChildServer[] = [];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'metrics-access-'));
});
afterAll(async () => {
  await Promise.all(children.map((c) => c.kill()));
  await rm(root, { recursive: true, force: true });
});

async function start(name: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const child = await startChildServer(
    { NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, SANDBOX: 'on', WATCHERS_ENABLED: 'false', DATA_DIR: join(root, name), ...env },
    undefined,
    { startTimeoutMs: 90_000 },
  );
  children.push(child);
  return child;
}

describe('/metrics with NODE_ENV=production', () => {
  it('without METRICS_TOKEN or METRICS_PORT is closed (403 naming both), said at start; /healthz and /readyz still answer', async () => {
    const child = await start('closed');
    const scrape = await fetch(`${child.origin}/metrics`);
    expect(scrape.status).toBe(403);
    const text = await scrape.text();
    expect(text).toContain('METRICS_TOKEN');
    expect(text).toContain('METRICS_PORT');
    expect(text).not.toContain('upstream_calls_total');
    expect(child.output()).toContain('/metrics is closed (403)');
    expect((await fetch(`${child.origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${child.origin}/readyz`)).status).toBe(200);
  }, 120_000);

  it('with METRICS_TOKEN answers only a scrape carrying it as a bearer token', async () => {
    const child = await start('token', { METRICS_TOKEN: TOKEN });
    const without = await fetch(`${child.origin}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await fetch(`${child.origin}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } })).status).toBe(401);
    const scrape = await fetch(`${child.origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('webhook_inbox_pending');
    expect((await fetch(`${child.origin}/healthz`)).status).toBe(200);
  }, 120_000);
});
