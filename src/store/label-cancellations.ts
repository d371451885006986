/**
 * The cancellation columns of `labels` (migration 013): where a label's cancellation is (SENT, UNKNOWN, REFUSED,
 * CONFIRMED), the key it was asked with, and when the label worker asks the carrier again. Every write is
 * conditional on the label still being PURCHASED, so a settled cancellation is never undone. Same SQL on PGlite and
 * PostgreSQL.
 */
import type { CancelResult } from '../domain/shipping.js';
import type { Queryable } from './store.js';

/** What settling a label's cancellation needs beyond the label. */
export interface PendingCancellation {
  labelId: string;
  key: string | null;
  reason: string | null;
  attempts: number;
  deadlineAt: Date | null;
}

interface PendingRow {
  id: string;
  cancel_key: string | null;
  cancel_reason: string | null;
  cancel_attempts: number;
  cancel_deadline_at: Date | null;
}

const toPending = (row: PendingRow): PendingCancellation => ({
  labelId: row.id,
  key: row.cancel_key,
  reason: row.cancel_reason,
  attempts: row.cancel_attempts,
  deadlineAt: row.cancel_deadline_at,
});

export class LabelCancellationStore {
  constructor(private readonly db: Queryable) {}

  /** The cancellation is being sent: SENT, due again at `leaseUntil` (past it the sending process is presumed dead). */
  async markSent(labelId: string, c: { key: string; reason: string | null; now: Date; leaseUntil: Date; deadlineAt: Date }): Promise<void> {
    await this.db.query(
      `UPDATE labels SET cancel_state = 'SENT', cancel_key = $2, cancel_reason = $3, cancel_attempts = 1,
         cancel_next_attempt_at = $4, cancel_deadline_at = $5, updated_at = $6
       WHERE id = $1 AND state = 'PURCHASED'`,
      [labelId, c.key, c.reason, c.leaseUntil, c.deadlineAt, c.now],
    );
  }

  /** The answer was lost: UNKNOWN, asked again at `nextAttemptAt` (null: not pursued any more). */
  async markUnknown(labelId: string, nextAttemptAt: Date | null, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE labels SET cancel_state = 'UNKNOWN', cancel_next_attempt_at = $2, updated_at = $3
       WHERE id = $1 AND state = 'PURCHASED' AND cancel_state IN ('SENT', 'UNKNOWN')`,
      [labelId, nextAttemptAt, now],
    );
  }

  /** Nothing reached the carrier (a refusal before it acted): the cancellation is forgotten. */
  async clear(labelId: string, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE labels SET cancel_state = NULL, cancel_key = NULL, cancel_next_attempt_at = NULL, updated_at = $2
       WHERE id = $1 AND state = 'PURCHASED' AND cancel_state = 'SENT'`,
      [labelId, now],
    );
  }

  /**
   * The carrier answered: CONFIRMED (the label CANCELLED) or REFUSED (it stays PURCHASED), with its answer kept.
   * Returns whether this call wrote it (false: settled by another request first).
   */
  async settle(labelId: string, result: CancelResult, now: Date): Promise<boolean> {
    const confirmed = result.cancelled;
    const { rowCount } = await this.db.query(
      `UPDATE labels SET state = $2, cancelled_at = $3, cancellation = $4::jsonb, cancel_state = $5,
         cancel_next_attempt_at = NULL, updated_at = $6
       WHERE id = $1 AND state = 'PURCHASED'`,
      [labelId, confirmed ? 'CANCELLED' : 'PURCHASED', confirmed ? now : null, JSON.stringify(result), confirmed ? 'CONFIRMED' : 'REFUSED', now],
    );
    return rowCount === 1;
  }

  /** The key and reason of a label's unsettled cancellation; null when it has none. */
  async pending(labelId: string): Promise<PendingCancellation | null> {
    const { rows } = await this.db.query<PendingRow>(
      `SELECT id, cancel_key, cancel_reason, cancel_attempts, cancel_deadline_at FROM labels
       WHERE id = $1 AND state = 'PURCHASED' AND cancel_state IN ('SENT', 'UNKNOWN')`,
      [labelId],
    );
    return rows[0] ? toPending(rows[0]) : null;
  }

  /**
   * Claims a label's unsettled cancellation for one more attempt now (a client's retry): an UNKNOWN one, or a SENT
   * one whose sender's lease passed (a SENT one within it is still being answered). Counted, and due again only at
   * `leaseUntil`. Null when there is none to claim.
   */
  async claim(labelId: string, now: Date, leaseUntil: Date): Promise<PendingCancellation | null> {
    const { rows } = await this.db.query<PendingRow>(
      `UPDATE labels SET cancel_attempts = cancel_attempts + 1, cancel_next_attempt_at = $3, updated_at = $2
       WHERE id = $1 AND state = 'PURCHASED'
         AND (cancel_state = 'UNKNOWN' OR (cancel_state = 'SENT' AND cancel_next_attempt_at <= $2))
       RETURNING id, cancel_key, cancel_reason, cancel_attempts, cancel_deadline_at`,
      [labelId, now, leaseUntil],
    );
    return rows[0] ? toPending(rows[0]) : null;
  }

  /**
   * Claims up to `limit` unsettled cancellations whose next attempt is due (FOR UPDATE SKIP LOCKED: replicas share
   * them), each due again only at `leaseUntil`.
   */
  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<PendingCancellation[]> {
    const { rows } = await this.db.query<PendingRow>(
      `WITH due AS (
         SELECT id AS due_id FROM labels
         WHERE cancel_state IN ('SENT', 'UNKNOWN') AND cancel_next_attempt_at IS NOT NULL AND cancel_next_attempt_at <= $1
           AND state = 'PURCHASED'
         ORDER BY cancel_next_attempt_at, id
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       UPDATE labels l SET cancel_attempts = l.cancel_attempts + 1, cancel_next_attempt_at = $3, updated_at = $1
       FROM due WHERE l.id = due.due_id
       RETURNING l.id, l.cancel_key, l.cancel_reason, l.cancel_attempts, l.cancel_deadline_at`,
      [now, limit, leaseUntil],
    );
    return rows.map(toPending);
  }
}
