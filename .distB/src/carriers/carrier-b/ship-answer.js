import { UpstreamError } from '../../domain/errors.js';
import { outcomeUnknown } from '../types.js';
import { readAlerts } from './mapping.js';
import { wireMoney } from './rating-amount.js';
import { documentKindOf, tenderOf } from './ship-units.js';
/**
 * `output.transactionShipments[]` -> CreatedShipment (seed 001 "Shipment creation answer"): master and piece tracking
 * numbers, per-piece charges and COD, references, shipment and package documents, alerts as warnings. A document
 * sent as a `url` is fetched once here (through the same client), so every returned document has its bytes.
 */
export async function createdShipmentFrom(shipment, outputAlerts, transactionId, client, requestedServiceType) {
    const pieces = shipment.pieceResponses.map((piece, i) => createdPiece(piece, i));
    const documents = [];
    for (const doc of shipment.shipmentDocuments ?? [])
        documents.push(await carrierDocument(doc, null, client));
    for (const piece of shipment.pieceResponses) {
        for (const doc of piece.packageDocuments ?? [])
            documents.push(await carrierDocument(doc, piece.trackingNumber, client));
    }
    const serviceType = shipment.serviceType ?? requestedServiceType;
    const charged = pieces.flatMap((p) => (p.netCharge ? [p.netCharge] : []));
    const total = charged.length === pieces.length && charged.length > 0 ? sumMoney(charged) : null;
    return {
        carrier: 'CARRIER_B',
        division: null,
        upstream: 'carrier-b',
        trackingNumber: shipment.masterTrackingNumber,
        carrierUniqueId: null,
        // The creation answer names no network code (the tracking answer does); not invented here.
        carrierCode: null,
        serviceCode: serviceType,
        serviceName: shipment.serviceName ?? null,
        pieces,
        documents,
        total,
        breakdown: breakdownOf(shipment.pieceResponses),
        dispatchConfirmationNumber: null,
        links: { trackingUrl: null, cancelPickupUrl: null, onDemandDeliveryUrl: null },
        // Soft failures reach the client: the shipment's own alerts and the answer's.
        warnings: [...readAlerts(shipment.alerts), ...readAlerts(outputAlerts)],
        ...tenderOf(serviceType),
        transactionId,
    };
}
function createdPiece(piece, index) {
    const currency = piece.currency ?? null;
    const money = (value) => currency && value !== null && value !== undefined ? wireMoney(value, currency) : null;
    return {
        sequence: piece.packageSequenceNumber ?? index + 1,
        trackingNumber: piece.trackingNumber,
        packageId: null,
        carrierPackageId: null,
        netCharge: money(piece.netChargeAmount),
        cashOnDelivery: piece.codCollectionAmount ? money(piece.codCollectionAmount) : null,
        references: (piece.customerReferences ?? []).map((r) => ({ type: r.customerReferenceType, value: r.value, scope: null })),
    };
}
/** Base, discount and net per piece, summed in decimal (never floats), when the pieces name their currency. */
function breakdownOf(pieces) {
    const currency = pieces[0]?.currency;
    if (!currency || pieces.some((p) => p.currency !== currency))
        return [];
    const line = (kind, code, name, pick) => {
        const values = pieces.map(pick);
        if (values.some((v) => v === null || v === undefined) || values.every((v) => v === 0))
            return [];
        return [{ kind, code, name, amount: sumMoney(values.map((v) => wireMoney(v, currency))) }];
    };
    return [
        ...line('BASE', 'baseRateAmount', 'Base rate', (p) => p.baseRateAmount),
        ...line('DISCOUNT', 'netDiscountAmount', 'Discount', (p) => p.netDiscountAmount),
    ];
}
export async function carrierDocument(doc, pieceTrackingNumber, client) {
    const format = (doc.docType ?? 'PDF').toUpperCase();
    let content;
    if (doc.encodedLabel)
        content = Buffer.from(doc.encodedLabel, 'base64');
    else
        content = await downloadDocument(client, doc.url);
    return {
        kind: documentKindOf(doc.contentType),
        nativeType: doc.contentType ?? null,
        format,
        content,
        url: doc.url ?? null,
        pieceTrackingNumber,
        copiesToPrint: doc.copiesToPrint ?? null,
    };
}
/**
 * Fetches a document the carrier sent as a link. The shipment already exists when this runs, so a failure here must
 * not read as "not created": anything that is not already an unknown outcome becomes UPSTREAM_CONTRACT (outcome
 * unknown), so the label is reconciled by reference instead of being marked failed.
 */
async function downloadDocument(client, url) {
    try {
        return (await client.download({ operation: 'ship-document', method: 'GET', path: url, idempotent: true })).bytes;
    }
    catch (error) {
        if (outcomeUnknown(error))
            throw error;
        const message = error instanceof Error ? error.message : String(error);
        throw new UpstreamError(`carrier-b ship-document: the shipment was created but its document link failed (${message})`, {
            code: 'UPSTREAM_CONTRACT',
            upstream: 'carrier-b',
            operation: 'ship-document',
        }, { cause: error });
    }
}
/** Sum of decimal amounts of one currency, in integers scaled to the longest fraction (no float arithmetic). */
export function sumMoney(values) {
    const currency = values[0].currency;
    const digits = Math.max(...values.map((v) => (v.amount.split('.')[1] ?? '').length));
    const scaled = values.reduce((sum, v) => {
        const [whole = '0', fraction = ''] = v.amount.replace('-', '').split('.');
        const magnitude = BigInt(whole + fraction.padEnd(digits, '0'));
        return sum + (v.amount.startsWith('-') ? -magnitude : magnitude);
    }, 0n);
    const negative = scaled < 0n;
    const text = (negative ? -scaled : scaled).toString().padStart(digits + 1, '0');
    const amount = digits > 0 ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
    return { amount: negative ? `-${amount}` : amount, currency };
}
export function warningsOf(alerts) {
    return readAlerts(alerts);
}
