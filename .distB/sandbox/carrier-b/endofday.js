import { renderLabelDocument } from '../core/label-document.js';
import { header, isRecord } from '../core/http.js';
import { carrierBError } from './errors.js';
import { readJsonObject } from './request.js';
import { ledgerOf } from './ship-ledger.js';
/**
 * `POST` and `PUT /ship/v1/endofday/` (seed 001: "ground end-of-day close" -> "end-of-day manifest"), shapes per
 * assumption SB11: `{ accountNumber: { value }, closeReqType: 'GCCLOSE', closeDate, closeDocumentSpecification:
 * { docType } }` -> `output.closedTrackingNumbers[]` (master numbers) and `output.closeDocuments[]` (the manifest, a
 * real PDF or PNG listing every closed shipment). Each open ground shipment of the account shipped on or before
 * `closeDate` is closed once: a second close finds nothing, answering an empty list, no manifest and a NOTE alert.
 */
export function endOfDayRoutes(ctx, guards, nextTransactionId) {
    const ledger = ledgerOf(ctx);
    const handle = async (req) => {
        const fail = (status, code, message) => carrierBError(nextTransactionId(), status, code, message);
        const body = readJsonObject(req);
        if (!body.ok)
            return fail(400, body.code, body.message);
        const account = isRecord(body.value['accountNumber']) ? body.value['accountNumber']['value'] : undefined;
        if (typeof account !== 'string' || account === '')
            return fail(400, 'SHIP.ACCOUNTNUMBER.REQUIRED', 'Please provide accountNumber.value.');
        const closeDate = body.value['closeDate'];
        if (typeof closeDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(closeDate))
            return fail(400, 'ENDOFDAY.CLOSEDATE.REQUIRED', 'Please provide closeDate as YYYY-MM-DD.');
        const type = body.value['closeReqType'];
        if (type !== undefined && type !== 'GCCLOSE')
            return fail(400, 'ENDOFDAY.CLOSEREQTYPE.INVALID', 'closeReqType must be GCCLOSE.');
        if (account !== ctx.credentials.carrierB.accountNumber)
            return fail(403, 'FORBIDDEN.ERROR', 'The account number is not linked to these credentials.');
        const spec = isRecord(body.value['closeDocumentSpecification']) ? body.value['closeDocumentSpecification'] : {};
        const docType = spec['docType'] === 'PNG' ? 'PNG' : 'PDF';
        const now = ctx.clock.now();
        const closing = ledger.openGround(account, closeDate);
        const customerTransactionId = header(req, 'x-customer-transaction-id');
        const answer = (output) => ({
            status: 200,
            json: { transactionId: nextTransactionId(), ...(customerTransactionId ? { customerTransactionId } : {}), output },
        });
        if (closing.length === 0) {
            return answer({ closedTrackingNumbers: [], closeDocuments: [], alerts: [{ code: 'SHIP.ENDOFDAY.NOSHIPMENTS', message: 'There are no open ground shipments to close.', alertType: 'NOTE' }] });
        }
        for (const entry of closing)
            entry.closedAt = now;
        const manifest = await renderLabelDocument({
            format: docType,
            title: 'Carrier B - GROUND END-OF-DAY MANIFEST',
            trackingNumber: null,
            lines: [
                `ACCOUNT ${account}  CLOSE DATE ${closeDate}`,
                `SHIPMENTS ${closing.length}  PACKAGES ${closing.reduce((n, e) => n + e.pieces.length, 0)}`,
                ...closing.map((e) => `${e.masterTrackingNumber}  ${e.pieces.length} PC  ${e.pieces.reduce((kg, p) => kg + p.weightKg, 0).toFixed(1)} KG  ${e.recipient.city} ${e.recipient.countryCode}`),
            ],
        });
        return answer({
            closedTrackingNumbers: closing.map((e) => e.masterTrackingNumber),
            closeDocuments: [{ contentType: 'END_OF_DAY_MANIFEST', docType, encodedLabel: manifest.toString('base64') }],
            alerts: [],
        });
    };
    return ['POST', 'PUT'].map((method) => ({ method, path: '/ship/v1/endofday/', kind: 'business', guards, acts: true, handle }));
}
