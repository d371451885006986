/**
 * The `idempotency_keys` table (migration 009): a key and the hash of its input, stored before the carrier is called,
 * naming what the first request made (a label or a tender id). Expired keys are removed first, so an expired key is a
 * new request. Same SQL on PGlite and PostgreSQL.
 *
 * A key never expires while what it made is unsettled: a label PENDING or UNKNOWN (or FAILED by a reconciliation and
 * still watched for a late appearance: something is due on it), a pickup PENDING or UNKNOWN. Its TTL counts only once
 * that reached a final state; until then the same key answers the same label, so it can never buy a second one.
 */
import type { Queryable } from './store.js';

/** SQL: the key row `k` names nothing unsettled (labels and pickups are looked up by their primary key). */
const SETTLED = `NOT EXISTS (SELECT 1 FROM labels l WHERE l.id = k.resource_id
                   AND (l.state IN ('PENDING', 'UNKNOWN') OR l.next_attempt_at IS NOT NULL))
   AND NOT EXISTS (SELECT 1 FROM pickups p WHERE p.id = k.resource_id AND p.state IN ('PENDING', 'UNKNOWN'))`;

export class IdempotencyKeyStore {
  constructor(private readonly db: Queryable) {}

  /**
   * Claims an idempotency key for a new request. An expired key is removed first (an expired key is a new request).
   * Returns null when this call stored it, or the stored key (another call did, maybe still running).
   */
  async claimKey(key: {
    scope: string;
    key: string;
    hash: string;
    resourceId: string;
    now: Date;
    expiresAt: Date;
  }): Promise<{ hash: string; resourceId: string } | null> {
    await this.db.query(`DELETE FROM idempotency_keys k WHERE scope = $1 AND key = $2 AND expires_at <= $3 AND ${SETTLED}`, [
      key.scope,
      key.key,
      key.now,
    ]);
    // ON CONFLICT DO NOTHING: on PostgreSQL a concurrent insert of the same key waits for the first transaction and
    // then does nothing, so exactly one caller stores the key (and its label); the others read what it stored.
    // A row released between the two statements (a tender's per-account row, freed as its tender ends) is gone: the
    // insert is tried again, since nobody holds the key any more.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const inserted = await this.db.query(
        `INSERT INTO idempotency_keys (scope, key, request_hash, resource_id, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (scope, key) DO NOTHING`,
        [key.scope, key.key, key.hash, key.resourceId, key.now, key.expiresAt],
      );
      if (inserted.rowCount === 1) return null;
      const { rows } = await this.db.query<{ request_hash: string; resource_id: string }>(
        'SELECT request_hash, resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2',
        [key.scope, key.key],
      );
      const row = rows[0];
      if (row) return { hash: row.request_hash, resourceId: row.resource_id };
    }
    throw new Error(`idempotency key ${key.scope}/${key.key} vanished while being read`);
  }

  /** Looks a live key up without storing it (one past its TTL still counts while what it made is unsettled). */
  async findKey(scope: string, key: string, now: Date): Promise<{ hash: string; resourceId: string } | null> {
    const { rows } = await this.db.query<{ request_hash: string; resource_id: string }>(
      `SELECT request_hash, resource_id FROM idempotency_keys k WHERE scope = $1 AND key = $2 AND (expires_at > $3 OR NOT (${SETTLED}))`,
      [scope, key, now],
    );
    const row = rows[0];
    return row ? { hash: row.request_hash, resourceId: row.resource_id } : null;
  }

  /** Forgets a key whose request failed before anything was done (a retry with it is a new request). */
  async releaseKey(scope: string, key: string): Promise<void> {
    await this.db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key]);
  }

  /**
   * Sets when a key expires: held (far in the future) while what it names is unsettled (a cancellation whose answer
   * was lost), back to the normal lifetime once settled.
   */
  async setKeyExpiry(scope: string, key: string, expiresAt: Date): Promise<void> {
    await this.db.query('UPDATE idempotency_keys SET expires_at = $3 WHERE scope = $1 AND key = $2', [scope, key, expiresAt]);
  }

  /**
   * Removes up to `limit` expired keys whose label or pickup is settled, oldest expiry first; returns how many. Bounded,
   * so a backlog of keys is never one long DELETE; keys another process is removing are passed over (SKIP LOCKED).
   */
  async purgeExpiredKeys(now: Date, limit = 500): Promise<number> {
    const { rowCount } = await this.db.query(
      `DELETE FROM idempotency_keys WHERE (scope, key) IN (
         SELECT scope, key FROM idempotency_keys k WHERE expires_at <= $1 AND ${SETTLED}
         ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [now, limit],
    );
    return rowCount;
  }
}
