/**
 * Figures at scale (`BENCH=scale`): what a store that grew for months costs, on each store (SCALE_BENCH_STORES,
 * default `pglite,postgres`), on what production runs: the compiled build (`dist/`, rebuilt when older than its
 * inputs), NODE_ENV=production, its own process; Carrier B's simulator in this process. For each store two servers run
 * side by side, one on a store just started to be used ("empty": 1,000 rows of each, so every list already answers a
 * full page and the two answer the same) and one on a store pre-filled with SCALE_BENCH_STATUS_ROWS status-log rows
 * (1M; ten per shipment, references `order-<n>`), SCALE_BENCH_OUTBOX_ROWS outbox rows (1M, exported 30 days ago, so
 * retention may purge them all) and SCALE_BENCH_LABELS labels (100k); both are filled with generate_series SQL (for
 * PGlite into its DATA_DIR) and left as months of use leave them (bench/scale-fill.ts) before the servers start.
 * Every figure is printed as a ratio full / empty:
 * - /metrics p99 over sequential scrapes (target <= 2x);
 * - /healthz p99 while 10 clients scrape /metrics without pause (target < 50 ms);
 * - p50 and p99 of a shipment query, statusChanges by reference, labels(first: 50) and a label purchase (target
 *   <= 1.2x); these and the /metrics scrapes go one at a time, alternately to the two servers (`paired`);
 * - the retention job purging the outbox's rows while 50 clients (autocannon, its own process) query statusChanges by
 *   reference and labels: their p99 during the purge against the same load on the same store just before (quiet),
 *   target <= 1.5x. The job's first pass starts SCALE_BENCH_PURGE_AFTER_MS after the start (120 s), after the other
 *   measurements; the purge is watched for at most SCALE_BENCH_PURGE_MAX_S (90 s) and its progress printed.
 * Environment: SCALE_BENCH_SAMPLES (300 per sequential figure and server: a p99 of 300 is their fourth largest, of
 * 100 it was the second), SCALE_BENCH_QUERY_SAMPLES (1,000 for the shipment query, statusChanges by reference and
 * labels: two identical servers' p99 of 300 differed by up to 0.22-1.73x, too wide for a 1.2x target), SCALE_BENCH_STORES, SCALE_BENCH_CACHE_DIR (where filled PGlite directories are kept between
 * runs), SCALE_BENCH_SUBGRAPH_NODE_ARGS (extra node flags for the full store's subgraph). Method and figures:
 * docs/benchmarks.md ("Figures at scale"). Run alone: `BENCH=scale npm run bench`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ManualClock, startSandbox, type Sandbox } from '../sandbox/index.js';
import { BENCH_METRICS_TOKEN, ensureBuild, inProcessSandboxEnv, killAll, metric, ROOT, start, startProduction, stopAndWait, type ProductionServer } from './processes.js';
import { fill, pgliteDataDir, settle, type Sizes } from './scale-fill.js';
import { purchaseInput } from './shipping.js';
import { percentile } from './stats.js';
import { storesUnderTest, type StoreUnderTest } from './stores.js';

const STATUS_ROWS = Number(process.env.SCALE_BENCH_STATUS_ROWS ?? 1_000_000);
const OUTBOX_ROWS = Number(process.env.SCALE_BENCH_OUTBOX_ROWS ?? 1_000_000);
const LABELS = Number(process.env.SCALE_BENCH_LABELS ?? 100_000);
const SAMPLES = Number(process.env.SCALE_BENCH_SAMPLES ?? 300);
/** The three read queries (a few ms each): a p99 of 1,000 is their tenth largest, steadier than the fourth of 300. */
const QUERY_SAMPLES = Number(process.env.SCALE_BENCH_QUERY_SAMPLES ?? 1_000);
const PURGE_AFTER_MS = Number(process.env.SCALE_BENCH_PURGE_AFTER_MS ?? 120_000);
const PURGE_MAX_S = Number(process.env.SCALE_BENCH_PURGE_MAX_S ?? 90);
const LOAD_SECONDS = 10;
/** Extra node flags for the full store's subgraph (e.g. `--trace-gc`, `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
const SUBGRAPH_NODE_ARGS = (process.env.SCALE_BENCH_SUBGRAPH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const EPOCH = '2026-03-10T12:00:00Z';

const SHIPMENT = '{ shipment(carrier: CARRIER_B, trackingNumber: "123456789013") { id status { status } } }';
/** A shipment of both stores (ten changes each): the same answer on the small and the full store. */
const BY_REFERENCE = '{ statusChanges(filter: { reference: "order-42" }, first: 20) { edges { cursor } } }';
const LABELS_PAGE = '{ labels(first: 50) { edges { node { id state } } } }';
/** What the 50 clients ask during the purge: two store-bound lists in one request. */
const MIX = '{ statusChanges(filter: { reference: "order-77" }, first: 10) { edges { cursor } } labels(first: 10) { edges { node { id } } } }';
const CREATE = `mutation Create($input: CreateShipmentInput!) {
  createShipment(input: $input) { purchase { label { id state } } userErrors { code message } }
}`;

interface Percentiles { p50: number; p99: number }

interface Figures {
  metricsP99: number;
  healthzP99: number;
  queries: Record<string, Percentiles>;
}

/** Failures: autocannon's errors, timeouts (no answer in 10 s) and non-2xx answers, quiet and per run during the purge. */
interface PurgeFigures { quietP99: number; quietFailures: number; duringP99: number[]; duringFailures: number[]; purged: number; seconds: number; startedEarly: boolean }

async function gql(url: string, query: string, variables?: Record<string, unknown>): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, ...(variables ? { variables } : {}) }) });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (!response.ok || body.errors) throw new Error(`${query.slice(0, 60)}: ${response.status} ${JSON.stringify(body.errors ?? body).slice(0, 300)}`);
}

async function timed(times: number[], run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  times.push(performance.now() - started);
}

const percentiles = (times: readonly number[]): Percentiles => ({ p50: percentile(times, 0.5), p99: percentile(times, 0.99) });

async function sequential(samples: number, run: (i: number) => Promise<unknown>): Promise<Percentiles> {
  await run(-1); // warm-up, not counted
  const times: number[] = [];
  for (let i = 0; i < samples; i++) await timed(times, () => run(i));
  return percentiles(times);
}

type Side = 'empty' | 'full';

/**
 * One request at a time, alternately to the empty and the full store's server, which of the two goes first alternating
 * from pair to pair: whatever else the machine does at a moment (another process, a flush) falls on both figures alike.
 */
async function paired(samples: number, run: (side: Side, i: number) => Promise<unknown>): Promise<Record<Side, Percentiles>> {
  await run('empty', -1); // warm-up, not counted
  await run('full', -1);
  const times: Record<Side, number[]> = { empty: [], full: [] };
  for (let i = 0; i < samples; i++) {
    for (const side of i % 2 === 0 ? (['empty', 'full'] as const) : (['full', 'empty'] as const)) await timed(times[side], () => run(side, i));
  }
  return { empty: percentiles(times.empty), full: percentiles(times.full) };
}

/** The baseline: a store just started to be used, whose lists already return full pages (the same result sizes). */
const SMALL: Sizes = { status: 1_000, outbox: 1_000, labels: 1_000 };
const FULL: Sizes = { status: STATUS_ROWS, outbox: OUTBOX_ROWS, labels: LABELS };

/** autocannon's CLI in its own process: `connections` clients posting `query` for `seconds`; its p99 in ms. */
async function load(url: string, query: string, seconds: number, connections = 50): Promise<{ p99: number; requests: number; failures: number }> {
  const child = start(join(ROOT, 'node_modules', '.bin', 'autocannon'), [
    '--json', '-c', String(connections), '-d', String(seconds), '-m', 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify({ query }), url,
  ], {});
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  child.stderr?.resume();
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`autocannon exited ${code}`);
  const result = JSON.parse(out) as { requests: { total: number }; latency: { p99: number }; errors: number; timeouts: number; non2xx: number };
  return { p99: result.latency.p99, requests: result.requests.total, failures: result.errors + result.timeouts + result.non2xx };
}

const scrape = (origin: string) => fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } }).then((r) => r.text());

/** /healthz p99 while 10 clients scrape /metrics without pause, on one server (the other one idle). */
async function healthUnderScrapes(origin: string): Promise<number> {
  let scraping = true;
  const scrapers = Array.from({ length: 10 }, async () => {
    while (scraping) await scrape(origin);
  });
  const health = await sequential(SAMPLES * 2, () => fetch(`${origin}/healthz`).then((r) => r.text()));
  scraping = false;
  await Promise.all(scrapers);
  return health.p99;
}

/** Every figure but the purge's, on both servers: the sequential ones paired (see `paired`). */
async function measure(origins: Record<Side, string>): Promise<Record<Side, Figures>> {
  const url = (side: Side) => `${origins[side]}/graphql`;
  const metrics = await paired(SAMPLES * 2, (side) => scrape(origins[side]));
  const healthz = { empty: await healthUnderScrapes(origins.empty), full: await healthUnderScrapes(origins.full) };
  const run = Date.now().toString(36);
  const queries: Record<string, Record<Side, Percentiles>> = {
    'shipment query': await paired(QUERY_SAMPLES, (side) => gql(url(side), SHIPMENT)),
    'statusChanges by reference': await paired(QUERY_SAMPLES, (side) => gql(url(side), BY_REFERENCE)),
    'labels(first: 50)': await paired(QUERY_SAMPLES, (side) => gql(url(side), LABELS_PAGE)),
    'label purchase': await paired(Math.max(10, Math.round(SAMPLES / 3)), (side, i) => gql(url(side), CREATE, { input: purchaseInput(`${run}-${side[0]}-${i}`, 'SCALE') })),
  };
  const figures = (side: Side): Figures => ({
    metricsP99: metrics[side].p99,
    healthzP99: healthz[side],
    queries: Object.fromEntries(Object.entries(queries).map(([name, q]) => [name, q[side]])),
  });
  return { empty: figures('empty'), full: figures('full') };
}

/**
 * The retention job's purge on the full store while 50 clients query it, against the same load just before (quiet).
 */
async function measurePurge(origin: string, startedAt: number): Promise<PurgeFigures> {
  const url = `${origin}/graphql`;
  const purgedSoFar = () => metric(origin, 'retention_rows_purged_total', { table: 'analytics_outbox' }, 0);
  const quiet = await load(url, MIX, LOAD_SECONDS);
  const startedEarly = (await purgedSoFar()) > 0;
  // Wait for the job's first pass (RETENTION_INTERVAL_MS after the start), then load it for as long as it purges.
  while ((await purgedSoFar()) === 0) {
    if (performance.now() - startedAt > PURGE_AFTER_MS + 60_000) throw new Error('the retention job did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const purgeStarted = performance.now();
  const during: number[] = [];
  const duringFailures: number[] = [];
  let purged = await purgedSoFar();
  while (purged < OUTBOX_ROWS && (performance.now() - purgeStarted) / 1000 < PURGE_MAX_S) {
    const run = await load(url, MIX, LOAD_SECONDS);
    during.push(run.p99);
    duringFailures.push(run.failures);
    purged = await purgedSoFar();
  }
  const seconds = (performance.now() - purgeStarted) / 1000;
  return { quietP99: quiet.p99, quietFailures: quiet.failures, duringP99: during, duringFailures, purged, seconds, startedEarly };
}

interface Running { server: ProductionServer; dataDir: string; note: string; startedAt: number }

/** A store filled to `full`'s or the small sizes, and its server started (the retention job only on the full one). */
async function prepare(store: StoreUnderTest, sandbox: Sandbox, full: boolean, root: string): Promise<Omit<Running, 'server' | 'startedAt'> & { env: Record<string, string>; full: boolean }> {
  const fresh = await store.fresh();
  const dataDir = await mkdtemp(join(root, full ? 'full-' : 'empty-'));
  const sizes = full ? FULL : SMALL;
  const note = fresh.env['DATABASE_URL'] ? `filled in ${await fill(fresh.options, sizes)}` : await pgliteDataDir(dataDir, sizes);
  process.stderr.write(`scale bench: ${store.name} ${full ? 'full' : 'empty'} store ${note}\n`);
  const env = {
    ...inProcessSandboxEnv(sandbox, ['CARRIER_B_']),
    ...fresh.env,
    DATA_DIR: dataDir,
    WATCHERS_ENABLED: 'false',
    RETENTION_ENABLED: full ? 'true' : 'false',
    RETENTION_INTERVAL_MS: String(PURGE_AFTER_MS),
  };
  return { dataDir, note, env, full };
}

async function startOn(prepared: Awaited<ReturnType<typeof prepare>>): Promise<Running> {
  const startedAt = performance.now();
  const server = await startProduction({ env: prepared.env, nodeArgs: prepared.full ? SUBGRAPH_NODE_ARGS : [], readyTimeoutMs: 300_000 });
  return { server, dataDir: prepared.dataDir, note: prepared.note, startedAt };
}

async function stopRunning(running: Running | undefined): Promise<void> {
  if (!running) return;
  await stopAndWait(running.server.child, 30_000);
  await rm(running.dataDir, { recursive: true, force: true });
}

const f = (n: number, digits = 1): string => n.toFixed(digits);
const ratio = (full: number, empty: number): string => `${f(full / empty, 2)}x`;

export async function runScaleBench(): Promise<string[]> {
  const out: string[] = [];
  out.push(`${await ensureBuild()}; NODE_ENV=production, its own process; ${STATUS_ROWS} status rows, ${OUTBOX_ROWS} outbox rows, ${LABELS} labels; ${SAMPLES} samples per sequential figure (the read queries ${QUERY_SAMPLES}); load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const stores = await storesUnderTest('SCALE_BENCH_STORES');
  out.push(...stores.notes);
  const sandbox = await startSandbox({ seed: 'bench-seed', epoch: EPOCH, clock: new ManualClock(EPOCH) });
  const root = await mkdtemp(join(tmpdir(), 'scale-bench-'));
  try {
    for (const store of stores.list) {
      const empty = await prepare(store, sandbox, false, root);
      const full = await prepare(store, sandbox, true, root);
      // Both fills (or copies) written to disk before either server starts: not still being flushed while measured.
      const settled = settle();
      let running: Partial<Record<Side, Running>> = {};
      let figures: Record<Side, Figures>;
      /** How long the sequential figures took from the full server's start, and whether its purge had begun by then. */
      let sequentialEnd = '';
      let p: PurgeFigures;
      try {
        running = { empty: await startOn(empty), full: await startOn(full) };
        figures = await measure({ empty: running.empty!.server.origin, full: running.full!.server.origin });
        const purgedEarly = await metric(running.full!.server.origin, 'retention_rows_purged_total', { table: 'analytics_outbox' }, 0);
        sequentialEnd = `sequential figures done ${f((performance.now() - running.full!.startedAt) / 1000, 0)} s after the full server's start (its purge starts at ${f(PURGE_AFTER_MS / 1000, 0)} s)${purgedEarly > 0 ? ' [the purge began during them: the full store figures include it]' : ''}`;
        await stopRunning(running.empty);
        running.empty = undefined;
        p = await measurePurge(running.full!.server.origin, running.full!.startedAt);
      } finally {
        await stopRunning(running.empty);
        await stopRunning(running.full);
      }
      const e = figures.empty;
      const g = figures.full;
      out.push(`${store.name} (empty ${empty.note}; full ${full.note}; ${settled}; ${sequentialEnd}):`);
      out.push(`  /metrics p99: empty ${f(e.metricsP99)} ms, full ${f(g.metricsP99)} ms = ${ratio(g.metricsP99, e.metricsP99)} (target <= 2x)`);
      out.push(`  /healthz p99 during 10 parallel scrapes: empty ${f(e.healthzP99)} ms, full ${f(g.healthzP99)} ms (target < 50 ms)`);
      for (const [name, q] of Object.entries(g.queries)) {
        const base = e.queries[name]!;
        out.push(`  ${name}: p50 ${f(base.p50)} -> ${f(q.p50)} ms = ${ratio(q.p50, base.p50)}, p99 ${f(base.p99)} -> ${f(q.p99)} ms = ${ratio(q.p99, base.p99)} (target <= 1.2x)`);
      }
      const worst = p.duringP99.length ? Math.max(...p.duringP99) : Number.NaN;
      const mid = p.duringP99.length ? [...p.duringP99].sort((a, b) => a - b)[Math.floor(p.duringP99.length / 2)]! : Number.NaN;
      out.push(`  retention purge of the outbox: ${p.purged} of ${OUTBOX_ROWS} rows in ${f(p.seconds, 0)} s watched (${f(p.purged / p.seconds, 0)} rows/s)${p.startedEarly ? ' [the job started before the quiet run ended: quiet figure includes it]' : ''}`);
      out.push(`  50 clients' p99 quiet ${f(p.quietP99)} ms, during the purge ${p.duringP99.map((x) => f(x, 0)).join(', ')} ms per ${LOAD_SECONDS} s run: median ${ratio(mid, p.quietP99)}, worst ${ratio(worst, p.quietP99)} (target <= 1.5x)`);
      // A request unanswered for 10 s counts as a timeout, not in the p99: a run with failures is not comparable.
      out.push(`  failed requests (errors, 10 s timeouts, non-2xx): quiet ${p.quietFailures}, during the purge ${p.duringFailures.join(', ')}`);
    }
  } finally {
    killAll();
    await sandbox.close();
    await stores.stop();
    await rm(root, { recursive: true, force: true });
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const line of await runScaleBench()) console.log(line);
  process.exit(0);
}
