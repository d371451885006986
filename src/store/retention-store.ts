/**
 * What the retention job deletes (src/services/retention), one bounded batch per call: each statement picks at most
 * `limit` rows through an index (migrations 016-017) with FOR UPDATE SKIP LOCKED, so it holds few row locks, briefly,
 * and replicas purging at once pass over each other's rows instead of waiting. Each returns how many rows went.
 */
import { IdempotencyKeyStore } from './shipping-keys.js';
import type { Queryable, StatementOptions, Store } from './store.js';

export type RetentionTable = 'analytics_outbox' | 'status_changes' | 'idempotency_keys' | 'documents' | 'pickups' | 'shipment_watches';

/**
 * Where a purge in index order stands: the last row a batch took (its time, where the order has one, and id). The time
 * is the database's own text of it, exact to the microsecond: a JavaScript Date keeps milliseconds, and a position cut
 * to the millisecond sorts before every row of that millisecond, so each batch would walk again over the index entries
 * of the rows already deleted (they stay until a vacuum; PGlite has none).
 */
export interface KeysetPosition {
  at: string | null;
  id: string;
}

/** One batch: rows gone, and the position to go on from (null when the batch was the last). */
export interface Batch {
  deleted: number;
  last: KeysetPosition | null;
}

/** What the statements below answer: the greatest row a batch took (none when it took none) and how many it took. */
interface LastRow {
  at: string | null;
  id: string;
  deleted: number;
}

function batchOf(rows: LastRow[]): Batch {
  const row = rows[0];
  return row ? { deleted: Number(row.deleted), last: { at: row.at, id: row.id } } : { deleted: 0, last: null };
}

/**
 * `store`, adding to `add` each statement's (transaction's) own time: from when it starts running (StatementOptions)
 * to its answer. A store that never says when (a wrapper that does not pass the option on) is timed from the call.
 */
function timingStore(store: Store, add: (ms: number) => void): Store {
  const timed = async <T>(run: (options: StatementOptions) => Promise<T>): Promise<T> => {
    let started = performance.now();
    try {
      return await run({ onStart: (at) => (started = at) });
    } finally {
      add(performance.now() - started);
    }
  };
  return {
    kind: store.kind,
    query: <R>(sql: string, params?: unknown[]) => timed((options) => store.query<R>(sql, params, options)),
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => timed((options) => store.transaction(fn, options)),
    listen: (channel, onPayload) => store.listen(channel, onPayload),
    notify: (channel, payload) => store.notify(channel, payload),
    close: () => store.close(),
  };
}

export class RetentionStore {
  private readonly store: Store;
  private ownMs = 0;

  constructor(store: Store) {
    this.store = timingStore(store, (ms) => (this.ownMs += ms));
  }

  /**
   * The store's time this object's statements took so far (ms), each from when it started running to its answer: not
   * its wait for the store (on PGlite behind other statements' turns, on PostgreSQL for a pooled connection).
   */
  get storeMs(): number {
    return this.ownMs;
  }

  /**
   * Outbox rows the bridge imported before `before`, in export order after `after` (the last row a previous batch of
   * this pass took; null: from the oldest). Returns how many went and where to go on from (null: done).
   */
  async purgeExportedOutbox(before: Date, limit: number, after: KeysetPosition | null): Promise<Batch> {
    const { rows } = await this.store.query<LastRow>(
      `WITH gone AS (
         DELETE FROM analytics_outbox WHERE id IN (
           SELECT id FROM analytics_outbox WHERE state = 'EXPORTED' AND exported_at < $1
             AND ($3::timestamptz IS NULL OR (exported_at, id) > ($3::timestamptz, $4::bigint))
           ORDER BY exported_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING exported_at, id)
       SELECT exported_at::text AS at, id::text AS id, count(*) OVER ()::int AS deleted FROM gone
       ORDER BY exported_at DESC, id DESC LIMIT 1`,
      [before, limit, after?.at ?? null, after?.id ?? null],
    );
    return batchOf(rows);
  }

  /** Dead letters set aside before `before` and never re-queued (a re-queued one is PENDING, then EXPORTED). */
  async purgeDeadOutbox(before: Date, limit: number, after: KeysetPosition | null): Promise<Batch> {
    const { rows } = await this.store.query<LastRow>(
      `WITH gone AS (
         DELETE FROM analytics_outbox WHERE id IN (
           SELECT id FROM analytics_outbox WHERE state = 'DEAD' AND coalesce(dead_at, created_at) < $1 AND id > $3::bigint
           ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING id)
       SELECT NULL::text AS at, id::text AS id, count(*) OVER ()::int AS deleted FROM gone ORDER BY id DESC LIMIT 1`,
      [before, limit, after?.id ?? '0'],
    );
    return batchOf(rows);
  }

  /**
   * The last cursor the status-log purge may reach: the newest change recorded before `before`, and never above
   * `floor` (what a subscription on this process still reads). Null when nothing is old enough.
   */
  async statusLogBoundary(before: Date, floor: string): Promise<string | null> {
    const { rows } = await this.store.query<{ cursor: string }>(
      `SELECT cursor::text AS cursor FROM status_changes WHERE recorded_at < $1 ORDER BY recorded_at DESC LIMIT 1`,
      [before],
    );
    const newest = rows[0]?.cursor;
    if (newest === undefined) return null;
    return BigInt(newest) < BigInt(floor) ? newest : floor;
  }

  /**
   * Deletes up to `limit` changes after cursor `after` and up to `through`, recorded before `before`, that are not
   * their shipment's latest change (a newer one exists), and raises the purge mark in the same transaction (a cursor
   * below it is refused from then on). Returns how many went and the last cursor examined (the next batch starts
   * after it); null when the range is done.
   */
  async purgeStatusLog(after: string, through: string, before: Date, limit: number): Promise<{ deleted: number; last: string | null }> {
    return this.store.transaction(async (tx) => {
      const { rows } = await tx.query<{ cursor: string }>(
        `SELECT s.cursor::text AS cursor FROM status_changes s
         WHERE s.cursor > $1::bigint AND s.cursor <= $2::bigint AND s.recorded_at < $3
           AND EXISTS (SELECT 1 FROM status_changes n WHERE n.shipment_id = s.shipment_id AND n.cursor > s.cursor)
         ORDER BY s.cursor LIMIT $4 FOR UPDATE OF s SKIP LOCKED`,
        [after, through, before, limit],
      );
      if (rows.length === 0) return { deleted: 0, last: null };
      const cursors = rows.map((r) => r.cursor);
      const last = cursors.at(-1)!;
      const { rowCount } = await tx.query('DELETE FROM status_changes WHERE cursor = ANY($1::bigint[])', [cursors]);
      await tx.query(
        `INSERT INTO retention_marks (name, value) VALUES ('status_changes', $1::bigint)
         ON CONFLICT (name) DO UPDATE SET value = greatest(retention_marks.value, excluded.value)`,
        [last],
      );
      return { deleted: rowCount, last };
    });
  }

  /**
   * Embedded PGlite only: a CHECKPOINT, writing the pages the batches since the last one left dirty (at most the
   * buffer pool, PGLITE_SHARED_BUFFERS) and letting PostgreSQL recycle the WAL before it. PGlite runs PostgreSQL in single-user mode,
   * without the checkpointer process, and its WAL-volume checkpoints (max_wal_size) are asked of that process: so none
   * happens while the server runs, the WAL grows by every write (a purge about 320 bytes per outbox row), and a crash
   * replays everything since the start. On PostgreSQL the checkpointer does it (a CHECKPOINT needs pg_checkpoint).
   */
  async checkpoint(): Promise<void> {
    if (this.store.kind === 'pglite') await this.store.query('CHECKPOINT');
  }

  /** Settled idempotency keys past their expiry (never a key whose label or pickup is unsettled: shipping-keys.ts). */
  purgeSettledKeys(now: Date, limit: number): Promise<number> {
    return new IdempotencyKeyStore(this.store).purgeExpiredKeys(now, limit);
  }

  /** Bytes of documents stored before `before`, in storing order after `after`: the row stays, saying when its bytes went. */
  async expireDocumentContent(before: Date, now: Date, limit: number, after: KeysetPosition | null): Promise<Batch> {
    const { rows } = await this.store.query<LastRow>(
      `WITH gone AS (
         UPDATE documents SET content = NULL, content_expired_at = $3 WHERE id IN (
           SELECT id FROM documents WHERE content IS NOT NULL AND created_at < $1
             AND ($4::timestamptz IS NULL OR (created_at, id) > ($4::timestamptz, $5::text))
           ORDER BY created_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING created_at, id)
       SELECT created_at::text AS at, id, count(*) OVER ()::int AS deleted FROM gone ORDER BY created_at DESC, id DESC LIMIT 1`,
      [before, limit, now, after?.at ?? null, after?.id ?? null],
    );
    return batchOf(rows);
  }

  /**
   * Finished pickups (FAILED, CANCELLED, or SCHEDULED for a date before `before`'s) last changed before `before`, with
   * their label links; a pickup an idempotency key still names is kept until the key goes.
   */
  async purgeFinishedPickups(before: Date, limit: number): Promise<number> {
    return this.store.transaction(async (tx: Queryable) => {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT id FROM pickups p
         WHERE state IN ('FAILED', 'CANCELLED', 'SCHEDULED') AND updated_at < $1
           AND (state <> 'SCHEDULED' OR scheduled_date < to_char($1::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
           AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.resource_id = p.id)
         ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [before, limit],
      );
      if (rows.length === 0) return 0;
      const ids = rows.map((r) => r.id);
      await tx.query('DELETE FROM pickup_labels WHERE pickup_id = ANY($1::text[])', [ids]);
      const { rowCount } = await tx.query('DELETE FROM pickups WHERE id = ANY($1::text[])', [ids]);
      return rowCount;
    });
  }

  /** Stopped watches whose last poll (or creation) was before `before`. */
  async purgeStoppedWatches(before: Date, limit: number): Promise<number> {
    const { rowCount } = await this.store.query(
      `DELETE FROM shipment_watches WHERE shipment_id IN (
         SELECT shipment_id FROM shipment_watches WHERE NOT active AND coalesce(last_polled_at, created_at) < $1
         ORDER BY coalesce(last_polled_at, created_at) LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [before, limit],
    );
    return rowCount;
  }
}
