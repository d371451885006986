/**
 * The analytics outbox (migration 011; issue 11). `recordLifecycleEvent` is called inside the transaction that records
 * the happening, so an event exists exactly when its happening was committed. The exporter claims due rows with FOR
 * UPDATE SKIP LOCKED and a lease (`next_attempt_at` moved forward), so replicas share the work and a claim whose
 * process died is due again when its lease runs out: nothing is lost, and what is sent twice carries the same
 * `$insert_id`.
 */
import type { LifecycleEvent, OutboxEntry } from '../domain/analytics.js';
import { readRowCounters } from './row-counters.js';
import type { Queryable } from './store.js';

interface OutboxRow {
  id: string;
  kind: string;
  identity: string;
  occurred_at: Date;
  distinct_id: string;
  properties: Record<string, unknown>;
  state: OutboxEntry['state'];
  attempts: number;
  next_attempt_at: Date;
  dead_reason: string | null;
  created_at: Date;
  exported_at: Date | null;
}

/** The row's columns, qualified by `alias` where a statement joins (the claim's UPDATE ... FROM). */
function columns(alias = ''): string {
  const names = ['kind', 'identity', 'occurred_at', 'distinct_id', 'properties', 'state', 'attempts', 'next_attempt_at', 'dead_reason', 'created_at', 'exported_at'];
  return [`${alias}id::text AS id`, ...names.map((n) => `${alias}${n}`)].join(', ');
}
const COLUMNS = columns();

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    identity: row.identity,
    occurredAt: new Date(row.occurred_at),
    distinctId: row.distinct_id,
    properties: row.properties,
    state: row.state,
    attempts: row.attempts,
    nextAttemptAt: new Date(row.next_attempt_at),
    deadReason: row.dead_reason,
    createdAt: new Date(row.created_at),
    exportedAt: row.exported_at ? new Date(row.exported_at) : null,
  };
}

/**
 * Writes one event in the caller's transaction. The same identity written again (a replayed writer, the backfill
 * after live export) adds nothing. Returns whether a row was added.
 */
export async function recordLifecycleEvent(tx: Queryable, event: LifecycleEvent): Promise<boolean> {
  const { rowCount } = await tx.query(
    `INSERT INTO analytics_outbox (kind, identity, occurred_at, distinct_id, properties)
     VALUES ($1, $2, $3, $4, $5::json)
     ON CONFLICT (identity) DO NOTHING`,
    [event.kind, event.identity, event.occurredAt, event.distinctId, JSON.stringify(event.properties)],
  );
  return rowCount === 1;
}

/** `recordLifecycleEvent` for many events in one statement (a batch of webhook notifications); returns how many were new. */
export async function recordLifecycleEvents(tx: Queryable, events: readonly LifecycleEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO analytics_outbox (kind, identity, occurred_at, distinct_id, properties)
     SELECT e.kind, e.identity, e.occurred_at::timestamptz, e.distinct_id, e.properties::json
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY
       AS e(kind, identity, occurred_at, distinct_id, properties, n)
     ORDER BY e.n
     ON CONFLICT (identity) DO NOTHING`,
    [
      events.map((e) => e.kind),
      events.map((e) => e.identity),
      events.map((e) => new Date(e.occurredAt).toISOString()),
      events.map((e) => e.distinctId),
      events.map((e) => JSON.stringify(e.properties)),
    ],
  );
  return rowCount;
}

export interface OutboxState {
  pending: number;
  exported: number;
  dead: number;
  /** Every row ever written (retention's deletions do not lower it). */
  written: number;
  /** When the oldest PENDING row was written; null when none waits. */
  oldestPendingAt: Date | null;
}

export class OutboxStore {
  constructor(private readonly db: Queryable) {}

  /**
   * Claims up to `limit` due PENDING rows, oldest first, skipping rows another exporter holds: each claimed row's next
   * attempt moves to `leaseUntil` and its attempts grow by one, in one statement.
   */
  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<OutboxEntry[]> {
    const { rows } = await this.db.query<OutboxRow>(
      `WITH due AS (
         SELECT id AS due_id FROM analytics_outbox
         WHERE state = 'PENDING' AND next_attempt_at <= $1
         ORDER BY id
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       UPDATE analytics_outbox o SET next_attempt_at = $3, attempts = o.attempts + 1
       FROM due WHERE o.id = due.due_id
       RETURNING ${columns('o.')}`,
      [now, limit, leaseUntil],
    );
    return rows.map(toEntry).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  /** The bridge stored these: EXPORTED (only while PENDING, so a dead-lettered or re-queued row is not overwritten). */
  async markExported(ids: readonly string[], now: Date): Promise<number> {
    if (ids.length === 0) return 0;
    const { rowCount } = await this.db.query(
      `UPDATE analytics_outbox SET state = 'EXPORTED', exported_at = $2 WHERE id = ANY($1::bigint[]) AND state = 'PENDING'`,
      [[...ids], now],
    );
    return rowCount;
  }

  /** Not sent (bridge unavailable, credentials refused): due again at `at`; `release` also gives back the attempt. */
  async reschedule(ids: readonly string[], at: Date, release = false): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(
      `UPDATE analytics_outbox SET next_attempt_at = $2, attempts = CASE WHEN $3 THEN GREATEST(attempts - 1, 0) ELSE attempts END
       WHERE id = ANY($1::bigint[]) AND state = 'PENDING'`,
      [[...ids], at, release],
    );
  }

  /** The bridge refused this record alone (or it could not be shaped): DEAD with the reason, kept for a re-queue. */
  async deadLetter(id: string, reason: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE analytics_outbox SET state = 'DEAD', dead_reason = $2, dead_at = now() WHERE id = $1::bigint AND state = 'PENDING'`,
      [id, reason.slice(0, 2000)],
    );
    return rowCount === 1;
  }

  /** A dead letter back to PENDING, due now, its attempts and reason cleared; null when `id` is not a dead letter. */
  async requeue(id: string, now: Date): Promise<OutboxEntry | null> {
    const { rows } = await this.db.query<OutboxRow>(
      `UPDATE analytics_outbox SET state = 'PENDING', dead_reason = NULL, dead_at = NULL, attempts = 0, next_attempt_at = $2
       WHERE id = $1::bigint AND state = 'DEAD' RETURNING ${COLUMNS}`,
      [id, now],
    );
    return rows[0] ? toEntry(rows[0]) : null;
  }

  async entry(id: string): Promise<OutboxEntry | null> {
    const { rows } = await this.db.query<OutboxRow>(`SELECT ${COLUMNS} FROM analytics_outbox WHERE id = $1::bigint`, [id]);
    return rows[0] ? toEntry(rows[0]) : null;
  }

  async entryByIdentity(identity: string): Promise<OutboxEntry | null> {
    const { rows } = await this.db.query<OutboxRow>(`SELECT ${COLUMNS} FROM analytics_outbox WHERE identity = $1`, [identity]);
    return rows[0] ? toEntry(rows[0]) : null;
  }

  /** Dead letters, oldest first, after `afterId` (exclusive). */
  async deadLetters(afterId: string | null, limit: number): Promise<OutboxEntry[]> {
    const { rows } = await this.db.query<OutboxRow>(
      `SELECT ${COLUMNS} FROM analytics_outbox WHERE state = 'DEAD' AND id > $1::bigint ORDER BY id LIMIT $2`,
      [afterId ?? '0', limit],
    );
    return rows.map(toEntry);
  }

  /**
   * Counts by state from the counters the outbox's triggers keep (migration 015) and the oldest waiting row by one step
   * down the index of waiting rows: two small reads whatever the outbox holds, never a count over its rows.
   */
  async state(): Promise<OutboxState> {
    const counts = await readRowCounters(this.db, 'analytics_outbox:');
    const { rows } = await this.db.query<{ created_at: Date }>(
      `SELECT created_at FROM analytics_outbox WHERE state = 'PENDING' ORDER BY id LIMIT 1`,
    );
    const oldest = rows[0]?.created_at ?? null;
    const count = (name: string): number => counts.get(`analytics_outbox:${name}`) ?? 0;
    return { pending: count('PENDING'), exported: count('EXPORTED'), dead: count('DEAD'), written: count('written'), oldestPendingAt: oldest ? new Date(oldest) : null };
  }
}
