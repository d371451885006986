/**
 * Idle garbage collection in production (SR4, IDLE_GC_MS): the compiled build, started with start:prod's command line
 * and NODE_ENV=production, runs one full collection once requests stop for IDLE_GC_MS (here 200 ms) and logs it at
 * debug; readiness probes neither bring another nor postpone it, and the next GraphQL request arms it again. What it
 * hands back (idle RSS) is measured by BENCH=startup.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv } from '../../sandbox/env.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { waitFor } from '../support/wait-for.js';
import { ensureBuilt } from './build.js';
import { startProdChild } from './node-flags.js';

const QUERY = '{ shipment(carrier: CARRIER_B, trackingNumber: "100000000003") { trackingNumber } }';
const IDLE_MS = 200;

describe('a production server gone idle', () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    await ensureBuilt();
    sandbox = await startSandbox({});
    dir = await mkdtemp(join(tmpdir(), 'idle-gc-'));
  }, 300_000);
  afterAll(async () => {
    await sandbox?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs one memory-reducing garbage collection once requests stop for IDLE_GC_MS; probes bring no other, the next request re-arms it', async () => {
    const child = await startProdChild({ ...sandboxEnv(sandbox), LOG_LEVEL: 'debug', IDLE_GC_MS: String(IDLE_MS), DATA_DIR: join(dir, 'db') });
    const collections = (): Array<{ heapUsedBefore: number; heapUsedAfter: number; gcMs: number }> =>
      child.output().split('\n').filter((line) => line.includes('"idle: memory-reducing garbage collection"')).map((line) => JSON.parse(line));
    const graphql = async (): Promise<void> => {
      const answer = await fetch(`${child.origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: QUERY }) });
      expect(await answer.json()).toMatchObject({ data: { shipment: { trackingNumber: '100000000003' } } });
    };
    try {
      // The start's own quiet spell may already have brought one; count from the first request on.
      await waitFor(() => collections().length >= 1, { timeoutMs: 5_000 });
      for (let i = 0; i < 20; i++) await graphql();
      const before = collections().length;
      await waitFor(() => collections().length === before + 1, { timeoutMs: 5_000 });
      const [last] = collections().slice(-1);
      expect(last!.heapUsedAfter).toBeLessThan(last!.heapUsedBefore);
      // Probes every 80 ms for more than two quiet times: no other collection.
      for (let i = 0; i < 6; i++) {
        expect((await fetch(`${child.origin}/readyz`)).status).toBe(200);
        await sleep(80);
      }
      expect(collections().length, child.output()).toBe(before + 1);
      await graphql();
      await waitFor(() => collections().length === before + 2, { timeoutMs: 5_000 });
      child.process.kill('SIGTERM');
      expect(await child.exited).toEqual({ code: 0, signal: null });
    } finally {
      await child.kill();
    }
  }, 120_000);
});
