/**
 * Figures at scale (`BENCH=scale`): what a store that grew for months costs, on each store (SCALE_BENCH_STORES,
 * default `pglite,postgres`), on what production runs: the compiled build (`dist/`, rebuilt when older than its
 * inputs), NODE_ENV=production, its own process; Carrier B's simulator in this process. For each store the same
 * measurements run twice in one run, on a store just started to be used ("empty": 1,000 rows of each, so every list
 * already answers a full page and the two answer the same) and on one pre-filled with SCALE_BENCH_STATUS_ROWS
 * status-log rows (1M; ten per shipment, references `order-<n>`), SCALE_BENCH_OUTBOX_ROWS outbox rows (1M, exported 30
 * days ago, so retention may purge them all) and SCALE_BENCH_LABELS labels (100k); both are filled with generate_series
 * SQL before the server starts (for PGlite into its DATA_DIR). Every figure is printed as a ratio full / empty:
 * - /metrics p99 over sequential scrapes (target <= 2x);
 * - /healthz p99 while 10 clients scrape /metrics without pause (target < 50 ms);
 * - p50 and p99 of a shipment query, statusChanges by reference, labels(first: 50) and a label purchase, sequential
 *   (target <= 1.2x);
 * - the retention job purging the outbox's rows while 50 clients (autocannon, its own process) query statusChanges by
 *   reference and labels: their p99 during the purge against the same load on the same store just before (quiet),
 *   target <= 1.5x. The job's first pass starts SCALE_BENCH_PURGE_AFTER_MS after the start (120 s), after the other
 *   measurements; the purge is watched for at most SCALE_BENCH_PURGE_MAX_S (90 s) and its progress printed.
 * Environment: SCALE_BENCH_SAMPLES (100 per sequential figure), SCALE_BENCH_STORES, SCALE_BENCH_CACHE_DIR (where
 * filled PGlite directories are kept between runs). Method and figures:
 * docs/benchmarks.md ("Figures at scale"). Run alone: `BENCH=scale npm run bench`.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ManualClock, startSandbox, type Sandbox } from '../sandbox/index.js';
import { loadMigrations } from '../src/store/migrations.js';
import { openStore } from '../src/store/store.js';
import { BENCH_METRICS_TOKEN, ensureBuild, inProcessSandboxEnv, killAll, metric, ROOT, start, startProduction, stopAndWait } from './processes.js';
import { purchaseInput } from './shipping.js';
import { percentile } from './stats.js';
import { storesUnderTest, type StoreUnderTest } from './stores.js';

const STATUS_ROWS = Number(process.env.SCALE_BENCH_STATUS_ROWS ?? 1_000_000);
const OUTBOX_ROWS = Number(process.env.SCALE_BENCH_OUTBOX_ROWS ?? 1_000_000);
const LABELS = Number(process.env.SCALE_BENCH_LABELS ?? 100_000);
const SAMPLES = Number(process.env.SCALE_BENCH_SAMPLES ?? 100);
const PURGE_AFTER_MS = Number(process.env.SCALE_BENCH_PURGE_AFTER_MS ?? 120_000);
const PURGE_MAX_S = Number(process.env.SCALE_BENCH_PURGE_MAX_S ?? 90);
const LOAD_SECONDS = 10;
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

interface Figures {
  metricsP99: number;
  healthzP99: number;
  queries: Record<string, { p50: number; p99: number }>;
  /** Failures: autocannon's errors, timeouts (no answer in 10 s) and non-2xx answers, quiet and per run during the purge. */
  purge?: { quietP99: number; quietFailures: number; duringP99: number[]; duringFailures: number[]; purged: number; seconds: number; startedEarly: boolean };
}

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

async function sequential(samples: number, run: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  await run(-1); // warm-up, not counted
  const times: number[] = [];
  for (let i = 0; i < samples; i++) await timed(times, () => run(i));
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

interface Sizes { status: number; outbox: number; labels: number }
/** Raised when `fill` changes what it writes: a kept directory of another version is not reused. */
const FILL_VERSION = 2;
/** The baseline: a store just started to be used, whose lists already return full pages (the same result sizes). */
const SMALL: Sizes = { status: 1_000, outbox: 1_000, labels: 1_000 };
const FULL: Sizes = { status: STATUS_ROWS, outbox: OUTBOX_ROWS, labels: LABELS };

/**
 * Fills a migrated store in set-based statements: status changes of `status / 10` shipments (ten each, references
 * `order-<n>`), outbox rows exported 30 days ago, purchased labels.
 */
async function fill(options: Parameters<typeof openStore>[0], sizes: Sizes): Promise<string> {
  const { status: STATUS_ROWS, outbox: OUTBOX_ROWS, labels: LABELS } = sizes;
  const SHIPMENTS = Math.max(1, Math.floor(STATUS_ROWS / 10));
  const started = performance.now();
  const store = await openStore(options);
  try {
    const chunk = 200_000;
    for (let from = 1; from <= STATUS_ROWS; from += chunk) {
      const to = Math.min(STATUS_ROWS, from + chunk - 1);
      await store.query(
        `INSERT INTO status_changes (dedup_key, shipment_id, carrier, tracking_number, status, source, shipment_references, recorded_at)
         SELECT 'scale:' || g, 'CARRIER_B:-:SC' || (g % ${SHIPMENTS}), 'CARRIER_B', 'SC' || (g % ${SHIPMENTS}), 'IN_TRANSIT', 'POLL',
           jsonb_build_array(jsonb_build_object('type', 'CUSTOMER_REFERENCE', 'value', 'order-' || (g % ${SHIPMENTS}), 'scope', NULL)),
           now() - interval '1 second' * (${STATUS_ROWS} - g)
         FROM generate_series(${from}, ${to}) g`,
      );
    }
    for (let from = 1; from <= OUTBOX_ROWS; from += chunk) {
      const to = Math.min(OUTBOX_ROWS, from + chunk - 1);
      await store.query(
        `INSERT INTO analytics_outbox (kind, identity, occurred_at, distinct_id, properties, state, exported_at, created_at)
         SELECT 'shipment_status_changed', 'scale:' || g, now() - interval '31 days', 'CARRIER_B:-:SC' || (g % ${SHIPMENTS}),
           '{"status":"IN_TRANSIT"}'::json, 'EXPORTED', now() - interval '30 days', now() - interval '31 days'
         FROM generate_series(${from}, ${to}) g`,
      );
    }
    // Labels bought over months: each followed at birth (tracking from birth ran), last changed when bought. Left
    // unfollowed, every one of them would be a backlog the label worker follows 50 at a time in the background.
    await store.query(
      `INSERT INTO labels (id, kind, state, carrier, upstream, account_number, service_code, idempotency_key, purchase_reference, request, order_id, tracking_number, created_at, updated_at, followed_at)
       SELECT 'Label:' || md5('scale' || g)::uuid, 'OUTBOUND', 'PURCHASED', 'CARRIER_B', 'carrier-b', 'ACC', 'CARRIER_GROUND',
         'scale-' || g, 'scale-' || g, '{}'::jsonb, 'order-' || g, 'SL' || g, t, t, t
       FROM generate_series(1, ${LABELS}) g, LATERAL (SELECT now() - interval '1 second' * g AS t) bought`,
    );
    for (const table of ['status_changes', 'analytics_outbox', 'labels']) await store.query(`ANALYZE ${table}`);
  } finally {
    await store.close();
  }
  return `${((performance.now() - started) / 1000).toFixed(0)} s`;
}

/**
 * PGlite fills slowly (minutes for a million rows: SQL runs in WebAssembly), so a filled DATA_DIR is kept between runs
 * under SCALE_BENCH_CACHE_DIR (default: the temp dir), one per fill version, sizes and migration set, and copied for each run: the
 * server starts on a copy, as an operator's restored directory. The rows' times are relative to the fill: what the
 * bench purges (exported 30 days before the fill) stays past the window.
 */
async function pgliteDataDir(dataDir: string, sizes: Sizes): Promise<string> {
  const migrations = (await loadMigrations()).map((m) => m.checksum).join('');
  const key = createHash('sha256').update(`${FILL_VERSION}:${migrations}:${sizes.status}:${sizes.outbox}:${sizes.labels}`).digest('hex').slice(0, 16);
  const cached = join(process.env.SCALE_BENCH_CACHE_DIR ?? tmpdir(), `carrier-subgraph-scale-${key}`);
  let note: string;
  if (existsSync(join(cached, 'PG_VERSION'))) note = `copied from ${cached}`;
  else {
    await rm(cached, { recursive: true, force: true });
    note = `filled in ${await fill({ dataDir: cached }, sizes)}, kept in ${cached}`;
  }
  await rm(dataDir, { recursive: true, force: true });
  await cp(cached, dataDir, { recursive: true });
  // A copy holds the lock of no live process; the filling process released its own on close.
  return note;
}

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

async function measure(origin: string, run: string, withPurge: boolean, startedAt: number): Promise<Figures> {
  const url = `${origin}/graphql`;
  const scrape = () => fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } }).then((r) => r.text());
  const metrics = await sequential(SAMPLES * 2, scrape);
  // /healthz while 10 clients scrape without pause.
  let scraping = true;
  const scrapers = Array.from({ length: 10 }, async () => {
    while (scraping) await scrape();
  });
  const health = await sequential(SAMPLES * 2, () => fetch(`${origin}/healthz`).then((r) => r.text()));
  scraping = false;
  await Promise.all(scrapers);
  const queries: Figures['queries'] = {
    'shipment query': await sequential(SAMPLES, () => gql(url, SHIPMENT)),
    'statusChanges by reference': await sequential(SAMPLES, () => gql(url, BY_REFERENCE)),
    'labels(first: 50)': await sequential(SAMPLES, () => gql(url, LABELS_PAGE)),
    'label purchase': await sequential(Math.max(10, Math.round(SAMPLES / 3)), (i) => gql(url, CREATE, { input: purchaseInput(`${run}-${i}`, 'SCALE') })),
  };
  const figures: Figures = { metricsP99: metrics.p99, healthzP99: health.p99, queries };
  if (!withPurge) return figures;
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
  return { ...figures, purge: { quietP99: quiet.p99, quietFailures: quiet.failures, duringP99: during, duringFailures, purged, seconds, startedEarly } };
}

async function onStore(store: StoreUnderTest, sandbox: Sandbox, full: boolean, root: string): Promise<{ figures: Figures; note: string }> {
  const fresh = await store.fresh();
  const dataDir = await mkdtemp(join(root, full ? 'full-' : 'empty-'));
  let note = '';
  const sizes = full ? FULL : SMALL;
  note = fresh.env['DATABASE_URL'] ? `filled in ${await fill(fresh.options, sizes)}` : await pgliteDataDir(dataDir, sizes);
  process.stderr.write(`scale bench: ${store.name} ${full ? 'full' : 'empty'} store ${note}\n`);
  const startedAt = performance.now();
  const server = await startProduction({
    env: {
      ...inProcessSandboxEnv(sandbox, ['CARRIER_B_']),
      ...fresh.env,
      DATA_DIR: dataDir,
      WATCHERS_ENABLED: 'false',
      RETENTION_ENABLED: full ? 'true' : 'false',
      RETENTION_INTERVAL_MS: String(PURGE_AFTER_MS),
    },
    readyTimeoutMs: 300_000,
  });
  try {
    const figures = await measure(server.origin, `${Date.now().toString(36)}-${full ? 'f' : 'e'}`, full, startedAt);
    return { figures, note };
  } finally {
    await stopAndWait(server.child, 30_000);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const f = (n: number, digits = 1): string => n.toFixed(digits);
const ratio = (full: number, empty: number): string => `${f(full / empty, 2)}x`;

export async function runScaleBench(): Promise<string[]> {
  const out: string[] = [];
  out.push(`${await ensureBuild()}; NODE_ENV=production, its own process; ${STATUS_ROWS} status rows, ${OUTBOX_ROWS} outbox rows, ${LABELS} labels; ${SAMPLES} samples per sequential figure; load average at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const stores = await storesUnderTest('SCALE_BENCH_STORES');
  out.push(...stores.notes);
  const sandbox = await startSandbox({ seed: 'bench-seed', epoch: EPOCH, clock: new ManualClock(EPOCH) });
  const root = await mkdtemp(join(tmpdir(), 'scale-bench-'));
  try {
    for (const store of stores.list) {
      const empty = await onStore(store, sandbox, false, root);
      out.push(`${store.name}, empty (${empty.note}) measured`);
      const full = await onStore(store, sandbox, true, root);
      const e = empty.figures;
      const g = full.figures;
      out.push(`${store.name} (${full.note}):`);
      out.push(`  /metrics p99: empty ${f(e.metricsP99)} ms, full ${f(g.metricsP99)} ms = ${ratio(g.metricsP99, e.metricsP99)} (target <= 2x)`);
      out.push(`  /healthz p99 during 10 parallel scrapes: empty ${f(e.healthzP99)} ms, full ${f(g.healthzP99)} ms (target < 50 ms)`);
      for (const [name, q] of Object.entries(g.queries)) {
        const base = e.queries[name]!;
        out.push(`  ${name}: p50 ${f(base.p50)} -> ${f(q.p50)} ms = ${ratio(q.p50, base.p50)}, p99 ${f(base.p99)} -> ${f(q.p99)} ms = ${ratio(q.p99, base.p99)} (target <= 1.2x)`);
      }
      const p = g.purge;
      if (p) {
        const worst = p.duringP99.length ? Math.max(...p.duringP99) : Number.NaN;
        const mid = p.duringP99.length ? [...p.duringP99].sort((a, b) => a - b)[Math.floor(p.duringP99.length / 2)]! : Number.NaN;
        out.push(`  retention purge of the outbox: ${p.purged} of ${OUTBOX_ROWS} rows in ${f(p.seconds, 0)} s watched (${f(p.purged / p.seconds, 0)} rows/s)${p.startedEarly ? ' [the job started before the quiet run ended: quiet figure includes it]' : ''}`);
        out.push(`  50 clients' p99 quiet ${f(p.quietP99)} ms, during the purge ${p.duringP99.map((x) => f(x, 0)).join(', ')} ms per ${LOAD_SECONDS} s run: median ${ratio(mid, p.quietP99)}, worst ${ratio(worst, p.quietP99)} (target <= 1.5x)`);
        // A request unanswered for 10 s counts as a timeout, not in the p99: a run with failures is not comparable.
        out.push(`  failed requests (errors, 10 s timeouts, non-2xx): quiet ${p.quietFailures}, during the purge ${p.duringFailures.join(', ')}`);
      }
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
