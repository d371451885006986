/**
 * Storing what a carrier answered about a label, in one transaction each: PURCHASED with its documents (the row and
 * its documents commit together or not at all), PENDING with an async job, UNKNOWN with the lost answer's failure, or
 * FAILED with its reason. Shared by the purchase (shipping-service.ts), the replay's reconciliation and the worker.
 *
 * Writes are guarded: a conclusive answer (created, found, proven not created, refused) is written only while the label
 * is still PENDING or UNKNOWN; a scheduling write (try again later) only while the writer's claim is the latest
 * (`attempts`). So a stale writer never undoes a newer truth, and a label becomes PURCHASED exactly once.
 */
import { UpstreamError } from '../../domain/errors.js';
import { formatShipmentId } from '../../domain/ids.js';
import type { CarrierWarning } from '../../domain/shipment.js';
import type { CarrierDocument, CreatedShipment, Label, LabelFailure, LabelHandle, StoredDocument } from '../../domain/shipping.js';
import type { Logger } from '../../platform/logger.js';
import { afterAnswer } from '../../platform/request-context.js';
import { labelEvent, pickupEvent, type LabelEventState } from '../../domain/lifecycle-events.js';
import { recordLifecycleEvent } from '../../store/outbox-store.js';
import { contentTypeOf, insertDocument, type NewDocument } from '../../store/shipping-documents.js';
import { PickupsStore } from '../../store/pickups-store.js';
import { purchasedPatch, ShippingStore, toLabel, type LabelExpectation, type LabelPatch, type StoredLabel } from '../../store/shipping-store.js';
import { writePurchased } from '../../store/label-purchase.js';
import type { Queryable, Store } from '../../store/store.js';
import { announceLabel, LABEL_UPDATES_CHANNEL } from './label-updates.js';

/**
 * What a label was created with, which no later write changes: with a purchase's patch, enough to know the label's
 * PURCHASED event before writing it (a stored label has it; so has the purchase that just created the label).
 */
export type LabelFacts = Pick<Label, 'id' | 'kind' | 'carrier' | 'division' | 'upstream' | 'serviceCode' | 'orderId' | 'returnOf' | 'request'>;

/** A document ready to store: its bytes in hand. */
export interface DocumentToStore {
  document: CarrierDocument;
  content: Buffer;
}

/** Why a call failed, as kept on the label. A refusal (4xx) is CARRIER_REFUSED; other upstream failures keep their code. */
export function failureOf(error: unknown): LabelFailure {
  if (error instanceof UpstreamError) {
    return {
      code: error.code === 'UPSTREAM_BAD_REQUEST' ? 'CARRIER_REFUSED' : error.code,
      message: error.message,
      carrierCode: error.carrierCode,
      transactionId: error.transactionId,
    };
  }
  return { code: 'INTERNAL_ERROR', message: error instanceof Error ? error.message : String(error), carrierCode: null, transactionId: null };
}

/**
 * The shipment id the label names (same id everywhere, docs/assumptions.md S2): a single-piece shipment the carrier
 * identifies by its own package id (e-commerce `carrierPackageId`) is named by it, like its tracking answers.
 */
export function shipmentIdOf(shipment: Pick<CreatedShipment, 'carrier' | 'division' | 'trackingNumber' | 'carrierUniqueId' | 'pieces'>): string {
  const only = shipment.pieces.length === 1 ? shipment.pieces[0] : undefined;
  return formatShipmentId({
    carrier: shipment.carrier,
    division: shipment.division,
    trackingNumber: only?.carrierPackageId ?? shipment.trackingNumber,
    carrierUniqueId: shipment.carrierUniqueId,
  });
}

/** The label as callers see it (without the job's private columns). */
export function publicLabel(label: StoredLabel): Label {
  const { deadlineAt: _deadline, sentAt: _sent, ...rest } = label;
  return rest;
}

/** What a connector needs to act on a stored label. */
export function handleOf(label: Label): LabelHandle {
  return {
    carrier: label.carrier,
    division: label.division,
    accountNumber: label.accountNumber,
    trackingNumber: label.trackingNumber ?? '',
    pieceTrackingNumbers: label.pieces.map((p) => p.trackingNumber),
    carrierUniqueId: label.carrierUniqueId,
    carrierCode: label.carrierCode,
    carrierPackageIds: label.pieces.flatMap((p) => (p.carrierPackageId ? [p.carrierPackageId] : [])),
    serviceCode: label.serviceCode,
    shipperCountryCode: label.request.shipper.address.countryCode,
    shipDate: label.request.shipDate,
  };
}

/**
 * Brings every document's bytes in hand before the storing transaction: inline ones as they are, linked ones through
 * the connector's download. One that cannot be had is not stored, and a warning says which (the purchase stands).
 */
export async function documentsToStore(
  documents: readonly CarrierDocument[],
  download: ((url: string) => Promise<Buffer>) | undefined,
): Promise<{ documents: DocumentToStore[]; warnings: CarrierWarning[] }> {
  const out: DocumentToStore[] = [];
  const warnings: CarrierWarning[] = [];
  for (const document of documents) {
    if (document.content) {
      out.push({ document, content: document.content });
      continue;
    }
    if (document.url && download) {
      try {
        out.push({ document, content: await download(document.url) });
        continue;
      } catch (err) {
        warnings.push({ code: 'DOCUMENT_NOT_STORED', message: `${document.kind} document could not be downloaded: ${err instanceof Error ? err.message : String(err)}`, type: 'WARNING' });
        continue;
      }
    }
    warnings.push({ code: 'DOCUMENT_NOT_STORED', message: `${document.kind} document came without content${document.url ? ' and the carrier offers no download' : ''}`, type: 'WARNING' });
  }
  return { documents: out, warnings };
}

/** A document to store as the store writes it: its owner, its kind and format, its bytes. */
function newDocumentOf(owner: { labelId: string | null; tenderId: string | null }, { document, content }: DocumentToStore): NewDocument {
  return {
    ...owner,
    kind: document.kind,
    nativeType: document.nativeType,
    format: document.format,
    contentType: contentTypeOf(document.format),
    content,
    pieceTrackingNumber: document.pieceTrackingNumber,
  };
}

/** Stores documents of a label or a tender inside the caller's transaction. */
export async function storeDocuments(
  tx: Queryable,
  owner: { labelId: string | null; tenderId: string | null },
  documents: readonly DocumentToStore[],
  now: Date,
): Promise<StoredDocument[]> {
  const stored: StoredDocument[] = [];
  for (const toStore of documents) stored.push(await insertDocument(tx, newDocumentOf(owner, toStore), now));
  return stored;
}

/** The analytics event of a label state just written in `tx`, read back as stored (issue 11). */
export async function recordLabelEvent(tx: Queryable, labelId: string, state: LabelEventState, now: Date): Promise<void> {
  const label = await new ShippingStore(tx).label(labelId);
  if (label) await recordLifecycleEvent(tx, labelEvent(label, state, now));
}

export class LabelRecords {
  /** Follows (onPurchased) running in the background, awaited by `idle()` (shutdown). */
  private readonly following = new Set<Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
    private readonly onPurchased: ((label: Label) => Promise<void> | void) | undefined,
  ) {}

  /**
   * PURCHASED with everything the carrier answered and its documents, in one transaction; only while the label is still
   * PENDING or UNKNOWN (or what `expect` says: a label failed by a reconciliation whose shipment appeared late). Returns
   * the label as this write stored it, or null when the write did not happen (the label had moved on). The label is
   * built from what the writes returned, not read back. Announcing the change and the onPurchased hook (tracking from
   * birth: a watch may look the number up at the carrier) run once the request's answer is sent (afterAnswer), so the
   * purchase answers after its one creation call; a follow that fails, or never ran because the process died, is
   * retried by the worker (`follow`).
   */
  async purchased(
    labelId: string,
    shipment: CreatedShipment,
    documents: DocumentToStore[],
    extraWarnings: CarrierWarning[],
    now: Date,
    extra: LabelPatch = {},
    expect: LabelExpectation = { states: ['PENDING', 'UNKNOWN'] },
    facts?: LabelFacts,
  ): Promise<StoredLabel | null> {
    const patch: LabelPatch = { ...purchasedPatch(shipment, extraWarnings), shipmentId: shipmentIdOf(shipment), ...extra };
    // The common answer (its label known, one document, no pickup booked with it) is written in one statement, its
    // announcement included; anything else in the transaction below.
    if (facts && facts.id === labelId && documents.length <= 1 && !shipment.dispatchConfirmationNumber) {
      const stored = await this.purchasedAtOnce(facts, patch, documents[0] ?? null, expect, now);
      if (stored) this.followInBackground(stored);
      return stored;
    }
    const stored = await this.store.transaction(async (tx) => {
      const db = new ShippingStore(tx);
      const written = await db.updateLabelReturning(labelId, patch, expect, now);
      if (!written) return null;
      const docs = await storeDocuments(tx, { labelId, tenderId: null }, documents, now);
      // The label is what was written, unless it held documents already or several were stored now: their order is the
      // store's (documentsOfLabels), so it is read back then.
      const label =
        written.documentsBefore === 0 && docs.length <= 1 ? toLabel(written.row, docs) : ((await db.label(labelId)) ?? toLabel(written.row, docs));
      // A pickup booked in the same call (express) is a Pickup too, stored with the label so it cannot be lost (PK5).
      if (shipment.dispatchConfirmationNumber) {
        const pickups = new PickupsStore(tx);
        await pickups.recordShipmentPickup(labelId, now);
        for (const pickup of await pickups.pickupsOfLabel(labelId)) {
          if (pickup.source === 'WITH_SHIPMENT') await recordLifecycleEvent(tx, pickupEvent(pickup, 'SCHEDULED', now));
        }
      }
      await recordLifecycleEvent(tx, labelEvent(label, 'PURCHASED', now));
      return label;
    });
    if (!stored) return null;
    afterAnswer(() => void this.announce(labelId));
    this.followInBackground(stored);
    return stored;
  }

  /**
   * `purchased` in one statement (store/label-purchase.ts). The event is made from the label's creation facts and the
   * patch, which are all it reads of the label: the same event the transaction makes from the row it read back.
   */
  private async purchasedAtOnce(facts: LabelFacts, patch: LabelPatch, document: DocumentToStore | null, expect: LabelExpectation, now: Date): Promise<StoredLabel | null> {
    const event = labelEvent(
      {
        ...facts,
        shipmentId: patch.shipmentId ?? null,
        trackingNumber: patch.trackingNumber ?? null,
        serviceName: patch.serviceName ?? null,
        tenderBy: patch.tenderBy ?? null,
        tenderId: null,
        failure: null,
        pieces: patch.pieces ?? [],
      },
      'PURCHASED',
      now,
    );
    const written = await writePurchased(this.store, {
      labelId: facts.id,
      patch,
      expect,
      now,
      document: document && newDocumentOf({ labelId: facts.id, tenderId: null }, document),
      event,
      channel: LABEL_UPDATES_CHANNEL,
    });
    if (!written) return null;
    // Documents it held already come first, in the store's order: read back then (not on a purchase's first answer).
    if (written.documentsBefore > 0) return (await this.label(facts.id)) ?? toLabel(written.row, written.document ? [written.document] : []);
    return toLabel(written.row, written.document ? [written.document] : []);
  }

  /**
   * Runs the follow of a purchased label now; marks it followed when the hook succeeded. `written`: the label as the
   * purchase just stored it (not read again); the worker's retry reads it.
   */
  async follow(labelId: string, written?: StoredLabel): Promise<void> {
    if (!this.onPurchased) return;
    try {
      const label = written ?? (await this.label(labelId));
      if (!label || label.state !== 'PURCHASED') return;
      await this.onPurchased(label);
      await new ShippingStore(this.store).markFollowed(labelId, new Date());
    } catch (err) {
      this.logger.warn({ labelId, err: err instanceof Error ? err.message : String(err) }, 'onPurchased hook failed (the label stays PURCHASED; the worker retries)');
    }
  }

  /** Waits for the follows running in the background (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.following.size > 0) await Promise.all([...this.following]);
  }

  /**
   * The follow starts once the purchase's answer is sent (afterAnswer): its tracking calls and store writes never
   * delay the answer. Tracked from now, so idle() also waits for a follow not started yet.
   */
  private followInBackground(label: StoredLabel): void {
    const running = new Promise<void>((resolve) => afterAnswer(() => void this.follow(label.id, label).then(resolve, resolve)))
      .finally(() => this.following.delete(running));
    this.following.add(running);
  }

  /** Any other change, guarded by `expect`; announced when written. */
  async update(labelId: string, patch: LabelPatch, expect: LabelExpectation, now: Date): Promise<boolean> {
    const state = patch.state === 'FAILED' || patch.state === 'CANCELLED' ? patch.state : null;
    // A state the analytics export reports is written with its outbox event, in one transaction (issue 11).
    const written = state
      ? await this.store.transaction(async (tx) => {
          if (!(await new ShippingStore(tx).updateLabel(labelId, patch, expect, now))) return false;
          await recordLabelEvent(tx, labelId, state, now);
          return true;
        })
      : await new ShippingStore(this.store).updateLabel(labelId, patch, expect, now);
    if (written) await this.announce(labelId);
    return written;
  }

  async label(labelId: string): Promise<StoredLabel | null> {
    return new ShippingStore(this.store).label(labelId);
  }

  async announce(labelId: string): Promise<void> {
    try {
      await announceLabel(this.store, labelId);
    } catch (err) {
      // The change is stored; a lost hint only delays subscribers until the next change.
      this.logger.warn({ labelId, err: err instanceof Error ? err.message : String(err) }, 'label change not announced');
    }
  }
}
