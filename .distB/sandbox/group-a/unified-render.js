import { hash32 } from '../core/prng.js';
import { shipmentProgress } from '../data/shipment.js';
import { localDateTime } from '../data/time.js';
import { NOT_SCANNED_BY, UNIFIED_WORDS } from './unified-vocabulary.js';
const PRODUCTS = {
    express: { productCode: 'EXP-WW', productName: 'Express Worldwide', deliveryMethodRemark: 'Door delivery', provider: 'express' },
    ecommerce: { productCode: 'PAR-EXP', productName: 'Parcel Expedited', deliveryMethodRemark: 'Delivered by the local postal partner', provider: 'postal-partner' },
    freight: { productCode: 'FRT-RD', productName: 'Road Freight', deliveryMethodRemark: 'Kerbside delivery', provider: 'freight' },
};
/** One `shipments[]` member of the seed's unified tracking answer (Resources A). */
export function renderUnifiedShipment(found, view) {
    const { shipment, service } = found;
    const progress = shipmentProgress(shipment, view.now);
    const latest = progress.latest; // resolveGroupA only returns shipments with at least one step
    const scanned = progress.visible.filter((step) => !NOT_SCANNED_BY[service].has(step.kind));
    const destinationOffset = shipment.destination.utcOffsetMinutes;
    const answer = {
        id: found.id,
        service,
        origin: { address: partyAddress(shipment.origin, shipment.sender.streetAddress, view.masked) },
        destination: { address: partyAddress(shipment.destination, shipment.receiver.streetAddress, view.masked) },
        status: renderStatus(latest, view.language),
    };
    if (progress.pickedUpAt)
        answer['pickUpDate'] = localDateTime(progress.pickedUpAt, shipment.origin.utcOffsetMinutes);
    if (progress.estimatedDelivery) {
        const eta = progress.estimatedDelivery.getTime();
        answer['estimatedTimeOfDelivery'] = localDateTime(progress.estimatedDelivery, destinationOffset);
        answer['estimatedDeliveryTimeFrame'] = {
            estimatedFrom: localDateTime(new Date(eta - 2 * 3_600_000), destinationOffset),
            estimatedThrough: localDateTime(new Date(eta + 2 * 3_600_000), destinationOffset),
        };
        answer['estimatedTimeOfDeliveryRemark'] = null;
    }
    const query = `trackingNumber=${encodeURIComponent(found.id)}&service=${service}`;
    const redirectable = progress.estimatedDelivery !== undefined && !progress.returning && latest.kind !== 'LABEL_CREATED';
    answer['serviceUrl'] = `${view.origin}/track/shipments?${query}`;
    answer['rerouteUrl'] = redirectable ? `${view.origin}/track/reroute?${query}` : null;
    answer['returnFlag'] = progress.returning;
    answer['details'] = details(found, view, progress.deliveredAt);
    // History, newest first; each event names the pieces it concerns.
    answer['events'] = scanned.toReversed().map((step) => ({ ...renderStatus(step, view.language), pieceIds: found.pieceIds }));
    return answer;
}
function renderStatus(step, language) {
    const words = UNIFIED_WORDS[step.kind];
    return {
        timestamp: localDateTime(step.at, step.place.utcOffsetMinutes),
        location: { address: { countryCode: step.place.countryCode, postalCode: step.place.postalCode, addressLocality: step.place.city } },
        statusCode: words.statusCode,
        status: words.status[language],
        description: `${words.status.en}: ${step.place.city}, ${step.place.countryCode}`,
        remark: null,
        nextSteps: words.nextSteps,
    };
}
/**
 * The seed: "Address (any member may be absent when masked): `@policy` ... value `postal-code` appears". Under that
 * policy only postal code, country and locality remain; the other members are absent, not empty.
 */
function partyAddress(place, streetAddress, masked) {
    if (masked) {
        return { '@policy': 'postal-code', countryCode: place.countryCode, postalCode: place.postalCode, addressLocality: place.city };
    }
    return {
        countryCode: place.countryCode,
        postalCode: place.postalCode,
        addressLocality: place.city,
        ...(place.region ? { addressRegion: place.region } : {}),
        streetAddress,
    };
}
function details(found, view, deliveredAt) {
    const { shipment, service } = found;
    const product = PRODUCTS[service];
    const first = shipment.pieces[0];
    const token = `${hash32(view.seed, found.id, service, 'pod').toString(16)}${hash32(found.id, view.seed).toString(16)}`;
    const signatureUrl = service === 'ecommerce' ? null : `${view.origin}/track/documents/${token}-signature`;
    const result = {
        product: { productCode: product.productCode, productName: product.productName, deliveryMethodRemark: product.deliveryMethodRemark },
        provider: { destinationProvider: product.provider },
        sender: { '@type': 'Organization', organizationName: shipment.sender.organizationName },
        // The seed: "Person entities carry their own `@policy` marker"; a masked name is absent, not empty.
        receiver: view.masked
            ? { '@type': 'Person', '@policy': 'hidden' }
            : { '@type': 'Person', givenName: shipment.receiver.givenName, familyName: shipment.receiver.familyName },
    };
    if (deliveredAt) {
        result['proofOfDelivery'] = {
            timestamp: localDateTime(deliveredAt, shipment.destination.utcOffsetMinutes),
            documentUrl: `${view.origin}/track/documents/${token}`,
            signatureUrl,
        };
    }
    result['proofOfDeliverySignedAvailable'] = deliveredAt !== undefined && signatureUrl !== null;
    result['totalNumberOfPieces'] = shipment.pieces.length;
    result['pieceIds'] = found.pieceIds;
    result['weight'] = { value: shipment.totalWeightKg, unitText: 'kg' };
    if (first) {
        result['dimensions'] = {
            length: { value: first.lengthCm, unitText: 'cm' },
            width: { value: first.widthCm, unitText: 'cm' },
            height: { value: first.heightCm, unitText: 'cm' },
        };
    }
    result['references'] = references(found);
    return result;
}
/** The caller's order id travels as a `customer-reference` (seed: "What the service does", rule 5). */
function references(found) {
    const list = [{ '@scope': 'public', number: found.shipment.orderReference, type: 'customer-reference' }];
    if (found.ecommerce) {
        list.push({ '@scope': 'public', number: found.ecommerce.packageId, type: 'ecommerce-number' });
        list.push({ '@scope': 'public', number: found.ecommerce.trackingId, type: 'local-tracking-number' });
    }
    if (found.service === 'freight')
        list.push({ '@scope': 'public', number: `HB${found.id.slice(3)}`, type: 'housebill' });
    return list;
}
