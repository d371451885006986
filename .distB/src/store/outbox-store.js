/** The row's columns, qualified by `alias` where a statement joins (the claim's UPDATE ... FROM). */
function columns(alias = '') {
    const names = ['kind', 'identity', 'occurred_at', 'distinct_id', 'properties', 'state', 'attempts', 'next_attempt_at', 'dead_reason', 'created_at', 'exported_at'];
    return [`${alias}id::text AS id`, ...names.map((n) => `${alias}${n}`)].join(', ');
}
const COLUMNS = columns();
function toEntry(row) {
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
export async function recordLifecycleEvent(tx, event) {
    const { rowCount } = await tx.query(`INSERT INTO analytics_outbox (kind, identity, occurred_at, distinct_id, properties)
     VALUES ($1, $2, $3, $4, $5::json)
     ON CONFLICT (identity) DO NOTHING`, [event.kind, event.identity, event.occurredAt, event.distinctId, JSON.stringify(event.properties)]);
    return rowCount === 1;
}
/** `recordLifecycleEvent` for many events in one statement (a batch of webhook notifications); returns how many were new. */
export async function recordLifecycleEvents(tx, events) {
    if (events.length === 0)
        return 0;
    const { rowCount } = await tx.query(`INSERT INTO analytics_outbox (kind, identity, occurred_at, distinct_id, properties)
     SELECT e.kind, e.identity, e.occurred_at::timestamptz, e.distinct_id, e.properties::json
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY
       AS e(kind, identity, occurred_at, distinct_id, properties, n)
     ORDER BY e.n
     ON CONFLICT (identity) DO NOTHING`, [
        events.map((e) => e.kind),
        events.map((e) => e.identity),
        events.map((e) => new Date(e.occurredAt).toISOString()),
        events.map((e) => e.distinctId),
        events.map((e) => JSON.stringify(e.properties)),
    ]);
    return rowCount;
}
export class OutboxStore {
    db;
    constructor(db) {
        this.db = db;
    }
    /**
     * Claims up to `limit` due PENDING rows, oldest first, skipping rows another exporter holds: each claimed row's next
     * attempt moves to `leaseUntil` and its attempts grow by one, in one statement.
     */
    async claimDue(now, limit, leaseUntil) {
        const { rows } = await this.db.query(`WITH due AS (
         SELECT id AS due_id FROM analytics_outbox
         WHERE state = 'PENDING' AND next_attempt_at <= $1
         ORDER BY id
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       UPDATE analytics_outbox o SET next_attempt_at = $3, attempts = o.attempts + 1
       FROM due WHERE o.id = due.due_id
       RETURNING ${columns('o.')}`, [now, limit, leaseUntil]);
        return rows.map(toEntry).sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    }
    /** The bridge stored these: EXPORTED (only while PENDING, so a dead-lettered or re-queued row is not overwritten). */
    async markExported(ids, now) {
        if (ids.length === 0)
            return 0;
        const { rowCount } = await this.db.query(`UPDATE analytics_outbox SET state = 'EXPORTED', exported_at = $2 WHERE id = ANY($1::bigint[]) AND state = 'PENDING'`, [[...ids], now]);
        return rowCount;
    }
    /** Not sent (bridge unavailable, credentials refused): due again at `at`; `release` also gives back the attempt. */
    async reschedule(ids, at, release = false) {
        if (ids.length === 0)
            return;
        await this.db.query(`UPDATE analytics_outbox SET next_attempt_at = $2, attempts = CASE WHEN $3 THEN GREATEST(attempts - 1, 0) ELSE attempts END
       WHERE id = ANY($1::bigint[]) AND state = 'PENDING'`, [[...ids], at, release]);
    }
    /** The bridge refused this record alone (or it could not be shaped): DEAD with the reason, kept for a re-queue. */
    async deadLetter(id, reason) {
        const { rowCount } = await this.db.query(`UPDATE analytics_outbox SET state = 'DEAD', dead_reason = $2 WHERE id = $1::bigint AND state = 'PENDING'`, [id, reason.slice(0, 2000)]);
        return rowCount === 1;
    }
    /** A dead letter back to PENDING, due now, its attempts and reason cleared; null when `id` is not a dead letter. */
    async requeue(id, now) {
        const { rows } = await this.db.query(`UPDATE analytics_outbox SET state = 'PENDING', dead_reason = NULL, attempts = 0, next_attempt_at = $2
       WHERE id = $1::bigint AND state = 'DEAD' RETURNING ${COLUMNS}`, [id, now]);
        return rows[0] ? toEntry(rows[0]) : null;
    }
    async entry(id) {
        const { rows } = await this.db.query(`SELECT ${COLUMNS} FROM analytics_outbox WHERE id = $1::bigint`, [id]);
        return rows[0] ? toEntry(rows[0]) : null;
    }
    async entryByIdentity(identity) {
        const { rows } = await this.db.query(`SELECT ${COLUMNS} FROM analytics_outbox WHERE identity = $1`, [identity]);
        return rows[0] ? toEntry(rows[0]) : null;
    }
    /** Dead letters, oldest first, after `afterId` (exclusive). */
    async deadLetters(afterId, limit) {
        const { rows } = await this.db.query(`SELECT ${COLUMNS} FROM analytics_outbox WHERE state = 'DEAD' AND id > $1::bigint ORDER BY id LIMIT $2`, [afterId ?? '0', limit]);
        return rows.map(toEntry);
    }
    async state() {
        const { rows } = await this.db.query(`SELECT state, count(*) AS n, min(created_at) AS oldest FROM analytics_outbox GROUP BY state`);
        const count = (state) => Number(rows.find((r) => r.state === state)?.n ?? 0);
        const oldest = rows.find((r) => r.state === 'PENDING')?.oldest ?? null;
        const [pending, exported, dead] = [count('PENDING'), count('EXPORTED'), count('DEAD')];
        return { pending, exported, dead, written: pending + exported + dead, oldestPendingAt: oldest ? new Date(oldest) : null };
    }
}
