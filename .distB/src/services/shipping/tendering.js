/**
 * Tendering (issue 9 item 5): e-commerce manifests and Carrier B end-of-day closes, eligibility checked before the
 * call, idempotent by key, the labels marked tendered with the manifest's documents in one transaction.
 */
import { randomUUID } from 'node:crypto';
import { InputError } from '../../domain/errors.js';
import { ShippingStore } from '../../store/shipping-store.js';
import { IdempotencyKeyStore } from '../../store/shipping-keys.js';
import { TenderStore } from '../../store/shipping-tenders.js';
import { AfterPurchase, named } from './after-purchase.js';
import { KEY_FIELD } from './idempotency.js';
import { throwInputErrors } from './input-errors.js';
import { documentsToStore, handleOf, recordLabelEvent, storeDocuments } from './label-records.js';
import { requestHash } from './purchase-key.js';
/** Key scope of the per-account tender row (not a caller's key). */
const TENDER_LOCK = 'tender.account';
export class Tenders extends AfterPurchase {
    /**
     * Tenders PURCHASED labels of one carrier, division and account that wait for this connector's kind of tender.
     * Each ineligible id is refused naming `input.labelIds.N` before any write or call. The waiting labels the carrier
     * lists as tendered (all sent, when it lists none) become tendered with the manifest's documents, in one transaction.
     */
    async tender(input) {
        const connector = this.deps.tendering.find((c) => c.carrier === input.carrier && c.division === input.division);
        if (!connector)
            throw new InputError('input.carrier', `${named(input.carrier, input.division)} has no manifest or end-of-day close here`);
        const accountNumber = input.accountNumber ?? this.deps.shippingFor(input.carrier, input.division)?.defaultAccountNumber ?? null;
        if (!accountNumber)
            throw new InputError('input.accountNumber', 'is required: no default account is configured for this carrier');
        const now = this.deps.now();
        // The close's date: the caller's, else today (UTC; a caller whose day differs names it).
        const date = input.date ?? now.toISOString().slice(0, 10);
        const hash = requestHash('tender', { carrier: input.carrier, division: input.division, accountNumber, labelIds: input.labelIds, date });
        const known = await this.keyStore.findKey('tender', input.idempotencyKey, now);
        if (known)
            return this.tenderReplay(known, hash);
        await this.eligible(input, connector, accountNumber); // refusals before any write
        const tenderId = `Tender:${randomUUID()}`;
        // One tender per carrier, division and account at a time, whatever the keys: a row taken with the key (expiring
        // with the lease, so a process that died mid-tender frees it), released when this tender is stored or failed.
        const lock = `${input.carrier}/${input.division ?? '-'}/${accountNumber}`;
        const first = await this.deps.store.transaction(async (tx) => {
            const replay = await this.deps.keys.claim(tx, 'tender', input.idempotencyKey, hash, tenderId, now);
            if (replay)
                return replay;
            const leaseUntil = new Date(now.getTime() + this.deps.settings().leaseMs);
            const busy = await new IdempotencyKeyStore(tx).claimKey({ scope: TENDER_LOCK, key: lock, hash: '-', resourceId: tenderId, now, expiresAt: leaseUntil });
            if (busy)
                throw new InputError('input.accountNumber', `a tender of ${named(input.carrier, input.division)} account ${accountNumber} is in progress; retry later`);
            return null;
        });
        if (first)
            return this.tenderReplay({ hash, resourceId: first }, hash);
        const release = async () => {
            await this.keyStore.releaseKey(TENDER_LOCK, lock);
        };
        let labels;
        let result;
        try {
            // Again under the lock: a tender that finished meanwhile took some of these labels.
            labels = await this.eligible(input, connector, accountNumber);
            result = await connector.tender(accountNumber, labels.map(handleOf), date);
        }
        catch (err) {
            await this.keyStore.releaseKey('tender', input.idempotencyKey);
            await release();
            throw err;
        }
        try {
            return await this.store(input, connector, accountNumber, date, tenderId, labels, result);
        }
        finally {
            await release();
        }
    }
    /** The tender, its documents and the labels it tendered, in one transaction. */
    async store(input, connector, accountNumber, date, tenderId, labels, result) {
        const listed = new Set(result.tenderedTrackingNumbers);
        // A close may take more than was named (Carrier B closes every open ground shipment of the account, SB11): every
        // waiting label of this carrier, division and account the carrier lists is tendered; one it lists none, all sent.
        const waiting = listed.size === 0 ? [] : await this.db.untendered({ carrier: input.carrier, division: input.division, accountNumber });
        const candidates = [...labels, ...waiting.filter((w) => w.tenderBy === connector.kind && !labels.some((l) => l.id === w.id))];
        const tendered = listed.size === 0 ? labels : candidates.filter((l) => l.trackingNumber !== null && listed.has(l.trackingNumber));
        const left = labels.filter((l) => !tendered.includes(l));
        const warnings = [
            ...result.warnings,
            ...left.map((l) => ({ code: 'NOT_TENDERED', message: `the carrier did not list ${l.trackingNumber ?? l.id}; it stays untendered`, type: 'WARNING' })),
        ];
        const { documents, warnings: docWarnings } = await documentsToStore(result.documents, undefined);
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
            const marked = await db.markTendered(tendered.map((l) => l.id), tenderId, at);
            for (const id of marked)
                await recordLabelEvent(tx, id, 'TENDERED', at);
            return marked;
        });
        for (const id of marked)
            await this.deps.records.announce(id);
        const stored = await this.tenderStore.tender(tenderId);
        if (!stored)
            throw new Error(`tender ${tenderId} vanished`);
        return stored;
    }
    async tenderReplay(known, hash) {
        if (known.hash !== hash)
            throw new InputError(KEY_FIELD, 'was used with another input (tender); send a new key for a new request');
        const tender = await this.tenderStore.tender(known.resourceId);
        if (!tender)
            throw new InputError(KEY_FIELD, 'names a tender still in progress; retry with the same key later');
        this.deps.metrics.replays.inc({ scope: 'tender' });
        return tender;
    }
    async eligible(input, connector, accountNumber) {
        const where = `${named(input.carrier, input.division)} account ${accountNumber}`;
        if (input.labelIds === null) {
            const waiting = (await this.db.untendered({ carrier: input.carrier, division: input.division, accountNumber })).filter((l) => l.tenderBy === connector.kind);
            if (waiting.length === 0)
                throw new InputError('input.labelIds', `no label of ${where} awaits a ${connector.kind} tender`);
            return waiting;
        }
        if (input.labelIds.length === 0)
            throw new InputError('input.labelIds', 'name at least one label, or none (null) for every eligible one');
        const found = new Map((await this.db.labelsByIds(input.labelIds)).map((l) => [l.id, l]));
        const seen = new Set();
        const errors = [];
        const labels = [];
        input.labelIds.forEach((id, i) => {
            const field = `input.labelIds.${i}`;
            const label = found.get(id);
            const refuse = (why) => void errors.push(new InputError(field, why));
            if (seen.has(id))
                return refuse('is named twice');
            seen.add(id);
            if (!label)
                return refuse('is not a label');
            if (label.carrier !== input.carrier || label.division !== input.division || label.accountNumber !== accountNumber) {
                return refuse(`is a label of ${named(label.carrier, label.division)} account ${label.accountNumber}, not of ${where}`);
            }
            if (label.state !== 'PURCHASED')
                return refuse(`is ${label.state}; only PURCHASED labels are tendered`);
            if (label.tendered)
                return refuse(label.tenderId ? `is already tendered (${label.tenderId})` : 'needs no tender: the carrier expects it already');
            if (label.tenderBy !== connector.kind)
                return refuse(`is tendered by ${label.tenderBy ?? 'nothing'}, not by ${connector.kind}`);
            labels.push(label);
        });
        throwInputErrors(errors);
        return labels;
    }
}
