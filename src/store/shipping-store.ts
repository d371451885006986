/**
 * The `labels` table (migration 009): label purchases as durable jobs. Every write of a
 * label that a job makes is conditional (on its state, and for the worker on the claim's attempt number), so a stale
 * writer (a replica whose lease ran out, a create answer arriving after a reconciliation) never undoes a newer truth.
 * The SQL runs the same on PGlite and PostgreSQL. Documents, keys and tenders: shipping-documents.ts,
 * shipping-keys.ts, shipping-tenders.ts.
 */
import type { Carrier } from '../domain/carrier.js';
import type { LabelState } from '../domain/shipping.js';
import {
  PATCH_COLUMNS,
  withDocuments,
  type LabelExpectation,
  type LabelPatch,
  type LabelRow,
  type NewLabel,
  type StoredLabel,
} from './label-rows.js';
import type { Queryable } from './store.js';

/* A label's row, its patches and purchasedPatch are in label-rows.ts; re-exported here for the callers of the store. */
export { purchasedPatch, toLabel, type LabelExpectation, type LabelPatch, type NewLabel, type StoredLabel } from './label-rows.js';

const LABEL_COLUMNS = `id, kind, state, carrier, division, upstream, account_number, service_code, idempotency_key,
  purchase_reference, order_id, reference_values, request, quoted_total, return_of, attempts, next_attempt_at, sent_at,
  created_at, updated_at`;
/* Typed, so the same list serves a VALUES and a SELECT (where an untyped parameter would not take the column's type). */
const LABEL_VALUES = `$1::text, $2::text, 'PENDING', $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text,
  $10::text, $11::text[], $12::jsonb, $13::jsonb, $14::text, 1, $15::timestamptz, $16::timestamptz, $16::timestamptz,
  $16::timestamptz`;

/** A new label's parameters, in LABEL_VALUES's order ($8: its idempotency key, $16: now). */
function labelParams(label: NewLabel): unknown[] {
  return [
    label.id,
    label.kind,
    label.carrier,
    label.division,
    label.upstream,
    label.accountNumber,
    label.serviceCode,
    label.idempotencyKey,
    label.purchaseReference,
    label.orderId,
    label.referenceValues,
    JSON.stringify(label.request),
    label.quotedTotal === null ? null : JSON.stringify(label.quotedTotal),
    label.returnOf,
    label.leaseUntil,
    label.now,
  ];
}

/** The guarded UPDATE of `patch` (only the members given) on a label meeting `expect`. */
export function guardedUpdate(id: string, patch: LabelPatch, expect: LabelExpectation, now: Date): { sql: string; params: unknown[] } {
  const sets: string[] = ['updated_at = $1'];
  const params: unknown[] = [now];
  for (const [member, value] of Object.entries(patch) as [keyof LabelPatch, unknown][]) {
    if (value === undefined) continue;
    const spec = PATCH_COLUMNS[member];
    params.push(spec.json && value !== null ? JSON.stringify(value) : value);
    sets.push(`${spec.column} = $${params.length}${spec.json ? '::jsonb' : ''}`);
  }
  params.push(id);
  const idParam = params.length;
  params.push([...expect.states]);
  let where = `id = $${idParam} AND state = ANY($${params.length}::text[])`;
  if (expect.attempts !== undefined) {
    params.push(expect.attempts);
    where += ` AND attempts = $${params.length}`;
  }
  return { sql: `UPDATE labels SET ${sets.join(', ')} WHERE ${where}`, params };
}

export class ShippingStore {
  constructor(private readonly db: Queryable) {}

  /**
   * Marks labels tendered by a tender: only PURCHASED, not yet tendered ones (a concurrent tender or cancel wins).
   * Returns the ids marked.
   */
  async markTendered(labelIds: readonly string[], tenderId: string, now: Date): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE labels SET tendered = true, tender_id = $2, tendered_at = $3, updated_at = $3
       WHERE id = ANY($1::text[]) AND state = 'PURCHASED' AND NOT tendered RETURNING id`,
      [[...labelIds], tenderId, now],
    );
    return rows.map((r) => r.id);
  }

  async insertLabel(label: NewLabel): Promise<void> {
    await this.db.query(`INSERT INTO labels (${LABEL_COLUMNS}) VALUES (${LABEL_VALUES})`, labelParams(label));
  }

  /**
   * The purchase's first write as ONE statement (no BEGIN/COMMIT round trips): the idempotency key, and only when this
   * statement stored it, the PENDING label, announced on `channel` (delivered on commit, with the label). Atomic like
   * the transaction it replaces: both rows or neither. False when the key is already there (another request's, or an
   * expired one): the caller then claims it the long way (expired keys removed, the first request's label answered).
   */
  async insertLabelWithKey(label: NewLabel, key: { scope: string; hash: string; expiresAt: Date }, channel: string): Promise<boolean> {
    const params = labelParams(label);
    const n = params.length;
    const { rows } = await this.db.query<{ id: string }>(
      `WITH claimed AS (
         INSERT INTO idempotency_keys (scope, key, request_hash, resource_id, created_at, expires_at)
         VALUES ($${n + 1}, $8, $${n + 2}, $1, $16, $${n + 3}) ON CONFLICT (scope, key) DO NOTHING
         RETURNING resource_id
       ), inserted AS (
         INSERT INTO labels (${LABEL_COLUMNS}) SELECT ${LABEL_VALUES} WHERE EXISTS (SELECT 1 FROM claimed)
         RETURNING id
       )
       SELECT id, pg_notify($${n + 4}, id) FROM inserted`,
      [...params, key.scope, key.hash, key.expiresAt, channel],
    );
    return rows.length === 1;
  }

  /** Writes `patch` when the label meets `expect`; returns whether it did (false: someone else moved it on first). */
  async updateLabel(id: string, patch: LabelPatch, expect: LabelExpectation, now: Date): Promise<boolean> {
    const { sql, params } = guardedUpdate(id, patch, expect, now);
    const { rowCount } = await this.db.query(sql, params);
    return rowCount === 1;
  }

  /**
   * The same write, answering the row as written and how many documents the label held before it (no read after the
   * write); null when the label did not meet `expect`.
   */
  async updateLabelReturning(id: string, patch: LabelPatch, expect: LabelExpectation, now: Date): Promise<{ row: LabelRow; documentsBefore: number } | null> {
    const { sql, params } = guardedUpdate(id, patch, expect, now);
    const { rows } = await this.db.query<LabelRow & { documents_before: number }>(
      `${sql} RETURNING *, (SELECT count(*)::int FROM documents d WHERE d.label_id = labels.id) AS documents_before`,
      params,
    );
    const written = rows[0];
    if (!written) return null;
    const { documents_before: documentsBefore, ...row } = written;
    return { row, documentsBefore };
  }

  async label(id: string): Promise<StoredLabel | null> {
    const { rows } = await this.db.query<LabelRow>('SELECT * FROM labels WHERE id = $1', [id]);
    return (await withDocuments(this.db, rows))[0] ?? null;
  }

  /**
   * Claims one UNKNOWN label for a reconciliation now (a replay of its key): counts an attempt, so an earlier claimer's
   * scheduling write no longer counts. Null when it is no longer UNKNOWN.
   */
  async claimForReconcile(id: string, now: Date, leaseUntil: Date): Promise<StoredLabel | null> {
    const { rows } = await this.db.query<LabelRow>(
      `UPDATE labels SET attempts = attempts + 1, next_attempt_at = $3, updated_at = $2
       WHERE id = $1 AND state = 'UNKNOWN' RETURNING *`,
      [id, now, leaseUntil],
    );
    return (await withDocuments(this.db, rows))[0] ?? null;
  }

  /** Another label of this carrier already holding this tracking number (an operator's settlement must not reuse it). */
  async labelWithTrackingNumber(carrier: Carrier, trackingNumber: string, exceptId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT id FROM labels WHERE carrier = $1 AND tracking_number = $2 AND id <> $3 LIMIT 1`,
      [carrier, trackingNumber, exceptId],
    );
    return rows[0]?.id ?? null;
  }

  async labelsByIds(ids: readonly string[]): Promise<StoredLabel[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.db.query<LabelRow>('SELECT * FROM labels WHERE id = ANY($1::text[])', [[...ids]]);
    return withDocuments(this.db, rows);
  }

  /** Newest first; `after` (a label's created_at and id) is exclusive. */
  async labels(
    filter: { carrier: Carrier | null; state: LabelState | null; orderId: string | null },
    after: { createdAt: Date; id: string } | null,
    limit: number,
  ): Promise<StoredLabel[]> {
    const { rows } = await this.db.query<LabelRow>(
      `SELECT * FROM labels
       WHERE ($1::text IS NULL OR carrier = $1) AND ($2::text IS NULL OR state = $2) AND ($3::text IS NULL OR order_id = $3)
         AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::text))
       ORDER BY created_at DESC, id DESC LIMIT $6`,
      [filter.carrier, filter.state, filter.orderId, after?.createdAt ?? null, after?.id ?? null, limit],
    );
    return withDocuments(this.db, rows);
  }

  /** PURCHASED labels the carrier does not expect yet (a tender is needed and was not made), oldest first. */
  /** Oldest first; with `page`, the labels after its anchor (exclusive), at most `limit` of them. */
  async untendered(
    filter: { carrier: Carrier | null; division?: string | null; accountNumber: string | null },
    page?: { after: { createdAt: Date; id: string } | null; limit: number },
  ): Promise<StoredLabel[]> {
    const { rows } = await this.db.query<LabelRow>(
      `SELECT * FROM labels
       WHERE state = 'PURCHASED' AND NOT tendered AND tender_by IS NOT NULL
         AND ($1::text IS NULL OR carrier = $1) AND ($2::text IS NULL OR account_number = $2)
         AND ($3::boolean IS FALSE OR division IS NOT DISTINCT FROM $4::text)
         AND ($5::timestamptz IS NULL OR (created_at, id) > ($5::timestamptz, $6::text))
       ORDER BY created_at, id LIMIT $7`,
      [
        filter.carrier,
        filter.accountNumber,
        filter.division !== undefined,
        filter.division ?? null,
        page?.after?.createdAt ?? null,
        page?.after?.id ?? null,
        page?.limit ?? null,
      ],
    );
    return withDocuments(this.db, rows);
  }

  /** Labels naming this order id or carrying it as a reference, newest first. */
  async labelsByReference(value: string, limit: number): Promise<StoredLabel[]> {
    const { rows } = await this.db.query<LabelRow>(
      `SELECT * FROM labels WHERE order_id = $1 OR reference_values @> ARRAY[$1::text]
       ORDER BY created_at DESC, id DESC LIMIT $2`,
      [value, limit],
    );
    return withDocuments(this.db, rows);
  }

  /**
   * Claims up to `limit` due labels (PENDING or UNKNOWN, or FAILED by a reconciliation and watched for a late
   * appearance; next attempt due): locked with SKIP LOCKED (rows another
   * replica is claiming are passed over), their next attempt pushed to `leaseUntil` and their attempts counted in the
   * same statement, so no other replica sees them due until the lease runs out; the claim's attempt number guards
   * every write the claimer makes afterwards.
   */
  /** The follow of a purchased label (tracking from birth) succeeded. */
  async markFollowed(labelId: string, now: Date): Promise<void> {
    await this.db.query('UPDATE labels SET followed_at = $2 WHERE id = $1 AND followed_at IS NULL', [labelId, now]);
  }

  /**
   * PURCHASED labels whose follow is still missing, purchased (or last tried) before `olderThan`: the buying process's
   * own attempt had its chance. Claimed with FOR UPDATE SKIP LOCKED and stamped, so one replica retries each at a time.
   */
  async claimUnfollowed(now: Date, olderThan: Date, limit: number): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      `WITH due AS (
         SELECT id AS due_id FROM labels
         WHERE state = 'PURCHASED' AND followed_at IS NULL AND updated_at < $2
           AND (follow_attempt_at IS NULL OR follow_attempt_at < $2)
         ORDER BY updated_at, id
         LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       UPDATE labels l SET follow_attempt_at = $1 FROM due WHERE l.id = due.due_id
       RETURNING l.id`,
      [now, olderThan, limit],
    );
    return rows.map((row) => row.id);
  }

  async claimDue(now: Date, limit: number, leaseUntil: Date, onlyId: string | null = null): Promise<StoredLabel[]> {
    const { rows } = await this.db.query<LabelRow>(
      `WITH due AS (
         SELECT id AS due_id FROM labels
         WHERE state IN ('PENDING', 'UNKNOWN', 'FAILED') AND next_attempt_at IS NOT NULL AND next_attempt_at <= $1
           AND ($4::text IS NULL OR id = $4)
         ORDER BY next_attempt_at, id
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       UPDATE labels l SET next_attempt_at = $3, attempts = l.attempts + 1, updated_at = $1
       FROM due WHERE l.id = due.due_id
       RETURNING l.*`,
      [now, limit, leaseUntil, onlyId],
    );
    return withDocuments(this.db, rows);
  }
}
