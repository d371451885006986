/**
 * The shipping service (issue 9): label purchases as durable jobs, idempotent by key, cancellation, tendering, returns
 * and documents, over the connectors the registry lists. No carrier is named here: a connector is chosen by the
 * request's carrier and division. Resolvers call it through `ShippingApi` (types.ts).
 *
 * A purchase: the connector's `check` (InputErrors, nothing written) -> ONE statement storing the key and a PENDING
 * label (with a lease; a transaction when the key is already there) -> ONE create call, outside any transaction -> one
 * transaction storing the answer, whose writes return the label answered (no read after the write). A replay of
 * the key never calls the carrier; an UNKNOWN label is reconciled by its purchase reference, never bought again.
 */
import { randomUUID } from 'node:crypto';
import type { Carrier } from '../../domain/carrier.js';
import { InputError, UpstreamError } from '../../domain/errors.js';
import type { CarrierWarning, Shipment } from '../../domain/shipment.js';
import type {
  CancelResult,
  DocumentKind,
  Label,
  ShipmentRequest,
  StoredDocument,
  Tender,
  ValidationResult,
} from '../../domain/shipping.js';
import type { DocumentConnector, LinkedDocumentConnector, ReturnsConnector, ShippingConnector, TenderingConnector } from '../../carriers/types.js';
import type { Logger } from '../../platform/logger.js';
import type { Metrics } from '../../platform/metrics.js';
import { documentById, documentContent, insertLinkedDocument, linkedDocument } from '../../store/shipping-documents.js';
import { ShippingStore, type NewLabel, type StoredLabel } from '../../store/shipping-store.js';
import { TenderStore } from '../../store/shipping-tenders.js';
import type { Store } from '../../store/store.js';
import { IdempotencyKeys } from './idempotency.js';
import { throwInputErrors } from '../../domain/input-errors.js';
import { LabelJobs } from './label-jobs.js';
import { LabelRecords, publicLabel } from './label-records.js';
import { LABEL_UPDATES_CHANNEL, watchLabel } from './label-updates.js';
import { LabelWorker } from './label-worker.js';
import { purchaseReference, requestHash } from './purchase-key.js';
import type { AfterPurchaseDeps } from './after-purchase.js';
import { Cancellations } from './cancellation.js';
import { Settlements } from './settlement.js';
import { settleDueCancellations } from './cancel-settling.js';
import { ShippingDocuments } from './label-documents.js';
import { Returns } from './returns.js';
import { Tenders } from './tendering.js';
import { shippingMetrics, type ShippingMetrics } from './shipping-metrics.js';
import type {
  InvoiceInput,
  LabelFilter,
  PurchaseOutcome,
  ReferenceSearch,
  ReturnInput,
  SettleLabelInput,
  ShippingApi,
  ShippingSettings,
  TenderInput,
} from './types.js';

/** Declared in types.ts (the worker, jobs and settling read it too); re-exported for callers that build the service. */
export type { ShippingSettings } from './types.js';

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
  /** From the registry: `linkedDocumentConnectors` (links in tracking answers: Group A unified proof of delivery). */
  linkedDocuments?: readonly LinkedDocumentConnector[];
  settings: ShippingSettings;
  logger: Logger;
  /** Counters are registered on its registry (shipping-metrics.ts). */
  metrics?: Metrics | null;
  /** The carriers' lookups by customer reference for `shipmentsByReference`; absent: stored labels only. */
  lookupReference?: (orderId: string) => Promise<ReferenceLookupAnswer>;
  /** Called once after a label becomes PURCHASED (tracking from birth); a failure is logged, never fails the purchase. */
  onPurchased?: (label: Label) => Promise<void> | void;
  /** Clock, for tests of the TTL and deadlines. */
  now?: () => Date;
}

const CREATE = 'createShipment';
/** Labels `shipmentsByReference` answers at most from the store. */
const REFERENCE_LABELS_MAX = 100;

export class ShippingService implements ShippingApi {
  private readonly now: () => Date;
  private readonly metrics: ShippingMetrics;
  private readonly records: LabelRecords;
  private readonly jobs: LabelJobs;
  private readonly worker: LabelWorker;
  private readonly keys: IdempotencyKeys;
  private readonly cancellations: Cancellations;
  private readonly settlements: Settlements;
  private readonly tenders: Tenders;
  private readonly returnLabels: Returns;
  private readonly documents: ShippingDocuments;

  constructor(private readonly deps: ShippingServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.metrics = shippingMetrics(deps.metrics);
    this.records = new LabelRecords(deps.store, deps.logger, deps.onPurchased);
    this.jobs = new LabelJobs(this.records, deps.settings, this.metrics, this.now);
    this.keys = new IdempotencyKeys(deps.settings.idempotencyTtlHours);
    this.worker = new LabelWorker({
      store: deps.store,
      jobs: this.jobs,
      records: this.records,
      settings: deps.settings,
      metrics: this.metrics,
      logger: deps.logger,
      now: this.now,
      connectorFor: (label) => this.findShipping(label.carrier, label.division),
      settleCancellations: () =>
        settleDueCancellations({ store: deps.store, cancellations: this.cancellations, settings: deps.settings, logger: deps.logger, now: this.now }),
      registry: deps.metrics?.registry ?? null,
    });
    const after: AfterPurchaseDeps = {
      store: deps.store,
      records: this.records,
      keys: this.keys,
      metrics: this.metrics,
      now: this.now,
      shippingFor: (carrier, division) => this.findShipping(carrier, division),
      tendering: deps.tendering,
      returns: deps.returns,
      documents: deps.documents,
      label: (id) => this.storedLabel(id),
      settings: () => deps.settings,
    };
    this.cancellations = new Cancellations(after);
    this.settlements = new Settlements(after);
    this.tenders = new Tenders(after);
    this.returnLabels = new Returns(after);
    this.documents = new ShippingDocuments(after);
  }

  /**
   * Starts the label worker (async polls, reconciliations, dead processes' purchases, key purge): its first pass after
   * `firstDelayMs` (default at once).
   */
  start(firstDelayMs = 0): void {
    if (this.deps.settings.workerEnabled === false) return;
    this.worker.start(firstDelayMs);
  }

  /** Stops the worker; resolves when its running pass has finished. */
  async stop(): Promise<void> {
    await this.worker.stop();
    // Follows started by purchases run in the background; they finish before the store closes.
    await this.records.idle();
  }

  /** Waits for the follows (tracking from birth) that purchases started in the background. */
  async idle(): Promise<void> {
    await this.records.idle();
  }

  /** One worker pass now (tests, and a replica that wants to drain due work at once); returns labels handled. */
  runWorkerPass(): Promise<number> {
    return this.worker.runPass();
  }

  private findShipping(carrier: Carrier, division: string | null): ShippingConnector | null {
    return this.deps.shipping.find((c) => c.carrier === carrier && c.division === division) ?? null;
  }

  /** The connector for a request and the request as it will be sent (account resolved, reference derived). */
  private prepare(request: ShipmentRequest, reference: string): { connector: ShippingConnector; request: ShipmentRequest } {
    const connector = this.findShipping(request.carrier, request.division);
    if (!connector) {
      const offered = this.deps.shipping.map((c) => (c.division ? `${c.carrier}/${c.division}` : c.carrier)).join(', ') || 'none is configured';
      throw new InputError('input.carrier', `${request.carrier}${request.division ? `/${request.division}` : ''} does not ship here (shipping: ${offered})`);
    }
    const accountNumber = request.accountNumber ?? connector.defaultAccountNumber;
    if (!connector.accountNumbers.includes(accountNumber)) {
      throw new InputError('input.accountNumber', `is not an account configured for ${request.carrier}${request.division ? `/${request.division}` : ''}`);
    }
    const checked: ShipmentRequest = { ...request, accountNumber, purchaseReference: reference };
    throwInputErrors(connector.check(checked));
    return { connector, request: checked };
  }

  async createShipment(input: ShipmentRequest, idempotencyKey: string): Promise<PurchaseOutcome> {
    // The reference is ours to derive from the key (whatever the caller's conversion put there), so a lost answer can
    // be found again by any replica that knows only the key.
    const { connector, request } = this.prepare(input, purchaseReference(CREATE, idempotencyKey));
    const { purchaseReference: _derived, ...hashed } = request;
    const hash = requestHash(CREATE, hashed);
    const now = this.now();
    const labelId = `Label:${randomUUID()}`;
    const newLabel: NewLabel = {
      id: labelId,
      kind: 'OUTBOUND',
      carrier: request.carrier,
      division: request.division,
      upstream: connector.upstream,
      accountNumber: request.accountNumber as string,
      serviceCode: request.serviceCode,
      idempotencyKey,
      purchaseReference: request.purchaseReference,
      orderId: request.orderId,
      referenceValues: [...(request.orderId ? [request.orderId] : []), ...request.references.map((r) => r.value)],
      request,
      quotedTotal: request.quotedTotal,
      returnOf: null,
      leaseUntil: new Date(now.getTime() + this.deps.settings.leaseMs),
      now,
    };
    // The key and the PENDING label, committed before the carrier is called: one statement when the key is new (it
    // announces the label too), else the long way (an expired key removed, or the first request's label answered).
    const stored = await new ShippingStore(this.deps.store).insertLabelWithKey(newLabel, this.keys.row(CREATE, hash, now), LABEL_UPDATES_CHANNEL);
    const firstId = stored
      ? null
      : await this.deps.store.transaction(async (tx) => {
          const existing = await this.keys.claim(tx, CREATE, idempotencyKey, hash, labelId, now);
          if (existing) return existing;
          await new ShippingStore(tx).insertLabel(newLabel);
          return null;
        });
    if (firstId) return { label: await this.replay(CREATE, firstId, connector), replayed: true };
    if (!stored) await this.records.announce(labelId);

    // The PENDING label is committed: the one create call goes now, never retried, outside any transaction (the lease
    // covers a process dying here).
    let result: Parameters<LabelJobs['recordCreate']>[2];
    try {
      result = { answer: await connector.create(request) };
    } catch (error) {
      result = { error };
    }
    let label: StoredLabel | null = null;
    try {
      // PURCHASED: the label as that write stored it (nothing read back); any other outcome is read below.
      label = await this.jobs.recordCreate({ ...newLabel, request }, connector, result);
    } catch (err) {
      // The answer could not be stored: the label is UNKNOWN (or still PENDING under its lease) and will be reconciled.
      this.deps.logger.warn({ labelId, err: err instanceof Error ? err.message : String(err) }, 'label answer not stored; left to reconciliation');
    }
    label ??= await this.storedLabel(labelId);
    if (!label) throw new Error(`label ${labelId} vanished`);
    return { label: publicLabel(label), replayed: false };
  }

  /**
   * The label a key made, as it is now. An UNKNOWN one, or a PENDING one whose buying process stopped renewing its
   * lease, is reconciled first (a lookup, never a purchase).
   */
  private async replay(scope: string, labelId: string, connector: ShippingConnector | null): Promise<Label> {
    this.metrics.replays.inc({ scope });
    const label = await this.storedLabel(labelId);
    if (!label) throw new Error(`idempotency key names label ${labelId}, which is not stored`);
    if (!connector || label.kind !== 'OUTBOUND') return publicLabel(label);
    const now = this.now();
    const leaseUntil = new Date(now.getTime() + this.deps.settings.leaseMs);
    const db = new ShippingStore(this.deps.store);
    // PENDING past its lease: the buying process died; take it as the worker would (presumed lost, reconciled) now.
    const lost = label.state === 'PENDING' && !label.jobId && label.nextAttemptAt !== null && label.nextAttemptAt <= now;
    if (label.state !== 'UNKNOWN' && !lost) return publicLabel(label);
    const [claimed] = lost ? await db.claimDue(now, 1, leaseUntil, labelId) : [await db.claimForReconcile(labelId, now, leaseUntil)];
    if (claimed) {
      try {
        if (claimed.state === 'PENDING') await this.jobs.presumeLost(claimed, connector);
        else await this.jobs.reconcile(claimed, connector);
      } catch (err) {
        this.deps.logger.warn({ labelId, err: err instanceof Error ? err.message : String(err) }, 'reconciliation on replay failed');
      }
    }
    const after = await this.storedLabel(labelId);
    return publicLabel(after ?? label);
  }

  async validateShipment(input: ShipmentRequest): Promise<ValidationResult> {
    const { connector, request } = this.prepare(input, input.purchaseReference || 'VALIDATE');
    if (!connector.validate) return { valid: true, alerts: [] };
    return connector.validate(request);
  }

  private async storedLabel(id: string): Promise<StoredLabel | null> {
    return new ShippingStore(this.deps.store).label(id);
  }

  async label(id: string): Promise<Label | null> {
    const label = await this.storedLabel(id);
    return label ? publicLabel(label) : null;
  }

  async labels(filter: LabelFilter, afterId: string | null, limit: number): Promise<Label[] | null> {
    const db = new ShippingStore(this.deps.store);
    let after: { createdAt: Date; id: string } | null = null;
    if (afterId !== null) {
      const anchor = await db.label(afterId);
      if (!anchor) return null;
      after = { createdAt: anchor.createdAt, id: anchor.id };
    }
    return (await db.labels(filter, after, limit)).map(publicLabel);
  }

  async untenderedLabels(
    filter: { carrier: Carrier | null; accountNumber: string | null },
    page?: { afterId: string | null; limit: number },
  ): Promise<Label[] | null> {
    const db = new ShippingStore(this.deps.store);
    let after: { createdAt: Date; id: string } | null = null;
    if (page?.afterId) {
      const anchor = await db.label(page.afterId);
      if (!anchor) return null;
      after = { createdAt: anchor.createdAt, id: anchor.id };
    }
    return (await db.untendered(filter, page ? { after, limit: page.limit } : undefined)).map(publicLabel);
  }

  async shipmentsByReference(orderId: string): Promise<ReferenceSearch> {
    const labels = (await new ShippingStore(this.deps.store).labelsByReference(orderId, REFERENCE_LABELS_MAX)).map(publicLabel);
    if (!this.deps.lookupReference) return { labels, carrierShipments: [], failures: [] };
    const known = new Set(labels.flatMap((l) => (l.shipmentId ? [l.shipmentId] : [])));
    try {
      const found = await this.deps.lookupReference(orderId);
      return { labels, carrierShipments: found.shipments.filter((s) => !known.has(s.id)), failures: found.failures };
    } catch (err) {
      this.deps.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'reference lookup failed');
      return { labels, carrierShipments: [], failures: [] };
    }
  }

  settleLabel(input: SettleLabelInput): Promise<{ label: Label }> {
    return this.settlements.settleLabel(input);
  }

  cancelShipment(input: { labelId: string; reason: string | null; idempotencyKey: string }): Promise<{ label: Label; result: CancelResult }> {
    return this.cancellations.cancelShipment(input);
  }
  tender(input: TenderInput): Promise<Tender> {
    return this.tenders.tender(input);
  }
  tenderById(id: string): Promise<Tender | null> {
    return new TenderStore(this.deps.store).tender(id);
  }
  createReturn(input: ReturnInput): Promise<PurchaseOutcome> {
    return this.returnLabels.createReturn(input);
  }
  cancelReturn(input: { labelId: string; idempotencyKey: string }): Promise<{ label: Label; result: CancelResult }> {
    return this.cancellations.cancelReturn(input);
  }
  document(id: string): Promise<StoredDocument | null> {
    return documentById(this.deps.store, id);
  }
  documentContent(id: string): Promise<{ document: StoredDocument; content: Buffer } | null> {
    return documentContent(this.deps.store, id);
  }
  async linkedDocument(input: { shipmentId: string; carrier: Carrier; kind: DocumentKind; url: string }): Promise<StoredDocument> {
    const stored = await linkedDocument(this.deps.store, input.shipmentId, input.kind);
    if (stored) return stored;
    const connector = (this.deps.linkedDocuments ?? []).find((c) => c.carrier === input.carrier);
    if (!connector) {
      // Only an interface whose tracking answers link documents follows them; without it configured, nothing here does.
      throw new UpstreamError(`no interface of ${input.carrier} configured here follows document links`, { code: 'UPSTREAM_NOT_CONFIGURED', upstream: 'linked-documents' });
    }
    const fetched = await connector.fetchLinked(input.url, input.kind);
    return insertLinkedDocument(
      this.deps.store,
      input.shipmentId,
      { kind: fetched.kind, nativeType: fetched.nativeType, format: fetched.format, contentType: fetched.contentType, content: fetched.content },
      this.now(),
    );
  }
  fetchDocument(input: { labelId: string; kind: DocumentKind; format: 'PDF' | 'PNG' }): Promise<StoredDocument> {
    return this.documents.fetchDocument(input);
  }
  uploadShipmentImage(input: { labelId: string; format: string; content: Buffer; typeCode: string | null }): Promise<{ warnings: CarrierWarning[] }> {
    return this.documents.uploadShipmentImage(input);
  }
  uploadCommercialInvoice(input: InvoiceInput): Promise<{ warnings: CarrierWarning[] }> {
    return this.documents.uploadCommercialInvoice(input);
  }

  labelUpdates(labelId: string, signal: AbortSignal): AsyncIterable<Label> {
    return watchLabel(this.deps.store, labelId, (id) => this.label(id), signal);
  }
}
