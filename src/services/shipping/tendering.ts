/**
 * Tendering (issue 9 item 5): e-commerce manifests and Carrier B end-of-day closes, eligibility checked before the
 * call, idempotent by key, the labels marked tendered with the manifest's documents in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { outcomeUnknown, type TenderingConnector } from '../../carriers/types.js';
import { InputError, UpstreamError } from '../../domain/errors.js';
import type { CarrierWarning } from '../../domain/shipment.js';
import type { CarrierDocument, Tender, TenderResult } from '../../domain/shipping.js';
import { ShippingStore, type StoredLabel } from '../../store/shipping-store.js';
import { IdempotencyKeyStore } from '../../store/shipping-keys.js';
import { TenderStore } from '../../store/shipping-tenders.js';
import { AfterPurchase, named } from './after-purchase.js';
import { KEY_FIELD } from './idempotency.js';
import { throwInputErrors } from '../../domain/input-errors.js';
import { documentsToStore, handleOf, recordLabelEvent, storeDocuments } from './label-records.js';
import { requestHash } from './purchase-key.js';
import type { TenderInput } from './types.js';

/** A label whose cancellation may have happened (its answer lost): not tendered until that is settled. */
const unsettledCancellation = (label: StoredLabel): boolean => label.cancellationState === 'UNKNOWN' || label.cancellationState === 'SENT';

/** The carrier's answer as received, as a document kept with the tender for support (null when there is none). */
function carrierAnswerDocument(answer: unknown): CarrierDocument | null {
  if (answer === undefined || answer === null) return null;
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  return {
    kind: 'CARRIER_ANSWER',
    nativeType: null,
    format: typeof answer === 'string' ? 'TXT' : 'JSON',
    content: Buffer.from(text, 'utf8'),
    url: null,
    pieceTrackingNumber: null,
    copiesToPrint: null,
  };
}

/** Key scope of the per-account tender row (not a caller's key). */
const TENDER_LOCK = 'tender.account';

export class Tenders extends AfterPurchase {
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
    const known = await this.keyStore.findKey('tender', input.idempotencyKey, now);
    if (known) return this.tenderReplay(known, hash);

    await this.eligible(input, connector, accountNumber); // refusals before any write
    const tenderId = `Tender:${randomUUID()}`;
    // One tender per carrier, division and account at a time, whatever the keys: a row taken with the key (expiring
    // with the lease, so a process that died mid-tender frees it), released when this tender is stored or failed.
    const lock = `${input.carrier}/${input.division ?? '-'}/${accountNumber}`;
    const first = await this.deps.store.transaction(async (tx) => {
      const replay = await this.deps.keys.claim(tx, 'tender', input.idempotencyKey, hash, tenderId, now);
      if (replay) return replay;
      const leaseUntil = new Date(now.getTime() + this.deps.settings().leaseMs);
      const busy = await new IdempotencyKeyStore(tx).claimKey({ scope: TENDER_LOCK, key: lock, hash: '-', resourceId: tenderId, now, expiresAt: leaseUntil });
      if (busy) throw new InputError('input.accountNumber', `a tender of ${named(input.carrier, input.division)} account ${accountNumber} is in progress; retry later`);
      return null;
    });
    if (first) return this.tenderReplay({ hash, resourceId: first }, hash);
    const release = async (): Promise<void> => {
      await this.keyStore.releaseKey(TENDER_LOCK, lock);
    };

    let labels: StoredLabel[] = [];
    let result;
    try {
      // Again under the lock: a tender that finished meanwhile took some of these labels.
      labels = await this.eligible(input, connector, accountNumber);
      result = await connector.tender(accountNumber, labels.map(handleOf), date);
    } catch (err) {
      if (labels.length > 0 && outcomeUnknown(err)) {
        // Sent, and the answer lost: the carrier may have tendered them. The key keeps this UNKNOWN tender, so a
        // retry with it answers the tender and never closes or manifests twice (CX3).
        await this.storeUnknown(input, connector, accountNumber, date, tenderId, labels, err).finally(release);
        throw err;
      }
      await this.keyStore.releaseKey('tender', input.idempotencyKey);
      await release();
      throw err;
    }
    try {
      return await this.store(input, connector, accountNumber, date, tenderId, labels, result);
    } finally {
      await release();
    }
  }

  /** The tender, its documents and the labels it tendered, in one transaction. */
  private async store(
    input: TenderInput,
    connector: TenderingConnector,
    accountNumber: string,
    date: string,
    tenderId: string,
    labels: StoredLabel[],
    result: TenderResult,
  ): Promise<Tender> {
    const listed = new Set(result.tenderedTrackingNumbers ?? []);
    // A close may take more than was named (Carrier B closes every open ground shipment of the account, SB11): every
    // waiting label of this carrier, division and account the carrier lists is tendered; one it lists none, all sent.
    // A 2xx answer that does not say which (no list where we assumed one) tenders what it was asked to tender (CX2).
    const waiting = listed.size === 0 ? [] : await this.db.untendered({ carrier: input.carrier, division: input.division, accountNumber });
    const candidates = [...labels, ...waiting.filter((w) => w.tenderBy === connector.kind && !labels.some((l) => l.id === w.id))];
    const tendered = listed.size === 0 ? labels : candidates.filter((l) => l.trackingNumber !== null && listed.has(l.trackingNumber));
    const left = labels.filter((l) => !tendered.includes(l));
    const warnings: CarrierWarning[] = [
      ...result.warnings,
      ...(result.tenderedTrackingNumbers === null
        ? [{ code: 'TENDER_LIST_MISSING', message: "the carrier's answer does not list what it tendered; every label sent is recorded as tendered (its answer is kept as a CARRIER_ANSWER document)", type: 'WARNING' }]
        : []),
      ...left.map((l) => ({ code: 'NOT_TENDERED', message: `the carrier did not list ${l.trackingNumber ?? l.id}; it stays untendered`, type: 'WARNING' })),
    ];
    const answer = carrierAnswerDocument(result.carrierAnswer);
    const { documents, warnings: docWarnings } = await documentsToStore([...result.documents, ...(answer ? [answer] : [])], undefined);
    const at = this.deps.now();
    const marked = await this.deps.store.transaction(async (tx) => {
      const db = new ShippingStore(tx);
      await new TenderStore(tx).insertTender({
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
      const marked = await db.markTendered(
        tendered.map((l) => l.id),
        tenderId,
        at,
      );
      for (const id of marked) await recordLabelEvent(tx, id, 'TENDERED', at);
      return marked;
    });
    for (const id of marked) await this.deps.records.announce(id);
    const stored = await this.tenderStore.tender(tenderId);
    if (!stored) throw new Error(`tender ${tenderId} vanished`);
    return stored;
  }

  /** A tender sent whose answer was lost: stored UNKNOWN with the labels it was asked to tender (they stay untendered). */
  private async storeUnknown(
    input: TenderInput,
    connector: TenderingConnector,
    accountNumber: string,
    date: string,
    tenderId: string,
    labels: StoredLabel[],
    err: unknown,
  ): Promise<void> {
    const numbers = labels.map((l) => l.trackingNumber ?? l.id).join(', ');
    await this.tenderStore.insertTender({
      id: tenderId,
      kind: connector.kind,
      carrier: input.carrier,
      division: input.division,
      accountNumber,
      date,
      outcome: 'UNKNOWN',
      labelIds: labels.map((l) => l.id),
      warnings: [
        {
          code: 'TENDER_OUTCOME_UNKNOWN',
          message: `the ${connector.kind === 'MANIFEST' ? 'manifest' : 'end-of-day close'} was sent and its answer lost (${err instanceof Error ? err.message : String(err)}); the carrier may have tendered ${numbers}. They stay untendered here; this key never sends it again`,
          type: 'WARNING',
        },
      ],
      transactionId: err instanceof UpstreamError ? err.transactionId : null,
      now: this.deps.now(),
    });
  }

  private async tenderReplay(known: { hash: string; resourceId: string }, hash: string): Promise<Tender> {
    if (known.hash !== hash) throw new InputError(KEY_FIELD, 'was used with another input (tender); send a new key for a new request');
    const tender = await this.tenderStore.tender(known.resourceId);
    if (!tender) throw new InputError(KEY_FIELD, 'names a tender still in progress; retry with the same key later');
    this.deps.metrics.replays.inc({ scope: 'tender' });
    return tender;
  }

  private async eligible(input: TenderInput, connector: TenderingConnector, accountNumber: string): Promise<StoredLabel[]> {
    const where = `${named(input.carrier, input.division)} account ${accountNumber}`;
    if (input.labelIds === null) {
      const waiting = (await this.db.untendered({ carrier: input.carrier, division: input.division, accountNumber })).filter(
        (l) => l.tenderBy === connector.kind && !unsettledCancellation(l),
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
      if (unsettledCancellation(label)) return refuse('has a cancellation whose answer was lost; it is tendered only if that settles as not cancelled');
      labels.push(label);
    });
    throwInputErrors(errors);
    return labels;
  }
}
