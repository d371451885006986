import { renderLabelDocument } from '../core/label-document.js';
import { hash32 } from '../core/prng.js';
import { SHIPPABLE_SERVICES } from './ship-request.js';
import { fromUsdCents, toWire } from './rates-pricing.js';
/**
 * The seed's "Shipment creation answer" for a ledger entry: `transactionShipments[]` with master and piece numbers,
 * per-piece charges (with `currency`, assumption SB5), COD, references, the label of each piece in `packageDocuments`
 * and, across a border, a commercial invoice in `shipmentDocuments`. Labels are real PDF/PNG files; with
 * `URL_ONLY` the answer carries a `url` on this simulator's origin instead of `encodedLabel`.
 */
export async function renderTransactionShipment(seed, ledger, entry, origin) {
    const service = SHIPPABLE_SERVICES[entry.serviceType];
    const currency = entry.shipper.countryCode === 'US' ? 'USD' : 'EUR';
    const discountPercent = 10 + (hash32(seed, 'carrierB', 'ship-discount', entry.accountNumber, entry.serviceType) % 21);
    const pieceResponses = [];
    for (const piece of entry.pieces) {
        const listMinor = fromUsdCents(service.baseCents / entry.pieces.length + service.perKgCents * Math.ceil(piece.weightKg), currency);
        const discountMinor = Math.round((listMinor * discountPercent) / 100);
        const label = await renderLabelDocument({
            format: entry.labelFormat,
            title: `Carrier B - ${service.name.toUpperCase()} - SHIPPING LABEL`,
            trackingNumber: piece.trackingNumber,
            lines: [
                `PIECE ${piece.sequence} OF ${entry.pieces.length}  MASTER ${entry.masterTrackingNumber}`,
                `SHIP DATE ${entry.shipDatestamp}  WEIGHT ${piece.weightKg.toFixed(1)} KG`,
                'FROM:',
                ...partyLines(entry.shipper),
                'TO:',
                ...partyLines(entry.recipient),
                ...(piece.cod ? [`COD ${entry.codCollectionType ?? ''} ${piece.cod.amount} ${piece.cod.currency}`] : []),
                ...piece.references.map((r) => `${r.customerReferenceType}: ${r.value}`),
            ],
        });
        pieceResponses.push({
            trackingNumber: piece.trackingNumber,
            masterTrackingNumber: entry.masterTrackingNumber,
            packageSequenceNumber: piece.sequence,
            trackingIdType: 'CARRIER',
            baseRateAmount: toWire(listMinor, currency),
            netChargeAmount: toWire(listMinor - discountMinor, currency),
            netDiscountAmount: toWire(discountMinor, currency),
            listRateAmount: toWire(listMinor, currency),
            codCollectionAmount: piece.cod ? piece.cod.amount : 0,
            currency,
            customerReferences: piece.references,
            packageDocuments: [document(ledger, entry, 'LABEL', entry.labelFormat, label, origin, null)],
        });
    }
    const shipmentDocuments = [];
    if (entry.shipper.countryCode !== entry.recipient.countryCode) {
        const invoice = await renderLabelDocument({
            format: 'PDF',
            title: 'Carrier B - COMMERCIAL INVOICE',
            trackingNumber: entry.masterTrackingNumber,
            lines: ['EXPORTER:', ...partyLines(entry.shipper), 'CONSIGNEE:', ...partyLines(entry.recipient)],
        });
        shipmentDocuments.push(document(ledger, entry, 'COMMERCIAL_INVOICE', 'PDF', invoice, origin, 3));
    }
    return {
        serviceType: entry.serviceType,
        serviceName: service.name,
        serviceCategory: service.ground ? 'GROUND' : 'EXPRESS',
        shipDatestamp: entry.shipDatestamp,
        masterTrackingNumber: entry.masterTrackingNumber,
        pieceResponses,
        shipmentDocuments,
        alerts: [],
    };
}
function document(ledger, entry, contentType, docType, bytes, origin, copiesToPrint) {
    const body = entry.labelResponse === 'URL_ONLY'
        ? { url: `${origin}/ship/v1/documents/${ledger.storeDocument({ bytes, contentType: docType === 'PNG' ? 'image/png' : 'application/pdf' })}` }
        : { encodedLabel: bytes.toString('base64') };
    return { contentType, docType, ...body, ...(copiesToPrint !== null ? { copiesToPrint } : {}) };
}
export function partyLines(party) {
    return [
        party.personName,
        ...(party.companyName && party.companyName !== party.personName ? [party.companyName] : []),
        ...party.streetLines,
        `${party.city} ${party.stateOrProvinceCode ?? ''} ${party.postalCode ?? ''} ${party.countryCode}`.replace(/\s+/g, ' ').trim(),
    ];
}
