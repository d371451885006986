import { shipmentProgress } from '../data/shipment.js';
import { isoWithOffset, localDate, offsetText } from '../data/time.js';
import { CARRIER_B_SCANS } from './vocabulary.js';
/** One `trackResults[]` entry of the seed's Track answer, as the candidate looks at `now`. */
export function renderTrackResult(candidate, now, includeDetailedScans) {
    const { shipment } = candidate;
    const progress = shipmentProgress(shipment, now);
    const scans = progress.visible.filter((step) => CARRIER_B_SCANS[step.kind] !== undefined);
    const latest = scans.at(-1);
    const delivered = progress.deliveredAt !== undefined;
    const result = {
        trackingNumberInfo: {
            trackingNumber: candidate.trackingNumber,
            carrierCode: candidate.carrierCode,
            trackingNumberUniqueId: candidate.trackingNumberUniqueId,
        },
        latestStatusDetail: candidate.malformed ? 500 : latest ? latestStatusDetail(shipment, latest, delivered) : null,
        serviceDetail: candidate.service ??
            (candidate.carrierCode === 'CBXE'
                ? { type: 'INTERNATIONAL_PRIORITY', shortDescription: 'IP' }
                : { type: 'CARRIER_GROUND', shortDescription: 'CG' }),
    };
    // The seed: "false: latest status only; true: full `scanEvents`"; newest first, as the carrier lists them.
    if (includeDetailedScans)
        result['scanEvents'] = scans.toReversed().map(renderScanEvent);
    result['dateAndTimes'] = dateAndTimes(shipment, progress.deliveredAt, progress.pickedUpAt);
    result['deliveryDetails'] = deliveryDetails(shipment, progress.visible, progress.deliveredAt);
    result['packageDetails'] = packageDetails(shipment);
    result['estimatedDeliveryTimeWindow'] = {
        type: 'ESTIMATED_DELIVERY',
        window: progress.estimatedDelivery
            ? {
                begins: isoWithOffset(new Date(progress.estimatedDelivery.getTime() - 2 * 3_600_000), shipment.destination.utcOffsetMinutes),
                ends: isoWithOffset(new Date(progress.estimatedDelivery.getTime() + 2 * 3_600_000), shipment.destination.utcOffsetMinutes),
            }
            : {},
    };
    result['recipientInformation'] = { address: scanLocation(shipment.destination) };
    // Assumption B6: `returnDetail` ("not shown" beyond its name) is present once the package is on its way back.
    if (progress.returning) {
        result['returnDetail'] = { reasonDetail: [{ type: 'RETURN_TO_SHIPPER', description: 'Returning package to shipper' }] };
    }
    result['availableImages'] = [
        ...(delivered ? [{ type: 'SIGNATURE_PROOF_OF_DELIVERY', size: 'LARGE' }] : []),
        ...(candidate.carrierCode === 'CBXG' ? [{ type: 'BILL_OF_LADING', size: 'LARGE' }] : []),
        // A freight service created in the sandbox (ship-ledger.ts) also has its freight billing document.
        ...(candidate.service?.type.includes('FREIGHT') ? [{ type: 'FREIGHT_BILLING_DOCUMENT', size: 'LARGE' }] : []),
    ];
    result['error'] = null;
    return result;
}
export function notFoundTrackResult(trackingNumber) {
    return {
        trackingNumberInfo: { trackingNumber, carrierCode: '', trackingNumberUniqueId: '' },
        error: {
            code: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
            message: 'Tracking number cannot be found. Please correct the tracking number and try again.',
        },
    };
}
/** `YYYY-MM-DD` of the SHIP date at the origin; the date a ship-date window is compared with. */
export function shipDate(shipment, now) {
    const shipped = shipmentProgress(shipment, now).pickedUpAt ?? shipment.steps[0]?.at ?? now;
    return localDate(shipped, shipment.origin.utcOffsetMinutes);
}
function latestStatusDetail(shipment, latest, delivered) {
    const scan = CARRIER_B_SCANS[latest.kind];
    return {
        code: scan.eventType,
        derivedCode: scan.derivedStatusCode,
        statusByLocale: scan.derivedStatus,
        description: scan.eventDescription,
        scanLocation: scanLocation(latest.place),
        ancillaryDetails: scan.exceptionCode ? [{ reason: scan.exceptionCode, reasonDescription: scan.exceptionDescription }] : [],
        delayDetail: delayDetail(shipment, delivered),
    };
}
/** The seed: "`delayDetail.status` values: ON_TIME, EARLY, DELAYED"; "type value WEATHER and subType value SNOW appear". */
function delayDetail(shipment, delivered) {
    switch (shipment.scenario) {
        case 'delivered-early':
            return { status: delivered ? 'EARLY' : 'ON_TIME' };
        case 'weather-delay':
            return { type: 'WEATHER', subType: 'SNOW', status: 'DELAYED' };
        case 'attempt-failed':
        case 'returned':
            return { status: 'DELAYED' };
        default:
            return { status: 'ON_TIME' };
    }
}
function renderScanEvent(step) {
    const scan = CARRIER_B_SCANS[step.kind];
    return {
        date: isoWithOffset(step.at, step.place.utcOffsetMinutes),
        eventType: scan.eventType,
        eventDescription: scan.eventDescription,
        derivedStatus: scan.derivedStatus,
        derivedStatusCode: scan.derivedStatusCode,
        exceptionCode: scan.exceptionCode ?? '',
        exceptionDescription: scan.exceptionDescription ?? '',
        locationId: `${step.place.facility}A`,
        locationType: scan.locationType,
        scanLocation: scanLocation(step.place),
    };
}
function scanLocation(place) {
    return { city: place.city.toUpperCase(), stateOrProvinceCode: place.region, countryCode: place.countryCode, postalCode: place.postalCode };
}
/** The seed: "typed list: `type` (ACTUAL_DELIVERY, ACTUAL_PICKUP, SHIP appear), `dateTime`; select by type". */
function dateAndTimes(shipment, deliveredAt, pickedUpAt) {
    const list = [];
    if (deliveredAt)
        list.push({ type: 'ACTUAL_DELIVERY', dateTime: isoWithOffset(deliveredAt, shipment.destination.utcOffsetMinutes) });
    if (pickedUpAt)
        list.push({ type: 'ACTUAL_PICKUP', dateTime: isoWithOffset(pickedUpAt, shipment.origin.utcOffsetMinutes) });
    const shipped = pickedUpAt ?? shipment.steps[0]?.at;
    if (shipped) {
        const offset = shipment.origin.utcOffsetMinutes;
        list.push({ type: 'SHIP', dateTime: `${localDate(shipped, offset)}T00:00:00${offsetText(offset)}` });
    }
    return list;
}
function deliveryDetails(shipment, visible, deliveredAt) {
    const attempts = visible.filter((s) => s.kind === 'DELIVERY_ATTEMPT_FAILED' || s.kind === 'DELIVERED').length;
    if (!deliveredAt)
        return { deliveryAttempts: String(attempts) };
    const signer = `${shipment.receiver.givenName.charAt(0)}.${shipment.receiver.familyName}`.toUpperCase();
    return {
        receivedByName: signer,
        signedByName: signer,
        deliveryAttempts: String(attempts),
        locationDescription: 'Front desk',
        actualDeliveryAddress: {
            city: shipment.destination.city.toUpperCase(),
            postalCode: shipment.destination.postalCode,
            countryCode: shipment.destination.countryCode,
        },
    };
}
/** The seed: "`count` (string)". Weights and dimensions are given in both unit systems, as the carrier does. */
function packageDetails(shipment) {
    const first = shipment.pieces[0];
    return {
        count: String(shipment.pieces.length),
        packagingDescription: { type: 'YOUR_PACKAGING', description: 'Your Packaging' },
        declaredValue: { currency: shipment.declaredValue.currency, value: shipment.declaredValue.amount },
        weightAndDimensions: {
            weight: [
                { unit: 'LB', value: (shipment.totalWeightKg * 2.20462).toFixed(1) },
                { unit: 'KG', value: shipment.totalWeightKg.toFixed(1) },
            ],
            dimensions: first
                ? [
                    { length: Math.round(first.lengthCm / 2.54), width: Math.round(first.widthCm / 2.54), height: Math.round(first.heightCm / 2.54), units: 'IN' },
                    { length: first.lengthCm, width: first.widthCm, height: first.heightCm, units: 'CM' },
                ]
                : [],
        },
    };
}
