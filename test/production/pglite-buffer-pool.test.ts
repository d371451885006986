/**
 * The embedded store's buffer pool in production (SU1, SM24-1): the compiled build, started with start:prod's node
 * command line and NODE_ENV=production, reaches ready with PostgreSQL running the pool PGLITE_SHARED_BUFFERS asks for
 * (4MB when unset), says so in its "store opened" line, and its store answers: a Carrier B shipment is looked up,
 * recorded and read again. The memory and start time the pool's size saves are measured by BENCH=startup.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv } from '../../sandbox/env.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { ensureBuilt } from './build.js';
import { startProdChild } from './node-flags.js';

const QUERY = '{ shipment(carrier: CARRIER_B, trackingNumber: "100000000003") { trackingNumber } }';

describe("the embedded store's buffer pool in a production start", () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    await ensureBuilt();
    sandbox = await startSandbox({});
    dir = await mkdtemp(join(tmpdir(), 'pglite-pool-'));
  }, 300_000);
  afterAll(async () => {
    await sandbox?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    { label: 'unset', setting: undefined, pool: '4MB' },
    { label: '8MB', setting: '8MB', pool: '8MB' },
  ])('PGLITE_SHARED_BUFFERS $label: ready with a $pool pool, and the store answers', async ({ setting, pool }) => {
    const child = await startProdChild({
      ...sandboxEnv(sandbox),
      DATA_DIR: join(dir, `db-${pool}`),
      ...(setting ? { PGLITE_SHARED_BUFFERS: setting } : {}),
    });
    try {
      const opened = child.output().split('\n').find((line) => line.includes('"store opened"'));
      expect(opened, child.output()).toBeDefined();
      expect(JSON.parse(opened!)).toMatchObject({ store: 'pglite', sharedBuffers: pool });
      expect(await (await fetch(`${child.origin}/readyz`)).json()).toMatchObject({ status: 'ready' });
      for (let i = 0; i < 2; i++) {
        const answer = await fetch(`${child.origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: QUERY }) });
        expect(await answer.json()).toMatchObject({ data: { shipment: { trackingNumber: '100000000003' } } });
      }
      child.process.kill('SIGTERM');
      expect(await child.exited).toEqual({ code: 0, signal: null });
    } finally {
      await child.kill();
    }
  }, 120_000);
});
