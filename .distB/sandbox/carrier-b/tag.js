import { header, isRecord } from '../core/http.js';
import { localDate } from '../data/time.js';
import { carrierBError } from './errors.js';
import { carrierBCandidates } from './numbers.js';
import { renderTrackResult } from './render.js';
import { readJsonObject } from './request.js';
import { ledgerOf } from './ship-ledger.js';
import { parseShipRequest, SHIPPABLE_SERVICES } from './ship-request.js';
/**
 * Return tags and the outbound link, shapes per assumption SB12 (sandbox/README.md "Carrier B shipping"):
 * - `POST /ship/v1/shipments/tag`: the creation request's shape (pickup type, packaging type and label specification
 *   may be left out: the courier brings the label) with `returnShipmentDetail.returnAssociationDetail.trackingNumber`
 *   naming the outbound and `pickupDetail.readyPickupDateTime`; answers `output.masterTrackingNumber` and
 *   `completedTagDetail` (confirmation number, location, dispatch date);
 * - PUT `/ship/v1/shipments/tag/cancel/{shipmentid}` (the tag's master number): `output.cancelledTag`; a second cancel
 *   answers `cancelledTag: true` with a message that it already was;
 * - `POST /track/v1/associatedshipments` with `associatedType: OUTBOUND_LINK_TO_RETURN` and the outbound number: its
 *   return tags in the track answer form (an empty list when it has none; 404 when the outbound is unknown).
 */
export function tagRoutes(ctx, guards, nextTransactionId) {
    const ledger = ledgerOf(ctx);
    const fail = (status, code, message) => carrierBError(nextTransactionId(), status, code, message);
    const ok = (req, output) => {
        const customerTransactionId = header(req, 'x-customer-transaction-id');
        return { status: 200, json: { transactionId: nextTransactionId(), ...(customerTransactionId ? { customerTransactionId } : {}), output } };
    };
    const tagCancelPath = /^\/ship\/v1\/shipments\/tag\/cancel\/([^/]+)$/;
    return [
        {
            method: 'POST',
            path: '/ship/v1/shipments/tag',
            kind: 'business',
            guards,
            acts: true,
            handle: (req) => {
                const body = readJsonObject(req);
                if (!body.ok)
                    return fail(400, body.code, body.message);
                const shipment = isRecord(body.value['requestedShipment']) ? body.value['requestedShipment'] : {};
                // The courier brings the label: the label specification and packaging are the carrier's own for a tag.
                const filled = {
                    ...body.value,
                    requestedShipment: {
                        packagingType: 'YOUR_PACKAGING',
                        labelSpecification: { imageType: 'PDF', labelStockType: 'PAPER_7X475' },
                        ...shipment,
                    },
                };
                const parsed = parseShipRequest(filled);
                if (!parsed.ok) {
                    return { status: 400, json: { transactionId: nextTransactionId(), errors: parsed.errors.map((e) => ({ ...e, parameterList: [] })) } };
                }
                const request = parsed.value;
                const special = isRecord(shipment['shipmentSpecialServices']) ? shipment['shipmentSpecialServices'] : {};
                const detail = isRecord(special['returnShipmentDetail']) ? special['returnShipmentDetail'] : {};
                const association = isRecord(detail['returnAssociationDetail']) ? detail['returnAssociationDetail'] : {};
                const pickup = isRecord(shipment['pickupDetail']) ? shipment['pickupDetail'] : {};
                const readyAt = pickup['readyPickupDateTime'];
                if (typeof readyAt !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?/.test(readyAt)) {
                    return fail(400, 'SHIP.PICKUPDETAIL.READYPICKUPDATETIME.REQUIRED', 'Please provide pickupDetail.readyPickupDateTime.');
                }
                if (request.accountNumber !== ctx.credentials.carrierB.accountNumber)
                    return fail(403, 'FORBIDDEN.ERROR', 'The account number is not linked to these credentials.');
                const now = ctx.clock.now();
                const service = SHIPPABLE_SERVICES[request.serviceType];
                const carrierCode = service.ground ? 'CBXG' : 'CBXE';
                const numbers = ledger.allocate(carrierCode, request.packages.length);
                const returnOf = typeof association['trackingNumber'] === 'string' && association['trackingNumber'] !== '' ? association['trackingNumber'] : null;
                const entry = ledger.add({
                    kind: 'TAG',
                    masterTrackingNumber: numbers[0],
                    accountNumber: request.accountNumber,
                    serviceType: request.serviceType,
                    serviceName: service.name,
                    carrierCode,
                    shipDatestamp: request.shipDatestamp || localDate(now, 0),
                    createdAt: now,
                    shipper: request.shipper,
                    recipient: request.recipient,
                    pieces: request.packages.map((p, i) => ({ sequence: i + 1, trackingNumber: numbers[i], weightKg: p.weightKg, cod: null, references: p.references })),
                    returnOf,
                    labelFormat: 'PDF',
                    labelResponse: 'LABEL',
                    codCollectionType: null,
                    alerts: parsed.alerts,
                });
                return ok(req, {
                    masterTrackingNumber: entry.masterTrackingNumber,
                    serviceType: entry.serviceType,
                    shipTimestamp: now.toISOString(),
                    completedTagDetail: { confirmationNumber: `${entry.masterTrackingNumber.slice(-6)}`, location: request.shipper.city.toUpperCase(), dispatchDate: readyAt.slice(0, 10) },
                    alerts: parsed.alerts,
                });
            },
        },
        {
            method: 'PUT',
            path: tagCancelPath,
            name: 'PUT /ship/v1/shipments/tag/cancel/{shipmentid}',
            kind: 'business',
            guards,
            handle: (req) => {
                const id = decodeURIComponent(tagCancelPath.exec(req.path)?.[1] ?? '');
                const body = readJsonObject(req);
                if (!body.ok)
                    return fail(400, body.code, body.message);
                const account = isRecord(body.value['accountNumber']) ? body.value['accountNumber']['value'] : undefined;
                if (typeof account !== 'string' || account === '')
                    return fail(400, 'SHIP.ACCOUNTNUMBER.REQUIRED', 'Please provide accountNumber.value.');
                if (account !== ctx.credentials.carrierB.accountNumber)
                    return fail(403, 'FORBIDDEN.ERROR', 'The account number is not linked to these credentials.');
                const entry = ledger.find(id);
                if (!entry || entry.kind !== 'TAG')
                    return fail(404, 'SHIP.TAG.NOTFOUND', 'No return tag with this shipment id.');
                if (entry.cancelledAt)
                    return ok(req, { cancelledTag: true, message: 'The return tag was already cancelled.' });
                entry.cancelledAt = ctx.clock.now();
                return ok(req, { cancelledTag: true, message: 'Return tag is successfully cancelled.' });
            },
        },
        {
            method: 'POST',
            path: '/track/v1/associatedshipments',
            kind: 'business',
            guards,
            handle: (req) => {
                const body = readJsonObject(req);
                if (!body.ok)
                    return fail(400, body.code, body.message);
                const master = isRecord(body.value['masterTrackingNumberInfo']) ? body.value['masterTrackingNumberInfo'] : {};
                const info = isRecord(master['trackingNumberInfo']) ? master['trackingNumberInfo'] : {};
                const outbound = info['trackingNumber'];
                if (typeof outbound !== 'string' || outbound === '')
                    return fail(400, 'TRACKING.TRACKINGNUMBER.EMPTY', 'Please provide tracking number.');
                if (body.value['associatedType'] !== 'OUTBOUND_LINK_TO_RETURN') {
                    return fail(400, 'TRACKING.ASSOCIATEDTYPE.INVALID', 'associatedType must be OUTBOUND_LINK_TO_RETURN.');
                }
                const now = ctx.clock.now();
                if (carrierBCandidates(ctx, outbound, now).length === 0) {
                    return fail(404, 'TRACKING.TRACKINGNUMBER.NOTFOUND', 'Tracking number cannot be found. Please correct the tracking number and try again.');
                }
                const results = ledger
                    .tagsOf(outbound)
                    .flatMap((tag) => carrierBCandidates(ctx, tag.masterTrackingNumber, now))
                    .map((candidate) => ({ trackingNumber: candidate.trackingNumber, trackResults: [renderTrackResult(candidate, now, body.value['includeDetailedScans'] === true)] }));
                return ok(req, { completeTrackResults: results, alerts: [] });
            },
        },
    ];
}
