/**
 * Analytics export benchmark (issue 11 item 8). What production runs: the compiled build (`dist/`, rebuilt when older
 * than its inputs) started as `node dist/src/main.js` with NODE_ENV=production; the simulators (Group A push and the
 * analytics bridge, its latency BENCH_ANALYTICS_LATENCY_MS, default 20 ms) in the bench's process, not the server's, so
 * the bench counts what the bridge stored by `$insert_id` (the simulator has no read route); the load from the bench's
 * process. Two figures, each as a ratio to its limit:
 * 1. export throughput: BENCH_ANALYTICS_BACKLOG (5000) status changes recorded in the store (each with its outbox row)
 *    before the server starts; events per second from the first batch sent until the bridge holds all of them, against
 *    the ceiling one exporter with one batch in flight allows (ANALYTICS_EXPORT_BATCH_SIZE / one bridge round trip);
 * 2. lag under a steady BENCH_ANALYTICS_RATE (200) status changes per second for BENCH_ANALYTICS_SECONDS (30): Group A
 *    push webhooks sent open loop, each a new change; per event, the time the bridge stored it minus the time the change
 *    was recorded (the outbox row's created_at, the recording transaction's time): p50/p95/p99 against one bridge round
 *    trip and ANALYTICS_EXPORT_INTERVAL_MS; and the rate the store actually recorded (PGlite works in the server's event
 *    loop and may fall behind the offered rate on a busy machine), so each figure names its store.
 * Stores: BENCH_ANALYTICS_STORES=pglite,postgres (default both); PostgreSQL is DATABASE_URL's server when set (a new
 * database on it per run), else a throwaway server from the machine's binaries, as the tests start one.
 * Duplicates at the bridge (records whose `$insert_id` it already held) are printed and must be 0.
 * Run alone: `BENCH=analytics npm run bench`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Agent, request } from 'undici';
import { startSandbox, type Sandbox } from '../sandbox/index.js';
import { insertIdOf } from '../src/domain/analytics.js';
import { statusChangeIdentity } from '../src/domain/lifecycle-events.js';
import { StatusLog } from '../src/store/status-log.js';
import { openStore } from '../src/store/store.js';
import { ensureBuilt } from '../test/production/build.js';
import { freePort, startChildServer, type ChildServer } from '../test/push/child-server.js';
import { changeInput } from '../test/realtime/fixtures.js';
import { metric } from './processes.js';
import { activePushSubscription, pushBody, waitUntil } from './push-support.js';
import { storesUnderTest, type StoreUnderTest } from './stores.js';
import { measureRoundTrip, percentile } from './stats.js';
import { startProdNodeArgs } from '../test/production/node-flags.js';
import { OPT_OUT_PHRASE } from '../src/platform/auth-config.js';

const LATENCY_MS = Number(process.env.BENCH_ANALYTICS_LATENCY_MS ?? 20);
const BACKLOG = Number(process.env.BENCH_ANALYTICS_BACKLOG ?? 5000);
const RATE = Number(process.env.BENCH_ANALYTICS_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_ANALYTICS_SECONDS ?? 30);
const BATCH_SIZE = Number(process.env.ANALYTICS_EXPORT_BATCH_SIZE ?? 200);
const INTERVAL_MS = Number(process.env.ANALYTICS_EXPORT_INTERVAL_MS ?? 1000);
/** How long the bench waits for the bridge to hold everything after the load ends before it calls the run failed. */
const SETTLE_TIMEOUT_MS = 120_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);

function serverEnv(sandbox: Sandbox, storeEnv: Record<string, string>, dataDir: string): Record<string, string> {
  return {
    ...storeEnv,
    NODE_ENV: 'production',
    // Called directly, with no router or client token (bench/processes.ts startProduction does the same).
    ROUTER_SHARED_SECRET_DISABLED: OPT_OUT_PHRASE,
    AUTH_DIRECTIVES_DISABLED: OPT_OUT_PHRASE,
    SANDBOX: 'off',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    WATCHERS_ENABLED: 'false',
    GROUP_A_TRACK_BASE_URL: sandbox.urls.groupAUnified,
    GROUP_A_TRACK_API_KEY: sandbox.credentials.groupAUnified.apiKey,
    GROUP_A_PUSH_BASE_URL: sandbox.push.baseUrl,
    ANALYTICS_BRIDGE_BASE_URL: sandbox.urls.analyticsBridge,
    ANALYTICS_PROJECT_TOKEN: sandbox.credentials.analyticsBridge.projectToken,
    ANALYTICS_SERVER_KEY: sandbox.credentials.analyticsBridge.serverKey,
    ANALYTICS_EXPORT_BATCH_SIZE: String(BATCH_SIZE),
    ANALYTICS_EXPORT_INTERVAL_MS: String(INTERVAL_MS),
  };
}

/** The compiled server, as `npm run start:prod` runs it (without .env: the bench sets every variable it needs). */
function startProduction(env: Record<string, string>): Promise<ChildServer> {
  return startChildServer(env, undefined, { command: [process.execPath, ...startProdNodeArgs()], startTimeoutMs: 120_000 });
}

/** Figure 1: a backlog recorded before the server starts, then exported at the bridge's pace. */
async function throughput(store: StoreUnderTest, roundTripMs: number): Promise<string[]> {
  const sandbox = await startSandbox({ push: { duplicateRate: 0 } });
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-analytics-'));
  const { env, options } = await store.fresh();
  let child: ChildServer | null = null;
  try {
    const expected = new Set<string>();
    const db = await openStore(options.databaseUrl ? options : { dataDir });
    try {
      const log = new StatusLog(db);
      // 100 changes per transaction: the backlog is written quickly; each change still gets its own outbox row.
      for (let start = 0; start < BACKLOG; start += 100) {
        await db.transaction(async (tx) => {
          for (let i = start; i < Math.min(BACKLOG, start + 100); i++) {
            const input = changeInput({ trackingNumber: `AXBENCH${String(i).padStart(7, '0')}` });
            await log.append(tx, input);
            expected.add(insertIdOf(statusChangeIdentity(input.dedupKey)));
          }
        });
      }
    } finally {
      await db.close();
    }
    sandbox.setFaults('analyticsBridge', { latencyMs: LATENCY_MS });
    child = await startProduction(serverEnv(sandbox, env, dataDir));
    const bridge = sandbox.analyticsBridge;
    await waitUntil(() => bridge.events().length >= expected.size, SETTLE_TIMEOUT_MS + (BACKLOG / BATCH_SIZE) * 1000, 'the backlog at the bridge');
    const events = bridge.events();
    const ours = events.filter((e) => expected.has(e.insertId));
    const times = ours.map((e) => e.receivedAt.getTime());
    // The first batch left about one round trip before the bridge stored it (the simulator waits its latency first).
    const elapsedMs = Math.max(...times) - Math.min(...times) + roundTripMs;
    const rate = (ours.length * 1000) / elapsedMs;
    const ceiling = (BATCH_SIZE * 1000) / roundTripMs;
    const batches = sandbox.stats.analyticsBridge.calls['POST /bridge/import'] ?? 0;
    return [
      `${store.name}: backlog of ${BACKLOG} recorded changes, batch ${BATCH_SIZE}: ${ours.length}/${expected.size} at the bridge in ${f1(elapsedMs)} ms ` +
        `= ${f1(rate)} events/s = ${f2(rate / ceiling)} x ceiling (${BATCH_SIZE} per round trip = ${f1(ceiling)} events/s); ` +
        `${batches} import calls (minimum ${Math.ceil(BACKLOG / BATCH_SIZE)}); duplicates at the bridge ${bridge.replays} (must be 0)`,
    ];
  } finally {
    await child?.kill();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Figure 2: steady status changes through the webhook; lag from recorded to stored at the bridge. */
async function lag(store: StoreUnderTest, roundTripMs: number): Promise<string[]> {
  const sandbox = await startSandbox({ push: { duplicateRate: 0 } });
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-analytics-'));
  const { env, options } = await store.fresh();
  let child: ChildServer | null = null;
  const agent = new Agent({ connections: 64 });
  try {
    sandbox.setFaults('analyticsBridge', { latencyMs: LATENCY_MS });
    child = await startProduction(serverEnv(sandbox, env, dataDir));
    const { webhook, secret } = await activePushSubscription(child.origin, sandbox);
    const total = RATE * SECONDS;
    let failed = 0;
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      // Open loop: notification i leaves at i / RATE seconds whatever the earlier ones are doing.
      const wait = started + (i * 1000) / RATE - performance.now();
      if (wait > 0) await sleep(wait);
      const body = pushBody(`AXLAG${String(i).padStart(7, '0')}`, '2026-03-10T10:00:00');
      inFlight.push(
        request(webhook, { method: 'POST', headers: { 'content-type': 'application/json', 'carrier-push-secret': secret }, body, dispatcher: agent }).then(
          async (r) => {
            await r.body.arrayBuffer();
            if (r.statusCode !== 200) failed += 1;
          },
          () => void (failed += 1),
        ),
      );
    }
    await Promise.all(inFlight);
    const acknowledged = total - failed;
    const origin = child.origin;
    // Settled: every acknowledged change written to the outbox (processing done) and all of them at the bridge.
    await waitUntil(
      async () => (await metric(origin, 'analytics_events_written_total')) >= acknowledged &&
        sandbox.analyticsBridge.events().filter((e) => e.distinctId.includes('AXLAG')).length >= acknowledged,
      SETTLE_TIMEOUT_MS,
      'every acknowledged change at the bridge',
    );
    await child.kill();
    child = null;
    const db = await openStore(options.databaseUrl ? options : { dataDir });
    let rows: Array<{ identity: string; created_ms: string }>;
    try {
      rows = (
        await db.query<{ identity: string; created_ms: string }>(
          `SELECT identity, (extract(epoch FROM created_at) * 1000)::text AS created_ms FROM analytics_outbox WHERE kind = 'shipment_status_changed' AND distinct_id LIKE '%AXLAG%'`,
        )
      ).rows;
    } finally {
      await db.close();
    }
    const stored = new Map(sandbox.analyticsBridge.events().map((e) => [e.insertId, e.receivedAt.getTime()]));
    const lags: number[] = [];
    let missing = 0;
    for (const row of rows) {
      const at = stored.get(insertIdOf(row.identity));
      if (at === undefined) missing += 1;
      else lags.push(at - Number(row.created_ms));
    }
    // Only the bench's own changes (the push subscription's subject may add one of its own).
    const recorded = rows.map((r) => Number(r.created_ms));
    const spanMs = Math.max(...recorded) - Math.min(...recorded);
    const achieved = ((rows.length - 1) * 1000) / spanMs;
    const p = (q: number) => percentile(lags, q);
    const against = (ms: number) => `${f1(ms)} ms = ${f2(ms / roundTripMs)} round trips, ${f2(ms / INTERVAL_MS)} x interval`;
    return [
      `${store.name}: ${total} status changes offered at ${RATE}/s for ${SECONDS} s (${failed} webhooks not answered 200); ` +
        `${rows.length} recorded at ${f1(achieved)}/s = ${f2(achieved / RATE)} x offered (${achieved >= RATE * 0.98 ? 'sustained' : 'NOT sustained by this store'})`,
      `  lag recorded -> stored at the bridge (${lags.length} events, ${missing} missing): p50 ${against(p(0.5))}; p95 ${against(p(0.95))}; p99 ${against(p(0.99))}; ` +
        `max ${f1(Math.max(...lags))} ms`,
      `  duplicates at the bridge ${sandbox.analyticsBridge.replays} (must be 0)`,
    ];
  } finally {
    await agent.close();
    await child?.kill();
    await sandbox.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runAnalyticsBench(): Promise<string[]> {
  await ensureBuilt();
  const probe = await startSandbox();
  probe.setFaults('analyticsBridge', { latencyMs: LATENCY_MS });
  const roundTripMs = await measureRoundTrip(probe.origins.analyticsBridge);
  await probe.close();
  const out = [
    `compiled build, NODE_ENV=production; bridge simulator latency ${LATENCY_MS} ms, one round trip ${f1(roundTripMs)} ms; ` +
      `ANALYTICS_EXPORT_BATCH_SIZE ${BATCH_SIZE}, ANALYTICS_EXPORT_INTERVAL_MS ${INTERVAL_MS}`,
  ];
  const { list, notes, stop } = await storesUnderTest('BENCH_ANALYTICS_STORES');
  try {
    out.push(...notes);
    for (const store of list) out.push(...(await throughput(store, roundTripMs)));
    for (const store of list) out.push(...(await lag(store, roundTripMs)));
  } finally {
    await stop();
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runAnalyticsBench()) console.log(line);
  process.exit(0);
}
