import type { Carrier } from '../../domain/carrier.js';
import type { Money } from '../../domain/money.js';
import type { CarrierWarning, Shipment } from '../../domain/shipment.js';
import type {
  CancelResult,
  DocumentKind,
  Label,
  LabelState,
  ReturnRequest,
  ShipmentRequest,
  StoredDocument,
  Tender,
  ValidationResult,
} from '../../domain/shipping.js';

/**
 * The shipping service's face (issue 9): what resolvers call. Inputs are already checked and converted to the domain by
 * src/graphql/inputs/shipment.ts (GraphQL input -> ShipmentRequest, InputError naming the field); everything
 * here works on domain types. Implemented by ShippingService (src/services/shipping/shipping-service.ts).
 *
 * Idempotency (Stripe's semantics, DESIGN.md): every method taking `idempotencyKey` stores the key with a hash of its
 * input BEFORE the carrier is called. The same key and input again answers the stored result (or the label as it is
 * now: PENDING means IN_PROGRESS) and never calls the carrier; the same key with another input throws an InputError on
 * `input.idempotencyKey`. Keys live SHIPPING_IDEMPOTENCY_TTL_HOURS (default 24, at least 24).
 */
export interface ShippingApi {
  /**
   * Buys a label: validates with the connector's `check` (InputErrors, nothing written), stores the key and a PENDING
   * label, calls the carrier once, stores the answer (PURCHASED with documents; FAILED with the reason; UNKNOWN when
   * the answer was lost; PENDING with a jobId for Carrier B async). A carrier refusal is returned as a FAILED label
   * with `failure` (the resolver shows it as a userError with the carrier's code), never thrown.
   */
  createShipment(request: ShipmentRequest, idempotencyKey: string): Promise<PurchaseOutcome>;
  /** Our checks and the carrier's validation; nothing is created or stored. */
  validateShipment(request: ShipmentRequest): Promise<ValidationResult>;
  /**
   * An operator settles a label whose outcome is UNKNOWN (settlement.ts): with the carrier's tracking number, checked by
   * the carrier's tracking first (PURCHASED), or as not created (FAILED). Refusals are InputErrors naming the field.
   */
  settleLabel(input: SettleLabelInput): Promise<{ label: Label }>;
  /** Cancels a PURCHASED label at the carrier; a second cancel answers the first's result without a call. */
  cancelShipment(input: { labelId: string; reason: string | null; idempotencyKey: string }): Promise<{ label: Label; result: CancelResult }>;
  /**
   * Tenders labels: e-commerce manifest or Carrier B end-of-day close, for one carrier, division and account. `labelIds`
   * null = every eligible label. Eligibility is checked before the call (InputError naming `input.labelIds.N`).
   */
  tender(input: TenderInput): Promise<Tender>;
  /** E-commerce return label or Carrier B return tag for a PURCHASED outbound label. */
  createReturn(input: ReturnInput): Promise<PurchaseOutcome>;
  /** Cancels a Carrier B return tag (by the shipment id the carrier gave it). */
  cancelReturn(input: { labelId: string; idempotencyKey: string }): Promise<{ label: Label; result: CancelResult }>;

  label(id: string): Promise<Label | null>;
  /** Labels newest first, a page at a time (`afterId` exclusive); null when `afterId` is not a label. */
  labels(filter: LabelFilter, afterId: string | null, limit: number): Promise<Label[] | null>;
  /**
   * PURCHASED, not cancelled, not tendered labels the carrier does not expect yet (tenderBy set), per carrier and
   * account, oldest first; with `page`, after `afterId` (exclusive), null when it names no label.
   */
  untenderedLabels(filter: { carrier: Carrier | null; accountNumber: string | null }, page?: { afterId: string | null; limit: number }): Promise<Label[] | null>;
  /** Shipments with this order id: our stored labels first, then the carriers' reference lookups beside them. */
  shipmentsByReference(orderId: string): Promise<ReferenceSearch>;
  tenderById(id: string): Promise<Tender | null>;

  /** A stored document's bytes (for /documents/{id}); null when unknown. */
  /** A stored document's listing (no bytes); null when there is none. */
  document(id: string): Promise<StoredDocument | null>;
  documentContent(id: string): Promise<{ document: StoredDocument; content: Buffer } | null>;
  /**
   * Fetches a document from the carrier once and stores it (proof of delivery, shipment image, bill of lading, freight
   * billing document); a second ask answers the stored one without a call.
   */
  fetchDocument(input: { labelId: string; kind: DocumentKind; format: 'PDF' | 'PNG' }): Promise<StoredDocument>;
  /**
   * A document a tracking answer links to (Group A unified `proofOfDelivery.documentUrl`), followed once and stored for
   * the shipment; later asks (any replica) answer the stored one without following the link again.
   */
  linkedDocument(input: { shipmentId: string; carrier: Carrier; kind: DocumentKind; url: string }): Promise<StoredDocument>;
  /** Express PATCH `/upload-image` for a purchased express label. */
  uploadShipmentImage(input: { labelId: string; format: string; content: Buffer; typeCode: string | null }): Promise<{ warnings: CarrierWarning[] }>;
  /** Express `/upload-invoice-data`, before (no label) or after creation. */
  uploadCommercialInvoice(input: InvoiceInput): Promise<{ warnings: CarrierWarning[] }>;

  /** Every change of a label's state or record, as it is stored (any replica), for `labelUpdated`. */
  labelUpdates(labelId: string, signal: AbortSignal): AsyncIterable<Label>;
}

export interface PurchaseOutcome {
  label: Label;
  /** True when this answer is a replay of an earlier call with the same key (no carrier call was made). */
  replayed: boolean;
}

export interface LabelFilter {
  carrier: Carrier | null;
  state: LabelState | null;
  orderId: string | null;
}

export interface TenderInput {
  carrier: Carrier;
  division: string | null;
  accountNumber: string | null;
  labelIds: string[] | null;
  /** Local date of the close, YYYY-MM-DD; today when null. */
  date: string | null;
  idempotencyKey: string;
}

export interface ReturnInput {
  outboundLabelId: string;
  /** Overrides of the return request; the outbound's parties (swapped) and packages by default. */
  request: Omit<ReturnRequest, 'outbound' | 'purchaseReference'> | null;
  idempotencyKey: string;
}

export interface InvoiceInput {
  labelId: string | null;
  accountNumber: string | null;
  plannedShipDate: string | null;
  invoiceNumber: string;
  invoiceDate: string;
  document: Buffer | null;
  lines: { description: string; quantity: number; value: Money; hsCode: string | null; countryOfOrigin: string | null }[];
}

export interface ReferenceSearch {
  labels: Label[];
  /** Shipments the carriers' reference lookups found that no stored label already names. */
  carrierShipments: Shipment[];
  /** Carriers whose lookup failed (their shipments may be missing). */
  failures: { carrier: Carrier; code: string; message: string }[];
}

/** Timing of the purchase job (from config: SHIPPING_*). */
export interface ShippingSettings {
  /** SHIPPING_IDEMPOTENCY_TTL_HOURS: how long a key answers its first result (at least 24). */
  idempotencyTtlHours: number;
  /** SHIPPING_JOB_DEADLINE_MS: how long an async job, then a reconciliation, is pursued (label-jobs.ts). */
  jobDeadlineMs: number;
  /** SHIPPING_WORKER_INTERVAL_MS: how often the worker looks for due labels. */
  workerIntervalMs: number;
  /** SHIPPING_LEASE_MS: how long a create call (or a worker's claim) may run before another replica presumes it dead. */
  leaseMs: number;
  /** SHIPPING_RETRY_BASE_MS: first delay of the exponential backoff for polls and reconciliations. */
  retryBaseMs: number;
  /** SHIPPING_RETRY_MAX_MS: the backoff's ceiling. */
  retryMaxMs: number;
  /** SHIPPING_LATE_WATCH_MS: how long a label failed by a reconciliation is still looked up (default a day). */
  lateWatchMs?: number;
  /** SHIPPING_LATE_WATCH_INTERVAL_MS: how often during that watch (default 15 minutes). */
  lateWatchIntervalMs?: number;
  /** Labels one worker pass claims at most (default 50). */
  workerBatch?: number;
  /** SHIPPING_WORKER_ENABLED; default true. */
  workerEnabled?: boolean;
}

/** What `settleLabel` takes, checked (settlement.ts: toSettleLabel). */
export interface SettleLabelInput {
  labelId: string;
  trackingNumber: string | null;
  notCreated: boolean;
}

/** Who ships on this server (the registry's shipping connectors): which carrier, division and accounts. */
export interface ShipperOffer {
  carrier: Carrier;
  division: string | null;
  accountNumbers: readonly string[];
}
