/**
 * The `labels` table (migration 009): label purchases as durable jobs. Every write of a
 * label that a job makes is conditional (on its state, and for the worker on the claim's attempt number), so a stale
 * writer (a replica whose lease ran out, a create answer arriving after a reconciliation) never undoes a newer truth.
 * The SQL runs the same on PGlite and PostgreSQL. Documents, keys and tenders: shipping-documents.ts,
 * shipping-keys.ts, shipping-tenders.ts.
 */
import type { Carrier, CarrierInterface } from '../domain/carrier.js';
import type { Money } from '../domain/money.js';
import type { ChargeLine } from '../domain/rating.js';
import type { CarrierWarning } from '../domain/shipment.js';
import type {
  CancellationState,
  CancelResult,
  CreatedPiece,
  CreatedShipment,
  Label,
  LabelFailure,
  LabelKind,
  LabelState,
  ShipmentRequest,
  StoredDocument,
  TenderKind,
} from '../domain/shipping.js';
import { documentsOfLabels } from './shipping-documents.js';
import type { Queryable } from './store.js';

interface LabelRow {
  id: string;
  kind: LabelKind;
  state: LabelState;
  carrier: Carrier;
  division: string | null;
  upstream: CarrierInterface;
  account_number: string;
  service_code: string;
  service_name: string | null;
  idempotency_key: string;
  purchase_reference: string;
  order_id: string | null;
  request: ShipmentRequest;
  shipment_id: string | null;
  tracking_number: string | null;
  carrier_unique_id: string | null;
  carrier_code: string | null;
  pieces: CreatedPiece[];
  total: Money | null;
  breakdown: ChargeLine[];
  quoted_total: Money | null;
  dispatch_confirmation_number: string | null;
  links: Label['links'];
  warnings: CarrierWarning[];
  failure: LabelFailure | null;
  job_id: string | null;
  tendered: boolean;
  tender_by: TenderKind | null;
  tender_id: string | null;
  tendered_at: Date | null;
  cancelled_at: Date | null;
  cancellation: CancelResult | null;
  cancel_state: CancellationState | null;
  return_of: string | null;
  carrier_return_id: string | null;
  attempts: number;
  next_attempt_at: Date | null;
  deadline_at: Date | null;
  sent_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A label with what only the job needs (never shown to callers). */
export interface StoredLabel extends Label {
  deadlineAt: Date | null;
  sentAt: Date | null;
}

function toLabel(row: LabelRow, documents: StoredDocument[]): StoredLabel {
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
    cancellationState: row.cancel_state,
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

async function withDocuments(db: Queryable, rows: LabelRow[]): Promise<StoredLabel[]> {
  const docs = await documentsOfLabels(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toLabel(r, docs.get(r.id) ?? []));
}

/** What a new PENDING label is made of. */
export interface NewLabel {
  id: string;
  kind: LabelKind;
  carrier: Carrier;
  division: string | null;
  upstream: CarrierInterface;
  accountNumber: string;
  serviceCode: string;
  idempotencyKey: string;
  purchaseReference: string;
  orderId: string | null;
  referenceValues: string[];
  request: unknown;
  quotedTotal: Money | null;
  returnOf: string | null;
  /** The creating process's lease: past it, another replica presumes it dead and reconciles. */
  leaseUntil: Date;
  now: Date;
}

/** Changes to a label; only the members given are written. */
export interface LabelPatch {
  state?: LabelState;
  serviceName?: string | null;
  shipmentId?: string | null;
  trackingNumber?: string | null;
  carrierUniqueId?: string | null;
  carrierCode?: string | null;
  pieces?: CreatedPiece[];
  total?: Money | null;
  breakdown?: ChargeLine[];
  dispatchConfirmationNumber?: string | null;
  links?: Label['links'];
  warnings?: CarrierWarning[];
  failure?: LabelFailure | null;
  jobId?: string | null;
  tendered?: boolean;
  tenderBy?: TenderKind | null;
  tenderId?: string | null;
  tenderedAt?: Date | null;
  cancelledAt?: Date | null;
  cancellation?: CancelResult | null;
  carrierReturnId?: string | null;
  nextAttemptAt?: Date | null;
  deadlineAt?: Date | null;
  sentAt?: Date | null;
}

const PATCH_COLUMNS: Record<keyof LabelPatch, { column: string; json?: true }> = {
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

/** A write's precondition: the label is still in one of these states (and, for a worker's claim, at this attempt). */
export interface LabelExpectation {
  states: readonly LabelState[];
  attempts?: number;
}

/** The patch a created shipment makes: PURCHASED with what the carrier answered. */
export function purchasedPatch(shipment: CreatedShipment, extraWarnings: CarrierWarning[]): LabelPatch {
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
    await this.db.query(
      `INSERT INTO labels (id, kind, state, carrier, division, upstream, account_number, service_code, idempotency_key,
         purchase_reference, order_id, reference_values, request, quoted_total, return_of, attempts, next_attempt_at,
         sent_at, created_at, updated_at)
       VALUES ($1, $2, 'PENDING', $3, $4, $5, $6, $7, $8, $9, $10, $11::text[], $12::jsonb, $13::jsonb, $14, 1, $15, $16, $16, $16)`,
      [
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
      ],
    );
  }

  /** Writes `patch` when the label meets `expect`; returns whether it did (false: someone else moved it on first). */
  async updateLabel(id: string, patch: LabelPatch, expect: LabelExpectation, now: Date): Promise<boolean> {
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
    const { rowCount } = await this.db.query(`UPDATE labels SET ${sets.join(', ')} WHERE ${where}`, params);
    return rowCount === 1;
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
  async untendered(filter: { carrier: Carrier | null; division?: string | null; accountNumber: string | null }): Promise<StoredLabel[]> {
    const { rows } = await this.db.query<LabelRow>(
      `SELECT * FROM labels
       WHERE state = 'PURCHASED' AND NOT tendered AND tender_by IS NOT NULL
         AND ($1::text IS NULL OR carrier = $1) AND ($2::text IS NULL OR account_number = $2)
         AND ($3::boolean IS FALSE OR division IS NOT DISTINCT FROM $4::text)
       ORDER BY created_at, id`,
      [filter.carrier, filter.accountNumber, filter.division !== undefined, filter.division ?? null],
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
