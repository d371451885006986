/**
 * The stores `BENCH=scale` measures (bench/scale.ts), filled the way months of use leave them: status changes,
 * exported outbox rows and purchased labels written in set-based SQL, then left as a store that grew slowly is found.
 * On PostgreSQL that means vacuumed and checkpointed: autovacuum visits a table once a fifth of it is new rows, so a store
 * that grew for months was vacuumed many times over, while a store filled in a minute is vacuumed (every page read,
 * hinted, written back) by autovacuum within the next minute, which is when the figures are taken. Method:
 * docs/benchmarks.md ("Figures at scale").
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadMigrations } from '../src/store/migrations.js';
import { openStore } from '../src/store/store.js';

export interface Sizes { status: number; outbox: number; labels: number }

/** Raised when `fill` changes what it writes into a PGlite directory: a kept directory of another version is not reused. */
const FILL_VERSION = 3;
const FILLED = ['status_changes', 'analytics_outbox', 'labels'];

/**
 * Fills a migrated store in set-based statements: status changes of `status / 10` shipments (ten each, references
 * `order-<n>`), outbox rows exported 30 days ago, purchased labels. PostgreSQL's tables are then vacuumed and analyzed
 * (autovacuum's work over months) and checkpointed (the fill's writes are not still being flushed while measured);
 * PGlite's are analyzed only: nothing vacuums an embedded store.
 */
export async function fill(options: Parameters<typeof openStore>[0], sizes: Sizes): Promise<string> {
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
    if (store.kind === 'postgres') {
      for (const table of FILLED) await store.query(`VACUUM (ANALYZE) ${table}`);
      // CHECKPOINT needs a superuser (or pg_checkpoint) on DATABASE_URL's server; without, the checkpoint runs on its own.
      await store.query('CHECKPOINT').catch(() => undefined);
    } else {
      for (const table of FILLED) await store.query(`ANALYZE ${table}`);
    }
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
export async function pgliteDataDir(dataDir: string, sizes: Sizes): Promise<string> {
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

/**
 * Waits until the machine has written a fill (or a copy of one) to disk: a million-row fill leaves about a gigabyte
 * of dirty pages that the kernel writes back over the next tens of seconds, beside whatever is measured then. `sync`
 * returns when they are written (Linux and macOS; where it is missing, nothing is waited for).
 */
export function settle(): string {
  const started = performance.now();
  const result = spawnSync('sync', [], { stdio: 'ignore' });
  return result.error ? 'not settled (no sync command)' : `written back in ${((performance.now() - started) / 1000).toFixed(1)} s`;
}
