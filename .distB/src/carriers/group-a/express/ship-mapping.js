import { mapExpressWarnings } from './mapping.js';
import { BILLING_CURRENCY_TYPE, chargeKindOf, decimalFromWire, discountAmount } from './rating-units.js';
import { CUSTOMER_REFERENCE_TYPE_CODE, documentKindOf } from './ship-units.js';
const UPSTREAM = 'group-a/express';
function carrierDocument(wire, pieceTrackingNumber) {
    return {
        kind: documentKindOf(wire.typeCode),
        nativeType: wire.typeCode ?? null,
        format: wire.imageFormat.toUpperCase(),
        // "`content` (base64)": decoded here, stored as bytes.
        content: Buffer.from(wire.content, 'base64'),
        url: null,
        pieceTrackingNumber,
        copiesToPrint: null,
    };
}
/**
 * "`currencyType` value `BILLC` is the billing currency and is the entry to use for anything invoiced": the total and
 * its breakdown come from that entry only; without one the total is not given (null), never another view's.
 */
function billing(charges) {
    const bill = charges.find((c) => c.currencyType === BILLING_CURRENCY_TYPE);
    if (!bill)
        return { total: null, breakdown: [] };
    const currency = bill.priceCurrency;
    const breakdown = (bill.serviceBreakdown ?? []).map((line) => {
        const kind = chargeKindOf(line.typeCode ?? '');
        const decimal = decimalFromWire(line.price);
        return { kind, code: line.typeCode ?? null, name: line.name ?? null, amount: { amount: kind === 'DISCOUNT' ? discountAmount(decimal) : decimal, currency } };
    });
    return { total: { amount: decimalFromWire(bill.price), currency }, breakdown };
}
/**
 * The creation answer (or one shipment of the reference lookup) in the unified model. `request` supplies what the
 * answer does not repeat: the product code and the caller's package ids (by `referenceNumber`, 1-based in request order).
 */
export function mapExpressCreatedShipment(answer, request) {
    const packages = [...(answer.packages ?? [])].sort((a, b) => a.referenceNumber - b.referenceNumber);
    const pieceByReference = new Map(packages.map((p) => [p.referenceNumber, p.trackingNumber]));
    const pieces = packages.map((p) => {
        const packageId = request.packages[p.referenceNumber - 1]?.packageId ?? null;
        return {
            sequence: p.referenceNumber,
            trackingNumber: p.trackingNumber,
            packageId: null,
            carrierPackageId: null,
            netCharge: null,
            cashOnDelivery: request.packages[p.referenceNumber - 1]?.cashOnDelivery ?? null,
            // The caller's package id travelled as the package's customer reference (SX3).
            references: packageId ? [{ type: CUSTOMER_REFERENCE_TYPE_CODE, value: packageId, scope: null }] : [],
        };
    });
    const documents = [
        ...(answer.documents ?? []).map((d) => carrierDocument(d, d.packageReferenceNumber != null ? (pieceByReference.get(d.packageReferenceNumber) ?? null) : null)),
        ...packages.flatMap((p) => (p.documents ?? []).map((d) => carrierDocument(d, p.trackingNumber))),
    ];
    const { total, breakdown } = billing(answer.shipmentCharges ?? []);
    return {
        carrier: 'GROUP_A',
        division: 'express',
        upstream: UPSTREAM,
        trackingNumber: answer.shipmentTrackingNumber,
        carrierUniqueId: null,
        carrierCode: null,
        serviceCode: request.serviceCode,
        serviceName: null,
        pieces,
        documents,
        total,
        breakdown,
        dispatchConfirmationNumber: answer.dispatchConfirmationNumber ?? null,
        links: {
            trackingUrl: answer.trackingUrl ?? null,
            cancelPickupUrl: answer.cancelPickupUrl ?? null,
            onDemandDeliveryUrl: answer.onDemandDeliveryURL ?? null,
        },
        warnings: mapExpressWarnings(answer.warnings ?? []),
        // Express needs no separate tender: the shipment is expected once created (and collected if a pickup was booked).
        tendered: true,
        tenderBy: null,
        transactionId: null,
    };
}
