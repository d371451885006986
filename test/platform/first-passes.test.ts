/**
 * The background jobs a server starts (the watcher, the label worker, the analytics exporter) make their first pass a
 * moment after the start, not in the same instant: on the embedded store every statement runs on the server's event
 * loop, and their first passes used to keep the first requests, /readyz among them, waiting. Read from the server's
 * own `background_job_runs_total` on /metrics: none has run when the start resolves and /readyz answers; each has run
 * a little later. The server `npm start` runs (sandbox mode, default intervals).
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { migratedDataDir } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';

const JOBS = ['watcher', 'label-worker', 'analytics-exporter'];

let server: StartedServer;
let dataDir: string;
let origin: string;

beforeAll(async () => {
  ({ root: dataDir } = await migratedDataDir('first-passes-'));
  const loaded = loadConfig({ SANDBOX: 'on', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  server = await startServer({ config: loaded.config, logger: createLogger('silent') });
  origin = server.url.replace(/\/graphql$/, '');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs of each job so far, by its `job` label (0 when it has none yet). */
async function runsByJob(): Promise<Record<string, number>> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const runs: Record<string, number> = Object.fromEntries(JOBS.map((job) => [job, 0]));
  for (const match of text.matchAll(/^background_job_runs_total\{([^}]*)\} (\d+)/gm)) {
    const job = /job="([^"]+)"/.exec(match[1]!)?.[1];
    if (job !== undefined && job in runs) runs[job]! += Number(match[2]);
  }
  return runs;
}

it('the watcher, the label worker and the analytics exporter make their first pass after the start and its first answers, not with them', async () => {
  expect((await fetch(`${origin}/readyz`)).status).toBe(200);
  expect(await runsByJob()).toEqual({ watcher: 0, 'label-worker': 0, 'analytics-exporter': 0 });
  await waitFor(async () => Object.values(await runsByJob()).every((n) => n >= 1), { timeoutMs: 10_000, intervalMs: 50 });
}, 30_000);
