/**
 * The embedded store is one process's (issue 7, item 3). Before, two processes on one DATA_DIR both started and
 * corrupted it (the next start aborted inside PGlite).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../push/child-server.js';
import { SAFEGUARDS_WAIVED } from './auth-support.js';

let dataDir: string;
const children: ChildServer[] = [];
const env = () => ({ NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, SANDBOX: 'on', DATA_DIR: dataDir, WATCHERS_ENABLED: 'false' });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'data-dir-lock-'));
});
afterEach(async () => {
  await Promise.all(children.splice(0).map((c) => c.kill()));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ChildServer> {
  const child = await startChildServer(env(), undefined, { startTimeoutMs: 90_000 });
  children.push(child);
  return child;
}

it('a second process on a locked DATA_DIR refuses to start, naming DATA_DIR and the holder pid', async () => {
  const first = await start();
  const second = startChildServer(env(), undefined, { startTimeoutMs: 90_000 });
  await expect(second).rejects.toThrow(new RegExp(`server exited \\(1\\)[\\s\\S]*DATA_DIR ${dataDir} is in use by another carrier-subgraph process \\(pid \\d+`));
  const error = await second.catch((e: Error) => e.message);
  // The holder is the first server's node process (under tsx, a child of the pid we started).
  expect(error).toMatch(/pid \d+ on host /);
  // The first one still serves.
  expect((await fetch(`${first.origin}/readyz`)).status).toBe(200);
}, 240_000);

it('a lock left by a SIGKILLed process is taken over, and the store opens intact', async () => {
  const first = await start();
  const answer = await fetch(`${first.origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ shipment(carrier: CARRIER_B, trackingNumber: "100000000003") { trackingNumber } }' }),
  });
  expect(await answer.json()).toMatchObject({ data: { shipment: { trackingNumber: '100000000003' } } });
  await first.kill();

  const restarted = await start();
  expect(restarted.output()).toMatch(/took over the DATA_DIR lock/);
  const ready = await fetch(`${restarted.origin}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ store: { ok: true }, migrations: { ok: true } });
}, 240_000);
