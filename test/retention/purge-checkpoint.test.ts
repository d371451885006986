/**
 * Embedded PGlite runs PostgreSQL in single-user mode: no checkpointer process, and no checkpoint asked for by WAL
 * volume either (max_wal_size is not acted on), so nothing a running server writes was ever checkpointed until it
 * stopped. A purge writes about 320 bytes of WAL per outbox row (a million rows: about 320 MB) that stayed in pg_wal,
 * unrecycled, for as long as the process ran, and a crash would replay all of it at the next start. The retention job
 * now checkpoints PGlite itself, every RETENTION_CHECKPOINT_EVERY batches during a pass and at its end, each checkpoint
 * writing only what those batches left dirty. On PostgreSQL the server's checkpointer does this, and the job sends no
 * CHECKPOINT (which needs the pg_checkpoint role).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { RetentionJob } from '../../src/services/retention/retention-job.js';
import { openStore, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';

/** The store, with each statement's SQL recorded in order. */
function recordingStore(store: Store, statements: string[]): Store {
  return {
    kind: store.kind,
    query: (sql, params) => {
      statements.push(sql.trim());
      return store.query(sql, params);
    },
    transaction: (fn) => store.transaction(fn),
    listen: (channel, onPayload) => store.listen(channel, onPayload),
    notify: (channel, payload) => store.notify(channel, payload),
    close: () => store.close(),
  };
}

/** How far the WAL has gone past the last checkpoint's redo point, in bytes, and where that point is. */
async function walSinceCheckpoint(store: Store): Promise<{ bytes: number; redo: string }> {
  const { rows } = await store.query<{ bytes: string; redo: string }>(
    `SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), c.redo_lsn)::bigint::text AS bytes, c.redo_lsn::text AS redo FROM pg_control_checkpoint() c`,
  );
  return { bytes: Number(rows[0]!.bytes), redo: rows[0]!.redo };
}

describe.each(STORE_BACKENDS)('the retention purge and checkpoints on $name', (backend) => {
  let store: Store | null = null;
  afterEach(async () => {
    await store?.close();
    store = null;
  });

  it(backend.name === 'pglite'
    ? 'the purge checkpoints PGlite every few batches and at the end of the pass, so its WAL does not wait for the process to stop'
    : 'the purge sends no CHECKPOINT on PostgreSQL: its own checkpointer does that', async () => {
    store = await openStore(await backend.options());
    await store.query(
      `INSERT INTO analytics_outbox (kind, identity, occurred_at, distinct_id, properties, state, exported_at)
       SELECT 'label_purchased', 'ckpt:' || g, now(), 'd', '{}'::json, 'EXPORTED', now() - interval '8 days' FROM generate_series(1, 3000) g`,
    );
    const before = await walSinceCheckpoint(store);
    const loaded = loadConfig({ RETENTION_BATCH_SIZE: '50', RETENTION_STORE_SHARE_PERCENT: '90', RETENTION_CHECKPOINT_EVERY: '10' });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const statements: string[] = [];
    const job = new RetentionJob({ store: recordingStore(store, statements), settings: loaded.config.retention!, logger: createLogger('silent'), registry: null, pauseMs: 0 });

    expect((await job.runPass()).analytics_outbox).toBe(3000);

    const purges = statements.filter((sql) => /DELETE FROM analytics_outbox/.test(sql)).length;
    const checkpoints = statements.filter((sql) => sql === 'CHECKPOINT').length;
    const after = await walSinceCheckpoint(store);
    if (backend.name === 'postgres') {
      expect(checkpoints).toBe(0);
      return;
    }
    // The redo point moved past what the purge wrote: the WAL left is what came after the last checkpoint.
    expect(after.redo).not.toBe(before.redo);
    expect(after.bytes).toBeLessThan(64 * 1024);
    expect(purges).toBeGreaterThanOrEqual(60);
    // One every ten batches of the walk (the last short batch included), and one at the end of the pass.
    expect(checkpoints).toBeGreaterThanOrEqual(Math.floor(purges / 10));
    // Between batches, never two in a row: each writes what ten batches left.
    const order = statements.filter((sql) => sql === 'CHECKPOINT' || /DELETE FROM analytics_outbox/.test(sql));
    expect(order.some((sql, i) => sql === 'CHECKPOINT' && order[i + 1] === 'CHECKPOINT')).toBe(false);
  });
});
