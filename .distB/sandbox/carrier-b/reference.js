import { isRecord } from '../core/http.js';
import { carrierBError } from './errors.js';
import { carrierBCandidates, numbersForOrderReference } from './numbers.js';
import { renderTrackResult } from './render.js';
import { ledgerOf } from './ship-ledger.js';
import { applyFilter, readFilter, readJsonObject } from './request.js';
import { trackAnswer } from './track.js';
/** The seed: "the reference types include CUSTOMER_REFERENCE, INVOICE, PURCHASE_ORDER, DEPARTMENT_NUMBER". */
const REFERENCE_TYPES = ['CUSTOMER_REFERENCE', 'INVOICE', 'PURCHASE_ORDER', 'DEPARTMENT_NUMBER'];
/**
 * `POST /track/v1/referencenumbers` per assumption B2: request `{ referencesInformation: { type, value,
 * accountNumber, carrierCode?, shipDateBegin?, shipDateEnd? }, includeDetailedScans }`, answer in the track answer
 * form, one completeTrackResults entry per shipment found. Only `CUSTOMER_REFERENCE` values `ORDER-<n>` exist in
 * the sandbox (see numbers.ts); a reference that matches nothing answers 404.
 */
export function referenceNumbersRoute(ctx, guards, nextTransactionId) {
    return {
        method: 'POST',
        path: '/track/v1/referencenumbers',
        kind: 'business',
        guards,
        trackedNumbers: (req) => {
            const body = readJsonObject(req);
            const info = body.ok ? body.value['referencesInformation'] : undefined;
            return isRecord(info) && typeof info['value'] === 'string' ? [info['value']] : undefined;
        },
        handle: (req) => {
            const fail = (status, code, message) => carrierBError(nextTransactionId(), status, code, message);
            const body = readJsonObject(req);
            if (!body.ok)
                return fail(400, body.code, body.message);
            const info = body.value['referencesInformation'];
            if (!isRecord(info) || typeof info['value'] !== 'string' || info['value'].trim() === '') {
                return fail(400, 'TRACKING.REFERENCEVALUE.EMPTY', 'Please provide referencesInformation.value.');
            }
            const type = info['type'];
            if (typeof type !== 'string' || !REFERENCE_TYPES.includes(type)) {
                return fail(400, 'TRACKING.REFERENCETYPE.INVALID', `referencesInformation.type must be one of ${REFERENCE_TYPES.join(', ')}.`);
            }
            const accountNumber = info['accountNumber'];
            if (typeof accountNumber !== 'string' || accountNumber === '') {
                return fail(400, 'TRACKING.ACCOUNTNUMBER.EMPTY', 'Please provide referencesInformation.accountNumber.');
            }
            if (accountNumber !== ctx.credentials.carrierB.accountNumber) {
                return fail(403, 'FORBIDDEN.ERROR', 'The account number is not linked to these credentials.');
            }
            const filter = readFilter(info, info);
            if (!filter.ok)
                return fail(400, filter.code, filter.message);
            const now = ctx.clock.now();
            // Shipments created here (ship-ledger.ts), by any of their references, master first; then the generated orders.
            const created = ledgerOf(ctx).withReference(type, info['value'].trim()).flatMap((e) => e.pieces.map((p) => p.trackingNumber));
            const numbers = [...created, ...(type === 'CUSTOMER_REFERENCE' ? numbersForOrderReference(info['value'].trim()) : [])];
            const found = numbers.flatMap((n) => applyFilter(carrierBCandidates(ctx, n, now), filter.value, now));
            if (found.length === 0) {
                return fail(404, 'TRACKING.REFERENCENUMBER.NOTFOUND', 'No shipment was found for this reference. Please check the reference and try again.');
            }
            const scans = body.value['includeDetailedScans'] === true;
            const results = found.map((candidate) => ({
                trackingNumber: candidate.trackingNumber,
                trackResults: [renderTrackResult(candidate, now, scans)],
            }));
            return trackAnswer(req, nextTransactionId(), results);
        },
    };
}
