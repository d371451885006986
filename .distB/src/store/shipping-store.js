import { documentsOfLabels } from './shipping-documents.js';
function toLabel(row, documents) {
    return {
        id: row.id,
        kind: row.kind,
        state: row.state,
        carrier: row.carrier,
        division: row.division,
        upstream: row.upstream,
        accountNumber: row.account_number,
        serviceCode: row.service_code,
        serviceName: row.service_name,
        idempotencyKey: row.idempotency_key,
        purchaseReference: row.purchase_reference,
        orderId: row.order_id,
        request: row.request,
        shipmentId: row.shipment_id,
        trackingNumber: row.tracking_number,
        carrierUniqueId: row.carrier_unique_id,
        carrierCode: row.carrier_code,
        pieces: row.pieces,
        total: row.total,
        breakdown: row.breakdown,
        quotedTotal: row.quoted_total,
        dispatchConfirmationNumber: row.dispatch_confirmation_number,
        links: row.links,
        warnings: row.warnings,
        failure: row.failure,
        jobId: row.job_id,
        tendered: row.tendered,
        tenderBy: row.tender_by,
        tenderId: row.tender_id,
        tenderedAt: row.tendered_at,
        cancelledAt: row.cancelled_at,
        cancellation: row.cancellation,
        returnOf: row.return_of,
        carrierReturnId: row.carrier_return_id,
        documents,
        attempts: row.attempts,
        nextAttemptAt: row.next_attempt_at,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        deadlineAt: row.deadline_at,
        sentAt: row.sent_at,
    };
}
async function withDocuments(db, rows) {
    const docs = await documentsOfLabels(db, rows.map((r) => r.id));
    return rows.map((r) => toLabel(r, docs.get(r.id) ?? []));
}
const PATCH_COLUMNS = {
    state: { column: 'state' },
    serviceName: { column: 'service_name' },
    shipmentId: { column: 'shipment_id' },
    trackingNumber: { column: 'tracking_number' },
    carrierUniqueId: { column: 'carrier_unique_id' },
    carrierCode: { column: 'carrier_code' },
    pieces: { column: 'pieces', json: true },
    total: { column: 'total', json: true },
    breakdown: { column: 'breakdown', json: true },
    dispatchConfirmationNumber: { column: 'dispatch_confirmation_number' },
    links: { column: 'links', json: true },
    warnings: { column: 'warnings', json: true },
    failure: { column: 'failure', json: true },
    jobId: { column: 'job_id' },
    tendered: { column: 'tendered' },
    tenderBy: { column: 'tender_by' },
    tenderId: { column: 'tender_id' },
    tenderedAt: { column: 'tendered_at' },
    cancelledAt: { column: 'cancelled_at' },
    cancellation: { column: 'cancellation', json: true },
    carrierReturnId: { column: 'carrier_return_id' },
    nextAttemptAt: { column: 'next_attempt_at' },
    deadlineAt: { column: 'deadline_at' },
    sentAt: { column: 'sent_at' },
};
/** The patch a created shipment makes: PURCHASED with what the carrier answered. */
export function purchasedPatch(shipment, extraWarnings) {
    return {
        state: 'PURCHASED',
        serviceName: shipment.serviceName,
        trackingNumber: shipment.trackingNumber,
        carrierUniqueId: shipment.carrierUniqueId,
        carrierCode: shipment.carrierCode,
        pieces: shipment.pieces,
        total: shipment.total,
        breakdown: shipment.breakdown,
        dispatchConfirmationNumber: shipment.dispatchConfirmationNumber,
        links: shipment.links,
        warnings: [...shipment.warnings, ...extraWarnings],
        failure: null,
        tendered: shipment.tendered,
        tenderBy: shipment.tendered ? null : shipment.tenderBy,
        nextAttemptAt: null,
    };
}
export class ShippingStore {
    db;
    constructor(db) {
        this.db = db;
    }
    /**
     * Marks labels tendered by a tender: only PURCHASED, not yet tendered ones (a concurrent tender or cancel wins).
     * Returns the ids marked.
     */
    async markTendered(labelIds, tenderId, now) {
        const { rows } = await this.db.query(`UPDATE labels SET tendered = true, tender_id = $2, tendered_at = $3, updated_at = $3
       WHERE id = ANY($1::text[]) AND state = 'PURCHASED' AND NOT tendered RETURNING id`, [[...labelIds], tenderId, now]);
        return rows.map((r) => r.id);
    }
    async insertLabel(label) {
        await this.db.query(`INSERT INTO labels (id, kind, state, carrier, division, upstream, account_number, service_code, idempotency_key,
         purchase_reference, order_id, reference_values, request, quoted_total, return_of, attempts, next_attempt_at,
         sent_at, created_at, updated_at)
       VALUES ($1, $2, 'PENDING', $3, $4, $5, $6, $7, $8, $9, $10, $11::text[], $12::jsonb, $13::jsonb, $14, 1, $15, $16, $16, $16)`, [
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
        ]);
    }
    /** Writes `patch` when the label meets `expect`; returns whether it did (false: someone else moved it on first). */
    async updateLabel(id, patch, expect, now) {
        const sets = ['updated_at = $1'];
        const params = [now];
        for (const [member, value] of Object.entries(patch)) {
            if (value === undefined)
                continue;
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
        const { rowCount } = await this.db.query(`UPDATE labels SET ${sets.join(', ')} WHERE ${where}`, params);
        return rowCount === 1;
    }
    async label(id) {
        const { rows } = await this.db.query('SELECT * FROM labels WHERE id = $1', [id]);
        return (await withDocuments(this.db, rows))[0] ?? null;
    }
    /**
     * Claims one UNKNOWN label for a reconciliation now (a replay of its key): counts an attempt, so an earlier claimer's
     * scheduling write no longer counts. Null when it is no longer UNKNOWN.
     */
    async claimForReconcile(id, now, leaseUntil) {
        const { rows } = await this.db.query(`UPDATE labels SET attempts = attempts + 1, next_attempt_at = $3, updated_at = $2
       WHERE id = $1 AND state = 'UNKNOWN' RETURNING *`, [id, now, leaseUntil]);
        return (await withDocuments(this.db, rows))[0] ?? null;
    }
    async labelsByIds(ids) {
        if (ids.length === 0)
            return [];
        const { rows } = await this.db.query('SELECT * FROM labels WHERE id = ANY($1::text[])', [[...ids]]);
        return withDocuments(this.db, rows);
    }
    /** Newest first; `after` (a label's created_at and id) is exclusive. */
    async labels(filter, after, limit) {
        const { rows } = await this.db.query(`SELECT * FROM labels
       WHERE ($1::text IS NULL OR carrier = $1) AND ($2::text IS NULL OR state = $2) AND ($3::text IS NULL OR order_id = $3)
         AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::text))
       ORDER BY created_at DESC, id DESC LIMIT $6`, [filter.carrier, filter.state, filter.orderId, after?.createdAt ?? null, after?.id ?? null, limit]);
        return withDocuments(this.db, rows);
    }
    /** PURCHASED labels the carrier does not expect yet (a tender is needed and was not made), oldest first. */
    async untendered(filter) {
        const { rows } = await this.db.query(`SELECT * FROM labels
       WHERE state = 'PURCHASED' AND NOT tendered AND tender_by IS NOT NULL
         AND ($1::text IS NULL OR carrier = $1) AND ($2::text IS NULL OR account_number = $2)
         AND ($3::boolean IS FALSE OR division IS NOT DISTINCT FROM $4::text)
       ORDER BY created_at, id`, [filter.carrier, filter.accountNumber, filter.division !== undefined, filter.division ?? null]);
        return withDocuments(this.db, rows);
    }
    /** Labels naming this order id or carrying it as a reference, newest first. */
    async labelsByReference(value, limit) {
        const { rows } = await this.db.query(`SELECT * FROM labels WHERE order_id = $1 OR reference_values @> ARRAY[$1::text]
       ORDER BY created_at DESC, id DESC LIMIT $2`, [value, limit]);
        return withDocuments(this.db, rows);
    }
    /**
     * Claims up to `limit` due labels (PENDING or UNKNOWN, next attempt due): locked with SKIP LOCKED (rows another
     * replica is claiming are passed over), their next attempt pushed to `leaseUntil` and their attempts counted in the
     * same statement, so no other replica sees them due until the lease runs out; the claim's attempt number guards
     * every write the claimer makes afterwards.
     */
    /** The follow of a purchased label (tracking from birth) succeeded. */
    async markFollowed(labelId, now) {
        await this.db.query('UPDATE labels SET followed_at = $2 WHERE id = $1 AND followed_at IS NULL', [labelId, now]);
    }
    /**
     * PURCHASED labels whose follow is still missing, purchased (or last tried) before `olderThan`: the buying process's
     * own attempt had its chance. Claimed with FOR UPDATE SKIP LOCKED and stamped, so one replica retries each at a time.
     */
    async claimUnfollowed(now, olderThan, limit) {
        const { rows } = await this.db.query(`WITH due AS (
         SELECT id AS due_id FROM labels
         WHERE state = 'PURCHASED' AND followed_at IS NULL AND updated_at < $2
           AND (follow_attempt_at IS NULL OR follow_attempt_at < $2)
         ORDER BY updated_at, id
         LIMIT $3
         FOR UPDATE SKIP LOCKED
       )
       UPDATE labels l SET follow_attempt_at = $1 FROM due WHERE l.id = due.due_id
       RETURNING l.id`, [now, olderThan, limit]);
        return rows.map((row) => row.id);
    }
    async claimDue(now, limit, leaseUntil, onlyId = null) {
        const { rows } = await this.db.query(`WITH due AS (
         SELECT id AS due_id FROM labels
         WHERE state IN ('PENDING', 'UNKNOWN') AND next_attempt_at IS NOT NULL AND next_attempt_at <= $1
           AND ($4::text IS NULL OR id = $4)
         ORDER BY next_attempt_at, id
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       UPDATE labels l SET next_attempt_at = $3, attempts = l.attempts + 1, updated_at = $1
       FROM due WHERE l.id = due.due_id
       RETURNING l.*`, [now, limit, leaseUntil, onlyId]);
        return withDocuments(this.db, rows);
    }
}
