import { formatShipmentId } from '../../domain/ids.js';
/**
 * The `Shipment` a purchased label is before the carrier has scanned anything (issue 9 item 8: "a created shipment is
 * a Shipment at once"): status LABEL_CREATED with no native code (the carrier gave none; nothing invented), the
 * parties, service, pieces and references as the label was bought. Stored as the shipment's snapshot when the label
 * is purchased, so `_entities` by id answers at once; the first tracking answer replaces it (docs/assumptions.md SG7).
 * Null while the carrier has not given a tracking number.
 */
export function shipmentFromLabel(label) {
    if (!label.trackingNumber)
        return null;
    const id = label.shipmentId ??
        formatShipmentId({ carrier: label.carrier, division: label.division, trackingNumber: label.trackingNumber, carrierUniqueId: label.carrierUniqueId });
    const request = label.request;
    return {
        id,
        carrier: label.carrier,
        division: label.division,
        source: label.upstream,
        trackingNumber: label.trackingNumber,
        carrierUniqueId: label.carrierUniqueId,
        carrierCode: label.carrierCode,
        status: { status: 'LABEL_CREATED', nativeCode: null, nativeText: null },
        statusTime: null,
        statusDescription: null,
        statusLocation: null,
        service: { code: label.serviceCode, name: label.serviceName },
        origin: partyOf(request.shipper),
        destination: partyOf(request.recipient),
        shipper: partyOf(request.shipper),
        recipient: partyOf(request.recipient),
        pickedUpAt: null,
        shippedAt: null,
        deliveredAt: null,
        estimatedDelivery: null,
        delay: null,
        isReturn: label.kind === 'RETURN',
        pieceCount: label.pieces.length,
        totalWeight: null,
        pieces: label.pieces.map((piece) => ({
            id: `${id}#${piece.sequence}`,
            trackingNumber: piece.trackingNumber,
            sequenceNumber: piece.sequence,
            typeCode: null,
            weight: null,
            dimensions: null,
            events: [],
        })),
        events: [],
        proofOfDelivery: null,
        references: label.pieces.flatMap((p) => p.references).length > 0 ? dedupe(label.pieces.flatMap((p) => p.references)) : request.references,
        documentsAvailable: [],
        declaredValue: request.declaredValue,
        deliveryAttempts: null,
        serviceUrl: label.links.trackingUrl,
        rerouteUrl: null,
        warnings: [],
    };
}
function partyOf(party) {
    return {
        name: party.contactName,
        organizationName: party.companyName,
        policy: null,
        address: {
            policy: null,
            streetLines: party.address.streetLines,
            locality: party.address.city,
            region: party.address.stateOrProvinceCode,
            postalCode: party.address.postalCode,
            countryCode: party.address.countryCode,
        },
    };
}
function dedupe(references) {
    const seen = new Set();
    return references.filter((r) => {
        const key = `${r.type}\n${r.value}`;
        if (seen.has(key))
            return false;
        seen.add(key);
        return true;
    });
}
