export class IdempotencyKeyStore {
    db;
    constructor(db) {
        this.db = db;
    }
    /**
     * Claims an idempotency key for a new request. An expired key is removed first (an expired key is a new request).
     * Returns null when this call stored it, or the stored key (another call did, maybe still running).
     */
    async claimKey(key) {
        await this.db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND expires_at <= $3', [key.scope, key.key, key.now]);
        // ON CONFLICT DO NOTHING: on PostgreSQL a concurrent insert of the same key waits for the first transaction and
        // then does nothing, so exactly one caller stores the key (and its label); the others read what it stored.
        const inserted = await this.db.query(`INSERT INTO idempotency_keys (scope, key, request_hash, resource_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (scope, key) DO NOTHING`, [key.scope, key.key, key.hash, key.resourceId, key.now, key.expiresAt]);
        if (inserted.rowCount === 1)
            return null;
        const { rows } = await this.db.query('SELECT request_hash, resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2', [key.scope, key.key]);
        const row = rows[0];
        if (!row)
            throw new Error(`idempotency key ${key.scope}/${key.key} vanished while being read`);
        return { hash: row.request_hash, resourceId: row.resource_id };
    }
    /** Looks a live key up without storing it. */
    async findKey(scope, key, now) {
        const { rows } = await this.db.query('SELECT request_hash, resource_id FROM idempotency_keys WHERE scope = $1 AND key = $2 AND expires_at > $3', [scope, key, now]);
        const row = rows[0];
        return row ? { hash: row.request_hash, resourceId: row.resource_id } : null;
    }
    /** Forgets a key whose request failed before anything was done (a retry with it is a new request). */
    async releaseKey(scope, key) {
        await this.db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key]);
    }
    /** Removes expired keys; returns how many. */
    async purgeExpiredKeys(now) {
        const { rowCount } = await this.db.query('DELETE FROM idempotency_keys WHERE expires_at <= $1', [now]);
        return rowCount;
    }
}
