/**
 * What follows a purchase (issue 9 items 4-7): cancellation, tendering (manifest, end-of-day close), returns, documents
 * fetched once and uploads. Every check is made before any write or carrier call; every call that makes a carrier act
 * is idempotent by key (stored before the call; released when the call fails so a retry tries again), and answers the
 * stored result to a replay without a call.
 */
import { randomUUID } from 'node:crypto';
import { outcomeUnknown, type DocumentConnector, type ReturnsConnector, type ShippingConnector, type TenderingConnector } from '../../carriers/types.js';
import type { Carrier } from '../../domain/carrier.js';
import { InputError, NotFoundError } from '../../domain/errors.js';
import type { CarrierWarning } from '../../domain/shipment.js';
import type { CancelResult, CreatedShipment, DocumentKind, Label, ReturnRequest, StoredDocument, Tender } from '../../domain/shipping.js';
import { fetchedDocument, insertDocument } from '../../store/shipping-documents.js';
import { ShippingStore, type StoredLabel } from '../../store/shipping-store.js';
import type { Store } from '../../store/store.js';
import { KEY_FIELD, type IdempotencyKeys, type KeyScope } from './idempotency.js';
import { throwInputErrors } from './input-errors.js';
import { documentsToStore, failureOf, handleOf, storeDocuments, type LabelRecords } from './label-records.js';
import { purchaseReference, requestHash } from './purchase-key.js';
import type { ShippingMetrics } from './shipping-metrics.js';
import type { InvoiceInput, PurchaseOutcome, ReturnInput, TenderInput } from './types.js';

export interface AfterPurchaseDeps {
  store: Store;
  records: LabelRecords;
  keys: IdempotencyKeys;
  metrics: ShippingMetrics;
  now: () => Date;
  shippingFor(carrier: Carrier, division: string | null): ShippingConnector | null;
  tendering: readonly TenderingConnector[];
  returns: readonly ReturnsConnector[];
  documents: readonly DocumentConnector[];
  label(id: string): Promise<StoredLabel | null>;
  settings(): { leaseMs: number };
}

const FETCHABLE: readonly DocumentKind[] = ['PROOF_OF_DELIVERY', 'SHIPMENT_IMAGE', 'BILL_OF_LADING', 'FREIGHT_BILLING_DOCUMENT'];

function named(carrier: Carrier, division: string | null): string {
  return division ? `${carrier}/${division}` : carrier;
}

function strip(label: StoredLabel): Label {
  const { deadlineAt: _d, sentAt: _s, ...rest } = label;
  return rest;
}

/** Another request holds this label's cancellation (internal: answered as the stored result or an InputError). */
class CancellationBusy extends Error {}

export class ShippingAfterPurchase {
  constructor(private readonly deps: AfterPurchaseDeps) {}

  private get db(): ShippingStore {
    return new ShippingStore(this.deps.store);
  }

  private async mustLabel(id: string, field: string): Promise<StoredLabel> {
    const label = await this.deps.label(id);
    if (!label) throw new NotFoundError(field, 'is not a label');
    return label;
  }

  // --- cancellation -------------------------------------------------------------------------------------------------

  async cancelShipment(input: { labelId: string; reason: string | null; idempotencyKey: string }): Promise<{ label: Label; result: CancelResult }> {
    return this.cancel('cancelShipment', input.labelId, input.idempotencyKey, { labelId: input.labelId, reason: input.reason }, (label) => {
      const connector = this.deps.shippingFor(label.carrier, label.division);
      if (!connector?.cancel) throw new InputError('input.labelId', `${named(label.carrier, label.division)} offers no cancellation`);
      const cancel = connector.cancel.bind(connector);
      return () => cancel(handleOf(label), input.reason);
    });
  }

  async cancelReturn(input: { labelId: string; idempotencyKey: string }): Promise<{ label: Label; result: CancelResult }> {
    return this.cancel('cancelReturn', input.labelId, input.idempotencyKey, { labelId: input.labelId }, (label) => {
      const connector = this.deps.returns.find((c) => c.carrier === label.carrier && c.division === label.division);
      if (!connector?.cancelReturn) throw new InputError('input.labelId', `${named(label.carrier, label.division)} offers no cancellation of returns`);
      const returnId = label.carrierReturnId;
      if (!returnId) throw new InputError('input.labelId', 'the carrier gave this return no id to cancel it by');
      const cancel = connector.cancelReturn.bind(connector);
      return () => cancel(returnId, label.accountNumber);
    });
  }

  /**
   * A cancellation: a CANCELLED label answers its stored cancellation (no call, whatever the key); a replayed key
   * answers what its first call stored; otherwise only a PURCHASED label is cancelled, with one carrier call.
   */
  private async cancel(
    scope: KeyScope,
    labelId: string,
    key: string,
    hashed: unknown,
    prepare: (label: StoredLabel) => () => Promise<CancelResult>,
  ): Promise<{ label: Label; result: CancelResult }> {
    const label = await this.mustLabel(labelId, 'input.labelId');
    const kind = scope === 'cancelReturn' ? 'RETURN' : 'OUTBOUND';
    if (label.kind !== kind) {
      throw new InputError('input.labelId', kind === 'RETURN' ? 'is not a return label' : 'is a return label: cancel it with cancelReturn');
    }
    if (label.state === 'CANCELLED' && label.cancellation) {
      this.deps.metrics.replays.inc({ scope });
      return { label: strip(label), result: label.cancellation };
    }
    const hash = requestHash(scope, hashed);
    const now = this.deps.now();
    const known = await this.db.findKey(scope, key, now);
    if (known) return this.cancelReplay(scope, known, hash);
    if (label.state !== 'PURCHASED') throw new InputError('input.labelId', `is ${label.state}; only a PURCHASED label can be cancelled`);
    const call = prepare(label);
    // One cancellation of a label at a time, whatever the keys: a row per label taken with the key, in one transaction
    // (the same ON CONFLICT as keys), kept once cancelled, released when the call failed or was refused.
    const lockScope = `${scope}.label`;
    const first = await this.deps.store.transaction(async (tx) => {
      const replay = await this.deps.keys.claim(tx, scope, key, hash, labelId, now);
      if (replay) return replay;
      const busy = await new ShippingStore(tx).claimKey({ scope: lockScope, key: labelId, hash: '-', resourceId: labelId, now, expiresAt: new Date(now.getTime() + 24 * 3_600_000) });
      // Thrown inside the transaction so this call's key is not kept either.
      if (busy) throw new CancellationBusy();
      return null;
    }).catch(async (err: unknown) => {
      if (!(err instanceof CancellationBusy)) throw err;
      const current = await this.mustLabel(labelId, 'input.labelId');
      if (current.state === 'CANCELLED' && current.cancellation) {
        this.deps.metrics.replays.inc({ scope });
        return { done: { label: strip(current), result: current.cancellation } };
      }
      throw new InputError('input.labelId', 'is being cancelled by another request; retry later');
    });
    if (first && typeof first === 'object') return first.done;
    if (first) return this.cancelReplay(scope, { hash, resourceId: first }, hash);
    let result: CancelResult;
    try {
      result = await call();
    } catch (err) {
      await this.db.releaseKey(scope, key);
      await this.db.releaseKey(lockScope, labelId);
      throw err;
    }
    if (!result.cancelled) await this.db.releaseKey(lockScope, labelId);
    const at = this.deps.now();
    // A refused cancellation (cancelled: false) is kept too, so a replay answers it; the label stays PURCHASED.
    await this.deps.records.update(
      labelId,
      { state: result.cancelled ? 'CANCELLED' : 'PURCHASED', cancelledAt: result.cancelled ? at : null, cancellation: result },
      { states: ['PURCHASED'] },
      at,
    );
    const after = await this.mustLabel(labelId, 'input.labelId');
    return { label: strip(after), result };
  }

  private async cancelReplay(scope: KeyScope, known: { hash: string; resourceId: string }, hash: string): Promise<{ label: Label; result: CancelResult }> {
    if (known.hash !== hash) throw new InputError(KEY_FIELD, `was used with another input (${scope}); send a new key for a new request`);
    const label = await this.mustLabel(known.resourceId, 'input.labelId');
    if (!label.cancellation) throw new InputError(KEY_FIELD, 'names a cancellation still in progress; retry with the same key later');
    this.deps.metrics.replays.inc({ scope });
    return { label: strip(label), result: label.cancellation };
  }

  // --- tendering ----------------------------------------------------------------------------------------------------

  /**
   * Tenders PURCHASED labels of one carrier, division and account that wait for this connector's kind of tender.
   * Each ineligible id is refused naming `input.labelIds.N` before any write or call. The waiting labels the carrier
   * lists as tendered (all sent, when it lists none) become tendered with the manifest's documents, in one transaction.
   */
  async tender(input: TenderInput): Promise<Tender> {
    const connector = this.deps.tendering.find((c) => c.carrier === input.carrier && c.division === input.division);
    if (!connector) throw new InputError('input.carrier', `${named(input.carrier, input.division)} has no manifest or end-of-day close here`);
    const accountNumber = input.accountNumber ?? this.deps.shippingFor(input.carrier, input.division)?.defaultAccountNumber ?? null;
    if (!accountNumber) throw new InputError('input.accountNumber', 'is required: no default account is configured for this carrier');
    const now = this.deps.now();
    // The close's date: the caller's, else today (UTC; a caller whose day differs names it).
    const date = input.date ?? now.toISOString().slice(0, 10);
    const hash = requestHash('tender', { carrier: input.carrier, division: input.division, accountNumber, labelIds: input.labelIds, date });
    const known = await this.db.findKey('tender', input.idempotencyKey, now);
    if (known) return this.tenderReplay(known, hash);

    const labels = await this.eligible(input, connector, accountNumber);
    const tenderId = `Tender:${randomUUID()}`;
    const first = await this.deps.store.transaction((tx) => this.deps.keys.claim(tx, 'tender', input.idempotencyKey, hash, tenderId, now));
    if (first) return this.tenderReplay({ hash, resourceId: first }, hash);

    let result;
    try {
      result = await connector.tender(accountNumber, labels.map(handleOf), date);
    } catch (err) {
      await this.db.releaseKey('tender', input.idempotencyKey);
      throw err;
    }
    const listed = new Set(result.tenderedTrackingNumbers);
    // A close may take more than was named (Carrier B closes every open ground shipment of the account, SB11): every
    // waiting label of this carrier, division and account the carrier lists is tendered; one it lists none, all sent.
    const waiting = listed.size === 0 ? [] : await this.db.untendered({ carrier: input.carrier, division: input.division, accountNumber });
    const candidates = [...labels, ...waiting.filter((w) => w.tenderBy === connector.kind && !labels.some((l) => l.id === w.id))];
    const tendered = listed.size === 0 ? labels : candidates.filter((l) => l.trackingNumber !== null && listed.has(l.trackingNumber));
    const left = labels.filter((l) => !tendered.includes(l));
    const warnings: CarrierWarning[] = [
      ...result.warnings,
      ...left.map((l) => ({ code: 'NOT_TENDERED', message: `the carrier did not list ${l.trackingNumber ?? l.id}; it stays untendered`, type: 'WARNING' })),
    ];
    const { documents, warnings: docWarnings } = await documentsToStore(result.documents, undefined);
    const at = this.deps.now();
    const marked = await this.deps.store.transaction(async (tx) => {
      const db = new ShippingStore(tx);
      await db.insertTender({
        id: tenderId,
        kind: connector.kind,
        carrier: input.carrier,
        division: input.division,
        accountNumber,
        date,
        labelIds: tendered.map((l) => l.id),
        warnings: [...warnings, ...docWarnings],
        transactionId: result.transactionId,
        now: at,
      });
      await storeDocuments(tx, { labelId: null, tenderId }, documents, at);
      return db.markTendered(
        tendered.map((l) => l.id),
        tenderId,
        at,
      );
    });
    for (const id of marked) await this.deps.records.announce(id);
    const stored = await this.db.tender(tenderId);
    if (!stored) throw new Error(`tender ${tenderId} vanished`);
    return stored;
  }

  private async tenderReplay(known: { hash: string; resourceId: string }, hash: string): Promise<Tender> {
    if (known.hash !== hash) throw new InputError(KEY_FIELD, 'was used with another input (tender); send a new key for a new request');
    const tender = await this.db.tender(known.resourceId);
    if (!tender) throw new InputError(KEY_FIELD, 'names a tender still in progress; retry with the same key later');
    this.deps.metrics.replays.inc({ scope: 'tender' });
    return tender;
  }

  private async eligible(input: TenderInput, connector: TenderingConnector, accountNumber: string): Promise<StoredLabel[]> {
    const where = `${named(input.carrier, input.division)} account ${accountNumber}`;
    if (input.labelIds === null) {
      const waiting = (await this.db.untendered({ carrier: input.carrier, division: input.division, accountNumber })).filter(
        (l) => l.tenderBy === connector.kind,
      );
      if (waiting.length === 0) throw new InputError('input.labelIds', `no label of ${where} awaits a ${connector.kind} tender`);
      return waiting;
    }
    if (input.labelIds.length === 0) throw new InputError('input.labelIds', 'name at least one label, or none (null) for every eligible one');
    const found = new Map((await this.db.labelsByIds(input.labelIds)).map((l) => [l.id, l]));
    const seen = new Set<string>();
    const errors: InputError[] = [];
    const labels: StoredLabel[] = [];
    input.labelIds.forEach((id, i) => {
      const field = `input.labelIds.${i}`;
      const label = found.get(id);
      const refuse = (why: string): void => void errors.push(new InputError(field, why));
      if (seen.has(id)) return refuse('is named twice');
      seen.add(id);
      if (!label) return refuse('is not a label');
      if (label.carrier !== input.carrier || label.division !== input.division || label.accountNumber !== accountNumber) {
        return refuse(`is a label of ${named(label.carrier, label.division)} account ${label.accountNumber}, not of ${where}`);
      }
      if (label.state !== 'PURCHASED') return refuse(`is ${label.state}; only PURCHASED labels are tendered`);
      if (label.tendered) return refuse(label.tenderId ? `is already tendered (${label.tenderId})` : 'needs no tender: the carrier expects it already');
      if (label.tenderBy !== connector.kind) return refuse(`is tendered by ${label.tenderBy ?? 'nothing'}, not by ${connector.kind}`);
      labels.push(label);
    });
    throwInputErrors(errors);
    return labels;
  }

  // --- returns ------------------------------------------------------------------------------------------------------

  /** A return label (or tag) for a PURCHASED outbound label: one create call; a lost answer leaves it UNKNOWN. */
  async createReturn(input: ReturnInput): Promise<PurchaseOutcome> {
    const outbound = await this.mustLabel(input.outboundLabelId, 'input.outboundLabelId');
    if (outbound.kind !== 'OUTBOUND') throw new InputError('input.outboundLabelId', 'is a return label itself');
    if (outbound.state !== 'PURCHASED') throw new InputError('input.outboundLabelId', `is ${outbound.state}; a return needs a PURCHASED label`);
    const connector = this.deps.returns.find((c) => c.carrier === outbound.carrier && c.division === outbound.division);
    if (!connector) throw new InputError('input.outboundLabelId', `${named(outbound.carrier, outbound.division)} offers no return labels here`);
    const o = input.request;
    const request: ReturnRequest = {
      outbound: handleOf(outbound),
      from: o?.from ?? outbound.request.recipient,
      to: o?.to ?? outbound.request.shipper,
      packages: o?.packages ?? outbound.request.packages,
      serviceCode: o?.serviceCode ?? null,
      pickupReadyAt: o?.pickupReadyAt ?? null,
      reason: o?.reason ?? null,
      labelFormat: o?.labelFormat ?? outbound.request.labelFormat,
      purchaseReference: purchaseReference('createReturn', input.idempotencyKey),
    };
    throwInputErrors(connector.check(request));
    const hash = requestHash('createReturn', { outboundLabelId: input.outboundLabelId, request: input.request });
    const now = this.deps.now();
    const labelId = `Label:${randomUUID()}`;
    const first = await this.deps.store.transaction(async (tx) => {
      const existing = await this.deps.keys.claim(tx, 'createReturn', input.idempotencyKey, hash, labelId, now);
      if (existing) return existing;
      await new ShippingStore(tx).insertLabel({
        id: labelId,
        kind: 'RETURN',
        carrier: outbound.carrier,
        division: outbound.division,
        upstream: connector.upstream,
        accountNumber: outbound.accountNumber,
        serviceCode: request.serviceCode ?? outbound.serviceCode,
        idempotencyKey: input.idempotencyKey,
        purchaseReference: request.purchaseReference,
        orderId: outbound.orderId,
        referenceValues: outbound.orderId ? [outbound.orderId] : [],
        // Kept as a shipment request (parties swapped), so a return is read like any label.
        request: {
          ...outbound.request,
          shipper: request.from,
          recipient: request.to,
          returnTo: null,
          packages: request.packages,
          serviceCode: request.serviceCode ?? outbound.serviceCode,
          labelFormat: request.labelFormat,
          pickup: null,
          purchaseReference: request.purchaseReference,
        },
        quotedTotal: null,
        returnOf: outbound.id,
        leaseUntil: new Date(now.getTime() + this.deps.settings().leaseMs),
        now,
      });
      return null;
    });
    if (first) {
      this.deps.metrics.replays.inc({ scope: 'createReturn' });
      const label = await this.mustLabel(first, 'input.idempotencyKey');
      return { label: strip(label), replayed: true };
    }
    await this.deps.records.announce(labelId);
    try {
      const created = await connector.createReturn(request);
      const shipment: CreatedShipment = {
        carrier: outbound.carrier,
        division: outbound.division,
        upstream: connector.upstream,
        trackingNumber: created.trackingNumber,
        carrierUniqueId: null,
        carrierCode: null,
        serviceCode: request.serviceCode,
        serviceName: null,
        pieces: [],
        documents: created.documents,
        total: null,
        breakdown: [],
        dispatchConfirmationNumber: null,
        links: { trackingUrl: null, cancelPickupUrl: null, onDemandDeliveryUrl: null },
        warnings: created.warnings,
        tendered: true,
        tenderBy: null,
        transactionId: null,
      };
      const { documents, warnings } = await documentsToStore(created.documents, undefined);
      await this.deps.records.purchased(labelId, shipment, documents, warnings, this.deps.now(), { carrierReturnId: created.carrierReturnId });
      this.deps.metrics.purchases.inc({ carrier: outbound.carrier, outcome: 'PURCHASED' });
    } catch (error) {
      const failure = failureOf(error);
      // No carrier offers a lookup of returns by reference: a lost answer stays UNKNOWN, with nothing due.
      const unknown = outcomeUnknown(error) || failure.code === 'INTERNAL_ERROR';
      await this.deps.records.update(labelId, { state: unknown ? 'UNKNOWN' : 'FAILED', failure, nextAttemptAt: null }, { states: ['PENDING'] }, this.deps.now());
      this.deps.metrics.purchases.inc({ carrier: outbound.carrier, outcome: unknown ? 'UNKNOWN' : 'FAILED' });
    }
    return { label: strip(await this.mustLabel(labelId, 'input.outboundLabelId')), replayed: false };
  }

  // --- documents ----------------------------------------------------------------------------------------------------

  /** Fetched from the carrier once and stored; a later ask (any replica) answers the stored one without a call. */
  async fetchDocument(input: { labelId: string; kind: DocumentKind; format: 'PDF' | 'PNG' }): Promise<StoredDocument> {
    const label = await this.mustLabel(input.labelId, 'input.labelId');
    if (!label.trackingNumber || (label.state !== 'PURCHASED' && label.state !== 'CANCELLED')) {
      throw new InputError('input.labelId', `is ${label.state}; documents are fetched for purchased labels`);
    }
    if (!FETCHABLE.includes(input.kind)) throw new InputError('input.kind', `${input.kind} is not fetched on demand (it comes with the label)`);
    const kind = input.kind as (typeof FETCHABLE)[number] & DocumentConnector['fetchable'][number];
    const connector = this.deps.documents.find((c) => c.carrier === label.carrier && c.division === label.division && c.fetchable.includes(kind));
    if (!connector) throw new InputError('input.kind', `${named(label.carrier, label.division)} offers no ${input.kind} document`);
    const fetchedAs = `${input.kind}:${input.format}`;
    const stored = await fetchedDocument(this.deps.store, label.id, fetchedAs);
    if (stored) return stored;
    const fetched = await connector.fetch(handleOf(label), kind, input.format);
    const document = await insertDocument(
      this.deps.store,
      {
        labelId: label.id,
        tenderId: null,
        kind: fetched.kind,
        nativeType: fetched.nativeType,
        format: fetched.format,
        contentType: fetched.contentType,
        content: fetched.content,
        pieceTrackingNumber: null,
        fetchedAs,
      },
      this.deps.now(),
    );
    await this.deps.records.announce(label.id);
    return document;
  }

  async uploadShipmentImage(input: { labelId: string; format: string; content: Buffer; typeCode: string | null }): Promise<{ warnings: CarrierWarning[] }> {
    const label = await this.mustLabel(input.labelId, 'input.labelId');
    const connector = this.deps.documents.find((c) => c.carrier === label.carrier && c.division === label.division && c.uploadImage);
    if (!connector?.uploadImage) throw new InputError('input.labelId', `${named(label.carrier, label.division)} does not take shipment images`);
    if (!label.trackingNumber || label.state !== 'PURCHASED') throw new InputError('input.labelId', `is ${label.state}; images go to purchased labels`);
    return connector.uploadImage(label.trackingNumber, { format: input.format, content: input.content, typeCode: input.typeCode });
  }

  async uploadCommercialInvoice(input: InvoiceInput): Promise<{ warnings: CarrierWarning[] }> {
    const base = {
      invoiceNumber: input.invoiceNumber,
      invoiceDate: input.invoiceDate,
      document: input.document,
      lines: input.lines,
    };
    if (input.labelId !== null) {
      const label = await this.mustLabel(input.labelId, 'input.labelId');
      const connector = this.deps.documents.find((c) => c.carrier === label.carrier && c.division === label.division && c.uploadInvoice);
      if (!connector?.uploadInvoice) throw new InputError('input.labelId', `${named(label.carrier, label.division)} does not take invoice data`);
      if (!label.trackingNumber || label.state !== 'PURCHASED') throw new InputError('input.labelId', `is ${label.state}; invoices go to purchased labels`);
      return connector.uploadInvoice({ ...base, trackingNumber: label.trackingNumber, accountNumber: label.accountNumber, plannedShipDate: input.plannedShipDate ?? label.request.shipDate });
    }
    const takers = this.deps.documents.filter((c) => c.uploadInvoice);
    const connector = takers[0];
    if (!connector?.uploadInvoice) throw new InputError('input.labelId', 'no carrier configured here takes invoice data');
    if (takers.length > 1) throw new InputError('input.labelId', 'is required: several carriers take invoice data, name the label');
    if (!input.plannedShipDate) throw new InputError('input.plannedShipDate', 'is required before the shipment exists');
    const shipping = this.deps.shippingFor(connector.carrier, connector.division);
    const accountNumber = input.accountNumber ?? shipping?.defaultAccountNumber ?? null;
    if (!accountNumber) throw new InputError('input.accountNumber', 'is required: no default account is configured');
    if (shipping && !shipping.accountNumbers.includes(accountNumber)) throw new InputError('input.accountNumber', `is not an account configured for ${named(connector.carrier, connector.division)}`);
    return connector.uploadInvoice({ ...base, trackingNumber: null, accountNumber, plannedShipDate: input.plannedShipDate });
  }
}
