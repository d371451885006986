/**
 * How the retention job shares the store with requests, on both stores, over a running server: after each batch it
 * pauses so its batches fill at most RETENTION_STORE_SHARE_PERCENT of the pass (by default a tenth on PGlite, whose SQL
 * runs on the server's own thread, a third on PostgreSQL), clients are answered between batches, and each batch goes on
 * exactly after the last row the previous one took. Before, the job paused twice a batch's time on both stores (a third
 * of PGlite's time: 50 clients' p99 went up 5x during a purge at 1M rows), and carried the position on as a JavaScript
 * Date, cut to the millisecond, so every batch walked again from the start of the microsecond-precise export time.
 * The pause counts the batch's own time on the store, from when its statement starts running: before, it counted the
 * batch's wait behind other statements too (PGlite's turns, PostgreSQL's pool), and a busy store slowed the purge to a
 * fifth of its pace. Unset, RETENTION_BATCH_SIZE is the store's default (a 500-row batch on PGlite held every request
 * waiting behind it for up to 56 ms at 1M rows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { DEFAULT_BATCH_SIZE, DEFAULT_STORE_SHARE_PERCENT, RetentionJob } from '../../src/services/retention/retention-job.js';
import { RetentionStore } from '../../src/store/retention-store.js';
import type { Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { startE2E, type E2E } from '../e2e/support.js';

const DAY = 86_400_000;

/** Rows exported `daysAgo` days ago, all in one statement: one export time, to the microsecond (the database's now()). */
async function exportedRows(store: Store, tag: string, n: number, daysAgo: number): Promise<void> {
  await store.query(
    `INSERT INTO analytics_outbox (kind, identity, occurred_at, distinct_id, properties, state, exported_at)
     SELECT 'label_purchased', $1 || ':' || g, now(), 'd', '{}'::json, 'EXPORTED', now() - $3::int * interval '1 day'
     FROM generate_series(1, $2::int) g`,
    [tag, n, daysAgo],
  );
}

/** One outbox purge statement: when the job called it, when it started running (its wait for the store over), its end. */
interface TimedBatch {
  /** The statement's LIMIT: rows at most. */
  limit: number;
  called: number;
  start: number;
  end: number;
}

/**
 * The store, with each outbox purge statement's times recorded (the start as the store reports it, passed on to the
 * job); `beforeFirst` runs just before the first one is sent.
 */
function timedStore(store: Store, batches: TimedBatch[], beforeFirst?: () => void): Store {
  return {
    kind: store.kind,
    query: async (sql, params, options) => {
      if (!/DELETE FROM analytics_outbox[\s\S]*state = 'EXPORTED'/.test(sql)) return store.query(sql, params, options);
      if (batches.length === 0) beforeFirst?.();
      const called = performance.now();
      let start: number | null = null;
      try {
        return await store.query(sql, params, {
          onStart: (at) => {
            start = at;
            options?.onStart?.(at);
          },
        });
      } finally {
        batches.push({ limit: Number(params?.[1]), called, start: start ?? called, end: performance.now() });
      }
    },
    transaction: (fn, options) => store.transaction(fn, options),
    listen: (channel, onPayload) => store.listen(channel, onPayload),
    notify: (channel, payload) => store.notify(channel, payload),
    close: () => store.close(),
  };
}

function settingsWith(env: Record<string, string>) {
  const loaded = loadConfig({ RETENTION_BATCH_SIZE: '50', ...env });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  return loaded.config.retention!;
}

describe.each(STORE_BACKENDS)('the retention purge shares the store on $name', (backend) => {
  let e2e: E2E;
  let store: Store;

  beforeAll(async () => {
    e2e = await startE2E({ env: { ...(await backend.env()), WATCHERS_ENABLED: 'false', RETENTION_ENABLED: 'false', SHIPPING_WORKER_ENABLED: 'false' } });
    store = e2e.server.store;
  }, 60_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it(`its batches take at most the store's default share of the pass (PGlite a tenth, PostgreSQL a third) while clients are answered between them`, async () => {
    await store.query('DELETE FROM analytics_outbox');
    await exportedRows(store, `pace:${backend.name}`, 1_000, 8);
    const batches: TimedBatch[] = [];
    const job = new RetentionJob({ store: timedStore(store, batches), settings: settingsWith({}), logger: createLogger('silent'), registry: null, pauseMs: 0 });
    let passing = true;
    const pass = job.runPass().finally(() => {
      passing = false;
    });
    let answered = 0;
    while (passing) {
      const answer = await e2e.gql('{ analyticsOutbox { exported } }');
      expect(answer.errors).toBeUndefined();
      if (passing) answered += 1;
    }
    const purged = await pass;

    expect(purged.analytics_outbox).toBe(1_000);
    expect((await e2e.gql('{ analyticsOutbox { exported } }')).data.analyticsOutbox.exported).toBe(0);
    expect(batches.length).toBeGreaterThanOrEqual(20);
    const busy = batches.reduce((sum, b) => sum + (b.end - b.start), 0);
    const span = batches.at(-1)!.end - batches[0]!.called;
    const share = DEFAULT_STORE_SHARE_PERCENT[store.kind] / 100;
    // Late timers only lengthen the pauses: the share measured is at most the one asked for (a little slack for the
    // time between the job's own clock and this wrapper's).
    expect(busy / span).toBeLessThanOrEqual(share * 1.15);
    expect(answered).toBeGreaterThan(0);
  });

  it('RETENTION_STORE_SHARE_PERCENT sets the share: at 50 each pause is as long as the batch before it', async () => {
    await store.query('DELETE FROM analytics_outbox');
    await exportedRows(store, `share:${backend.name}`, 500, 8);
    const batches: TimedBatch[] = [];
    const settings = settingsWith({ RETENTION_STORE_SHARE_PERCENT: '50' });
    expect(settings.storeSharePercent).toBe(50);
    const job = new RetentionJob({ store: timedStore(store, batches), settings, logger: createLogger('silent'), registry: null, pauseMs: 0 });
    expect((await job.runPass()).analytics_outbox).toBe(500);
    for (let i = 1; i < batches.length; i += 1) {
      const pause = batches[i]!.called - batches[i - 1]!.end;
      // At least the batch's time, less a millisecond: a timer's clock is read once per turn of the event loop.
      expect(pause).toBeGreaterThanOrEqual(batches[i - 1]!.end - batches[i - 1]!.start - 1);
    }
    expect(loadConfig({ RETENTION_STORE_SHARE_PERCENT: '0' }).ok).toBe(false);
    expect(loadConfig({ RETENTION_STORE_SHARE_PERCENT: '95' }).ok).toBe(false);
  });

  it('a batch that waited behind other statements pauses for its own time, not its wait', async () => {
    await store.query('DELETE FROM analytics_outbox');
    await exportedRows(store, `wait:${backend.name}`, 150, 8);
    const waitMs = 400;
    // Ahead of the first batch, statements holding the store for waitMs: on PGlite one (its turn comes first), on
    // PostgreSQL one per pooled connection (the batch waits for a connection).
    let blocking: Promise<unknown> = Promise.resolve();
    const block = () => {
      const sleeps = Array.from({ length: store.kind === 'pglite' ? 1 : 10 }, () => store.query('SELECT pg_sleep($1)', [waitMs / 1000]));
      blocking = Promise.all(sleeps);
    };
    const batches: TimedBatch[] = [];
    // At 50 the pause after a batch is as long as the batch's time.
    const settings = settingsWith({ RETENTION_STORE_SHARE_PERCENT: '50' });
    const job = new RetentionJob({ store: timedStore(store, batches, block), settings, logger: createLogger('silent'), registry: null, pauseMs: 0 });

    expect((await job.runPass()).analytics_outbox).toBe(150);
    await blocking;

    const [first, second] = [batches[0]!, batches[1]!];
    expect(first.end - first.called).toBeGreaterThanOrEqual(waitMs * 0.9);
    const own = first.end - first.start;
    const pause = second.called - first.end;
    // Paced by what it took of the store (before: by its wait too, so at least waitMs).
    expect(pause).toBeLessThan(waitMs / 2);
    expect(pause).toBeGreaterThanOrEqual(own - 1);
  });

  it(`RETENTION_BATCH_SIZE unset, a batch takes the store's default rows (PGlite 100, PostgreSQL 500); set, that many`, async () => {
    await store.query('DELETE FROM analytics_outbox');
    await exportedRows(store, `size:${backend.name}`, 600, 8);
    const unset = loadConfig({ RETENTION_STORE_SHARE_PERCENT: '90' });
    if (!unset.ok) throw new Error(unset.problems.join('; '));
    expect(unset.config.retention!.batchSize).toBeNull();
    const batches: TimedBatch[] = [];
    const job = new RetentionJob({ store: timedStore(store, batches), settings: unset.config.retention!, logger: createLogger('silent'), registry: null, pauseMs: 0 });

    expect((await job.runPass()).analytics_outbox).toBe(600);
    const size = { pglite: 100, postgres: 500 }[store.kind];
    expect(DEFAULT_BATCH_SIZE[store.kind]).toBe(size);
    expect(batches.map((b) => b.limit)).toEqual(Array.from({ length: Math.floor(600 / size) + 1 }, () => size));

    const set = settingsWith({ RETENTION_BATCH_SIZE: '250', RETENTION_STORE_SHARE_PERCENT: '90' });
    expect(new RetentionJob({ store, settings: set, logger: createLogger('silent'), registry: null }).batchSize).toBe(250);
  });

  it('a batch goes on exactly after the last row the previous one took, to the microsecond of its export time', async () => {
    await store.query('DELETE FROM analytics_outbox');
    await exportedRows(store, `keyset:${backend.name}`, 6, 8);
    const db = new RetentionStore(store);
    const before = new Date(Date.now() - 7 * DAY);
    const first = await db.purgeExportedOutbox(before, 2, null);
    expect(first.deleted).toBe(2);
    // The position is that row's export time itself, not one cut to the millisecond (which sorts before every row of
    // that export, deleted ones included).
    const { rows } = await store.query<{ same: boolean }>(
      `SELECT exported_at = $1::timestamptz AS same FROM analytics_outbox
       WHERE exported_at = (SELECT min(exported_at) FROM analytics_outbox WHERE identity LIKE $2) LIMIT 1`,
      [first.last!.at, `keyset:${backend.name}:%`],
    );
    expect(rows[0]?.same).toBe(true);
    // The next batches take the four rows after it, two by two, then the walk ends.
    const ids = (await store.query<{ id: string }>(`SELECT id::text AS id FROM analytics_outbox ORDER BY exported_at, id`)).rows.map((r) => r.id);
    const second = await db.purgeExportedOutbox(before, 2, first.last);
    expect(second).toEqual({ deleted: 2, last: { at: first.last!.at, id: ids[1] } });
    const third = await db.purgeExportedOutbox(before, 2, second.last);
    expect(third.deleted).toBe(2);
    expect((await db.purgeExportedOutbox(before, 2, third.last)).deleted).toBe(0);
  });
});
