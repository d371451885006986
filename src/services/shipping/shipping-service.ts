/**
 * The shipping service (issue 9): label purchases as durable jobs, idempotent by key, cancellation, tendering, returns
 * and documents, over the connectors the registry lists. No carrier is named here: a connector is chosen by the
 * request's carrier and division. Resolvers call it through `ShippingApi` (types.ts).
 */
import type { Carrier } from '../../domain/carrier.js';
import type { Shipment } from '../../domain/shipment.js';
import type { Label, Tender, ValidationResult, ShipmentRequest, CancelResult, StoredDocument, DocumentKind } from '../../domain/shipping.js';
import type { DocumentConnector, ReturnsConnector, ShippingConnector, TenderingConnector } from '../../carriers/types.js';
import type { Logger } from '../../platform/logger.js';
import type { Metrics } from '../../platform/metrics.js';
import type { Store } from '../../store/store.js';
import type {
  InvoiceInput,
  LabelFilter,
  PurchaseOutcome,
  ReferenceSearch,
  ReturnInput,
  ShippingApi,
  TenderInput,
} from './types.js';
import type { CarrierWarning } from '../../domain/shipment.js';

/** Timing of the purchase job (from config: SHIPPING_*). */
export interface ShippingSettings {
  /** SHIPPING_IDEMPOTENCY_TTL_HOURS: how long a key answers its first result (at least 24). */
  idempotencyTtlHours: number;
  /** SHIPPING_JOB_DEADLINE_MS: how long an async job or a reconciliation is pursued after the purchase began. */
  jobDeadlineMs: number;
  /** SHIPPING_WORKER_INTERVAL_MS: how often the worker looks for due labels. */
  workerIntervalMs: number;
  /** SHIPPING_LEASE_MS: how long a create call (or a worker's claim) may run before another replica presumes it dead. */
  leaseMs: number;
  /** SHIPPING_RETRY_BASE_MS: first delay of the exponential backoff for polls and reconciliations. */
  retryBaseMs: number;
  /** SHIPPING_RETRY_MAX_MS: the backoff's ceiling. */
  retryMaxMs: number;
  /** Labels one worker pass claims at most. */
  workerBatch: number;
}

/** What the carriers' reference lookups found for an order id (H5 wires the tracking service's lookup here). */
export interface ReferenceLookupAnswer {
  shipments: Shipment[];
  failures: { carrier: Carrier; code: string; message: string }[];
}

export interface ShippingServiceDeps {
  store: Store;
  /** From the registry: `shippingConnectors`, `tenderingConnectors`, `returnsConnectors`, `documentConnectors`. */
  shipping: readonly ShippingConnector[];
  tendering: readonly TenderingConnector[];
  returns: readonly ReturnsConnector[];
  documents: readonly DocumentConnector[];
  settings: ShippingSettings;
  logger: Logger;
  /** Counters are registered on its registry (shipping_label_purchases_total, shipping_worker_passes_total). */
  metrics?: Metrics | null;
  /** The carriers' lookups by customer reference for `shipmentsByReference`; absent: stored labels only. */
  lookupReference?: (orderId: string) => Promise<ReferenceLookupAnswer>;
  /** Called once after a label becomes PURCHASED (tracking from birth); a failure is logged, never fails the purchase. */
  onPurchased?: (label: Label) => Promise<void> | void;
  /** Whether this process runs the label worker (start()); default true. */
  workerEnabled?: boolean;
  /** Clock, for tests of the TTL and deadlines. */
  now?: () => Date;
}

export class ShippingService implements ShippingApi {
  constructor(private readonly deps: ShippingServiceDeps) {}

  /** Starts the label worker (async polls, reconciliations, expired leases, key purge). */
  start(): void {}

  /** Stops the worker; resolves when its running pass has finished. */
  async stop(): Promise<void> {}

  createShipment(_request: ShipmentRequest, _idempotencyKey: string): Promise<PurchaseOutcome> {
    throw new Error('not implemented yet');
  }
  validateShipment(_request: ShipmentRequest): Promise<ValidationResult> {
    throw new Error('not implemented yet');
  }
  cancelShipment(_input: { labelId: string; reason: string | null; idempotencyKey: string }): Promise<{ label: Label; result: CancelResult }> {
    throw new Error('not implemented yet');
  }
  tender(_input: TenderInput): Promise<Tender> {
    throw new Error('not implemented yet');
  }
  createReturn(_input: ReturnInput): Promise<PurchaseOutcome> {
    throw new Error('not implemented yet');
  }
  cancelReturn(_input: { labelId: string; idempotencyKey: string }): Promise<{ label: Label; result: CancelResult }> {
    throw new Error('not implemented yet');
  }
  label(_id: string): Promise<Label | null> {
    throw new Error('not implemented yet');
  }
  labels(_filter: LabelFilter, _afterId: string | null, _limit: number): Promise<Label[] | null> {
    throw new Error('not implemented yet');
  }
  untenderedLabels(_filter: { carrier: Carrier | null; accountNumber: string | null }): Promise<Label[]> {
    throw new Error('not implemented yet');
  }
  shipmentsByReference(_orderId: string): Promise<ReferenceSearch> {
    throw new Error('not implemented yet');
  }
  tenderById(_id: string): Promise<Tender | null> {
    throw new Error('not implemented yet');
  }
  documentContent(_id: string): Promise<{ document: StoredDocument; content: Buffer } | null> {
    throw new Error('not implemented yet');
  }
  fetchDocument(_input: { labelId: string; kind: DocumentKind; format: 'PDF' | 'PNG' }): Promise<StoredDocument> {
    throw new Error('not implemented yet');
  }
  uploadShipmentImage(_input: { labelId: string; format: string; content: Buffer; typeCode: string | null }): Promise<{ warnings: CarrierWarning[] }> {
    throw new Error('not implemented yet');
  }
  uploadCommercialInvoice(_input: InvoiceInput): Promise<{ warnings: CarrierWarning[] }> {
    throw new Error('not implemented yet');
  }
  labelUpdates(_labelId: string, _signal: AbortSignal): AsyncIterable<Label> {
    throw new Error('not implemented yet');
  }
}
