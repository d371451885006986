import { renderLabelDocument } from '../core/label-document.js';
import { header, isRecord } from '../core/http.js';
import { carrierBError } from './errors.js';
import { carrierBCandidates } from './numbers.js';
import { renderTrackResult } from './render.js';
import { applyFilter, readFilter, readJsonObject } from './request.js';
const DOCUMENT_TYPES = ['SIGNATURE_PROOF_OF_DELIVERY', 'BILL_OF_LADING', 'FREIGHT_BILLING_DOCUMENT'];
/**
 * `POST /track/v1/trackingdocuments` per assumption SB13: `{ trackDocumentDetail: { documentType, documentFormat },
 * trackDocumentSpecification: [{ trackingNumberInfo }] }` -> `output.documents[]` (one base64 document per shipment).
 * A document exists exactly when the shipment's track result lists it in `availableImages[]` ("says in advance which
 * exist"); otherwise 404 `TRACKING.DOCUMENT.NOTAVAILABLE`. Documents are real PDF/PNG files.
 */
export function trackingDocumentsRoute(ctx, guards, nextTransactionId) {
    return {
        method: 'POST',
        path: '/track/v1/trackingdocuments',
        kind: 'business',
        guards,
        handle: async (req) => {
            const fail = (status, code, message) => carrierBError(nextTransactionId(), status, code, message);
            const body = readJsonObject(req);
            if (!body.ok)
                return fail(400, body.code, body.message);
            const detail = isRecord(body.value['trackDocumentDetail']) ? body.value['trackDocumentDetail'] : {};
            const documentType = detail['documentType'];
            if (typeof documentType !== 'string' || !DOCUMENT_TYPES.includes(documentType)) {
                return fail(400, 'TRACKING.DOCUMENTTYPE.INVALID', `documentType must be one of ${DOCUMENT_TYPES.join(', ')}.`);
            }
            const format = detail['documentFormat'] ?? 'PDF';
            if (format !== 'PDF' && format !== 'PNG')
                return fail(400, 'TRACKING.DOCUMENTFORMAT.INVALID', 'documentFormat must be PDF or PNG.');
            const spec = Array.isArray(body.value['trackDocumentSpecification']) ? body.value['trackDocumentSpecification'][0] : undefined;
            const info = isRecord(spec) && isRecord(spec['trackingNumberInfo']) ? spec['trackingNumberInfo'] : {};
            const trackingNumber = info['trackingNumber'];
            if (typeof trackingNumber !== 'string' || trackingNumber === '')
                return fail(400, 'TRACKING.TRACKINGNUMBER.EMPTY', 'Please provide tracking number.');
            const filter = readFilter(info, info);
            if (!filter.ok)
                return fail(400, filter.code, filter.message);
            const now = ctx.clock.now();
            const candidate = applyFilter(carrierBCandidates(ctx, trackingNumber, now), filter.value, now)[0];
            if (!candidate)
                return fail(404, 'TRACKING.TRACKINGNUMBER.NOTFOUND', 'Tracking number cannot be found. Please correct the tracking number and try again.');
            const result = renderTrackResult(candidate, now, false);
            const available = result['availableImages'].some((image) => image.type === documentType);
            if (!available)
                return fail(404, 'TRACKING.DOCUMENT.NOTAVAILABLE', `No ${documentType} is available for this shipment.`);
            const delivery = isRecord(result['deliveryDetails']) ? result['deliveryDetails'] : {};
            const content = await renderLabelDocument({
                format,
                title: `Carrier B - ${documentType.replace(/_/g, ' ')}`,
                trackingNumber,
                lines: [
                    `SERVICE ${result['serviceDetail']?.type ?? ''}`,
                    `PIECES ${candidate.shipment.pieces.length}  WEIGHT ${candidate.shipment.totalWeightKg.toFixed(1)} KG`,
                    `FROM ${candidate.shipment.origin.city} ${candidate.shipment.origin.countryCode}  TO ${candidate.shipment.destination.city} ${candidate.shipment.destination.countryCode}`,
                    ...(typeof delivery['signedByName'] === 'string' ? [`SIGNED BY ${delivery['signedByName']}`] : []),
                ],
            });
            const customerTransactionId = header(req, 'x-customer-transaction-id');
            return {
                status: 200,
                json: {
                    transactionId: nextTransactionId(),
                    ...(customerTransactionId ? { customerTransactionId } : {}),
                    output: { documentType, documentFormat: format, documents: [content.toString('base64')] },
                },
            };
        },
    };
}
