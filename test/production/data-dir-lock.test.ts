/**
 * The embedded store is one process's. Before, two processes on one DATA_DIR both started and corrupted it (the next
 * start aborted inside PGlite); then a holder stalled past the lock's stale window (SIGSTOP, a long pause) was taken
 * over while alive, and both served. The lock's timings are scaled down here (DATA_DIR_LOCK_STALE_MS and
 * DATA_DIR_LOCK_CHECK_MS) so that "stalled longer than the stale window" takes a second, not ten.
 */
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../push/child-server.js';
import { SAFEGUARDS_WAIVED } from './auth-support.js';

let dataDir: string;
const children: ChildServer[] = [];
const STALE_MS = 1_000;
const env = () => ({
  NODE_ENV: 'production',
  ...SAFEGUARDS_WAIVED,
  SANDBOX: 'on',
  DATA_DIR: dataDir,
  WATCHERS_ENABLED: 'false',
  DATA_DIR_LOCK_STALE_MS: String(STALE_MS),
  DATA_DIR_LOCK_CHECK_MS: '100',
});

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

it('a holder stalled (SIGSTOP) past the stale window is not taken over while its pid lives: a second process refuses naming it, and the first serves again after SIGCONT', async () => {
  const first = await start();
  // The whole process group: tsx runs the server in a child node process.
  process.kill(-first.process.pid!, 'SIGSTOP');
  try {
    await new Promise((resolve) => setTimeout(resolve, STALE_MS * 2));
    const second = startChildServer(env(), undefined, { startTimeoutMs: 90_000 });
    second.then((c) => children.push(c)).catch(() => undefined);
    const refusal = await second.then(
      () => 'started',
      (e: Error) => e.message,
    );
    expect(refusal).toMatch(new RegExp(`server exited \\(1\\)[\\s\\S]*DATA_DIR ${dataDir} is in use by another carrier-subgraph process \\(pid \\d+ on host ${hostname()}`));
    expect(refusal).not.toMatch(/took over/);
  } finally {
    process.kill(-first.process.pid!, 'SIGCONT');
  }
  const ready = await fetch(`${first.origin}/readyz`);
  expect(ready.status).toBe(200);
  const answer = await fetch(`${first.origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ shipment(carrier: CARRIER_B, trackingNumber: "100000000003") { trackingNumber } }' }),
  });
  expect(await answer.json()).toMatchObject({ data: { shipment: { trackingNumber: '100000000003' } } });
  expect(first.output()).not.toMatch(/lock lost/);
}, 240_000);

it('a holder whose lock is taken away and rewritten by another pid stops and exits non-zero, saying why', async () => {
  const first = await start();
  // Another process (this one: alive, on this host) now holds the directory, as a takeover would leave it. The holder
  // file is replaced in one rename: removing the directory first left a moment in which the server could find no lock
  // at all, and it then (rightly) stopped for that reason instead.
  const lockDir = join(dataDir, '.carrier-subgraph.lock');
  const replacement = join(lockDir, 'holder.json.next');
  await writeFile(
    replacement,
    JSON.stringify({ pid: process.pid, hostname: hostname(), since: new Date().toISOString(), startId: null, token: 'someone-else' }),
  );
  await rename(replacement, join(lockDir, 'holder.json'));
  const exit = await Promise.race([first.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 5_000))]);
  expect(exit).toEqual({ code: 1, signal: null });
  expect(first.output()).toMatch(/DATA_DIR lock lost/);
  expect(first.output()).toMatch(new RegExp(`pid ${process.pid}`));
  await rm(lockDir, { recursive: true, force: true });
}, 240_000);
