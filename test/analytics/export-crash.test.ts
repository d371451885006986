/**
 * Issue 11 items 2, 3 and 7 over real HTTP: the server runs as a child process with NODE_ENV=production (stopped by
 * SIGTERM, then killed by SIGKILL, then restarted while the bridge is down), exporting to
 * the analytics bridge simulator (in this process, so the test reads what it stored by `$insert_id`). Nothing is lost
 * across a SIGKILL of the exporter mid-batch and a bridge down for a while; the backfill, run twice after live export,
 * adds nothing at the bridge. On embedded PGlite (a data directory) and on PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { insertIdOf } from '../../src/domain/analytics.js';
import { statusChangeIdentity } from '../../src/domain/lifecycle-events.js';
import { StatusLog } from '../../src/store/status-log.js';
import { openStore, type StoreOptions } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';
import { freePort, startChildServer, type ChildServer } from '../push/child-server.js';
import { changeInput } from '../realtime/fixtures.js';
import { SAFEGUARDS_WAIVED } from '../production/auth-support.js';

const METRICS_TOKEN = 'export-crash-metrics-token-0123456';

const run = promisify(execFile);
const CHANGES = 300;

describe.each(STORE_BACKENDS)('analytics export over HTTP on $name', (backend) => {
  let sandbox: Sandbox;
  let dataDir: string;
  let storeOptions: StoreOptions;
  let env: Record<string, string>;
  let child: ChildServer | null = null;
  const expected = new Set<string>();

  beforeAll(async () => {
    sandbox = await startSandbox();
    dataDir = await mkdtemp(join(tmpdir(), 'analytics-export-'));
    const backendEnv = await backend.env();
    storeOptions = backendEnv.DATABASE_URL ? { databaseUrl: backendEnv.DATABASE_URL } : { dataDir };
    env = {
      ...backendEnv,
      NODE_ENV: 'production',
      ...SAFEGUARDS_WAIVED,
      // Production closes /metrics without its token.
      METRICS_TOKEN: METRICS_TOKEN,
      SANDBOX: 'off',
      DATA_DIR: dataDir,
      GROUP_A_TRACK_BASE_URL: sandbox.urls.groupAUnified,
      GROUP_A_TRACK_API_KEY: sandbox.credentials.groupAUnified.apiKey,
      WATCHERS_ENABLED: 'false',
      ANALYTICS_BRIDGE_BASE_URL: sandbox.urls.analyticsBridge,
      ANALYTICS_PROJECT_TOKEN: sandbox.credentials.analyticsBridge.projectToken,
      ANALYTICS_SERVER_KEY: sandbox.credentials.analyticsBridge.serverKey,
      ANALYTICS_EXPORT_BATCH_SIZE: '25',
      ANALYTICS_EXPORT_INTERVAL_MS: '100',
      ANALYTICS_EXPORT_LEASE_MS: '1500',
      ANALYTICS_EXPORT_RETRY_BASE_MS: '100',
      ANALYTICS_EXPORT_RETRY_MAX_MS: '400',
    };
    // Recorded changes (each with its outbox row, written by the status log in the same transaction).
    const store = await openStore(storeOptions);
    try {
      const log = new StatusLog(store);
      for (let i = 0; i < CHANGES; i += 1) {
        const input = changeInput({ trackingNumber: `AXCRASH${String(i).padStart(4, '0')}` });
        await store.transaction((tx) => log.append(tx, input));
        expected.add(insertIdOf(statusChangeIdentity(input.dedupKey)));
      }
    } finally {
      await store.close();
    }
  });
  afterAll(async () => {
    await child?.kill();
    await sandbox?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const storedIds = () => sandbox.analyticsBridge.events().map((e) => e.insertId);
  const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  const inFlight = () => sum(sandbox.stats.analyticsBridge.calls) - sum(sandbox.stats.analyticsBridge.responses);

  it('SIGTERM mid-batch exits 0 with nothing left claimed; nothing lost across a SIGKILL of the exporter mid-batch and a bridge down for a while: every recorded change arrives exactly once by $insert_id', async () => {
    // A slow bridge holds each batch in flight long enough to kill the process during one.
    sandbox.setFaults('analyticsBridge', { latencyMs: 200 });
    const port = await freePort();

    // SIGTERM while a batch is in flight: the exporter finishes it and the process exits 0, leaving nothing claimed.
    child = await startChildServer(env, port);
    await waitFor(() => storedIds().length >= 25, { timeoutMs: 30_000 });
    await waitFor(() => inFlight() > 0, { timeoutMs: 10_000, intervalMs: 1 });
    process.kill(child.process.pid!, 'SIGTERM');
    expect((await child.exited).code).toBe(0);
    child = null;
    const afterTerm = await openStore(storeOptions);
    try {
      const { rows } = await afterTerm.query<{ state: string; n: number }>(
        "SELECT state, count(*)::int AS n FROM analytics_outbox WHERE state = 'EXPORTED' OR attempts > 0 GROUP BY state ORDER BY state",
      );
      expect(rows).toEqual([{ state: 'EXPORTED', n: storedIds().length }]);
    } finally {
      await afterTerm.close();
    }

    // SIGKILL while a batch is in flight.
    const exportedBeforeKill = storedIds().length;
    child = await startChildServer(env, port);
    await waitFor(() => storedIds().length >= exportedBeforeKill + 25, { timeoutMs: 30_000 });
    // Killed while a batch is in flight (received by the bridge, not answered yet).
    await waitFor(() => inFlight() > 0, { timeoutMs: 10_000, intervalMs: 1 });
    await child.kill();
    child = null;
    const beforeRestart = storedIds().length;
    expect(beforeRestart).toBeLessThan(CHANGES);

    // The bridge is down (503 with Retry-After) when the server comes back; it returns a while later.
    await sandbox.analyticsBridge.down({ mode: 'unavailable' });
    sandbox.setFaults('analyticsBridge', { latencyMs: 0 });
    child = await startChildServer(env, port);
    // The restarted exporter meets the outage (503s) and backs off, several times.
    await waitFor(() => (sandbox.stats.analyticsBridge.responses['503'] ?? 0) >= 3, { timeoutMs: 20_000 });
    expect(storedIds().length).toBe(beforeRestart);
    await sandbox.analyticsBridge.up();

    await waitFor(() => storedIds().length >= CHANGES, { timeoutMs: 60_000, intervalMs: 50 });
    const ids = storedIds();
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(expected);
    // The progress is visible, and nothing waits any more.
    const scrape = { headers: { authorization: `Bearer ${METRICS_TOKEN}` } };
    await waitFor(async () => /analytics_export_lag_seconds 0\b/.test(await (await fetch(`${child!.origin}/metrics`, scrape)).text()), { timeoutMs: 10_000 });
    const metrics = await (await fetch(`${child.origin}/metrics`, scrape)).text();
    expect(metrics).toMatch(new RegExp(`analytics_events_written_total ${CHANGES}\\b`));
    expect(metrics).toMatch(/analytics_events_exported_total \d+/);
    await child.kill();
    child = null;
  }, 120_000);

  it('the backfill, run twice after live export, adds nothing at the bridge', async () => {
    const before = storedIds().length;
    const replaysBefore = sandbox.analyticsBridge.replays;
    const backfill = async () => {
      const { stdout } = await run('node_modules/.bin/tsx', ['scripts/analytics-backfill.ts', '--export'], { env: { ...process.env, ...env, LOG_LEVEL: 'warn' } });
      return JSON.parse(stdout.trim().split('\n').at(-1)!) as { read: number; added: number; exported: number };
    };
    expect(await backfill()).toMatchObject({ read: CHANGES, added: 0, exported: 0 });
    // The outbox forgotten (a restored database, a purge): the backfill writes the rows again, and the bridge keeps one
    // event per $insert_id.
    const store = await openStore(storeOptions);
    await store.query('DELETE FROM analytics_outbox');
    await store.close();
    expect(await backfill()).toMatchObject({ read: CHANGES, added: CHANGES, exported: CHANGES });
    expect(storedIds().length).toBe(before);
    expect(new Set(storedIds())).toEqual(expected);
    expect(sandbox.analyticsBridge.replays - replaysBefore).toBe(CHANGES);
  }, 120_000);
});
