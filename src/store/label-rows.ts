/**
 * The `labels` table's rows and writes, apart from the queries (shipping-store.ts): a row as read and the label it
 * becomes, what a new label is made of, and the patches a job writes (only the members given, each to its column).
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

export interface LabelRow {
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

/** A row and its documents as the label callers see (documents as `documentsOfLabels` orders them). */
export function toLabel(row: LabelRow, documents: StoredDocument[]): StoredLabel {
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

export async function withDocuments(db: Queryable, rows: LabelRow[]): Promise<StoredLabel[]> {
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

export const PATCH_COLUMNS: Record<keyof LabelPatch, { column: string; json?: true }> = {
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
