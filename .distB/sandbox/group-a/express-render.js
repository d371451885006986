import { round1, shipmentProgress } from '../data/shipment.js';
import { localDate, localDateTime, localTime, offsetText } from '../data/time.js';
import { EXPRESS_TYPE_CODES, expressShipmentStatus } from './express-vocabulary.js';
/** One `shipments[]` member of the seed's express tracking answer (Resources B). */
export function renderExpressShipment(found, now) {
    const { shipment } = found;
    const progress = shipmentProgress(shipment, now);
    const scans = progress.visible.filter((step) => EXPRESS_TYPE_CODES[step.kind] !== undefined);
    const { origin, destination } = shipment;
    const signer = `${shipment.receiver.givenName.charAt(0)}. ${shipment.receiver.familyName}`;
    const answer = {
        shipmentTrackingNumber: found.id,
        status: expressShipmentStatus(progress.latest?.kind),
        shipmentTimestamp: localDateTime(progress.pickedUpAt ?? shipment.steps[0].at, origin.utcOffsetMinutes),
        productCode: 'P',
        description: 'Express Worldwide',
        shipperDetails: {
            name: shipment.sender.organizationName,
            postalAddress: { cityName: origin.city, postalCode: origin.postalCode, countryCode: origin.countryCode },
            serviceArea: [{ code: origin.facility, description: `${origin.city}-${origin.countryCode}`, outboundSortCode: `${origin.facility}-O1` }],
        },
        receiverDetails: {
            name: `${shipment.receiver.givenName} ${shipment.receiver.familyName}`,
            postalAddress: {
                cityName: destination.city,
                postalCode: destination.postalCode,
                provinceCode: destination.region,
                countryCode: destination.countryCode,
            },
            serviceArea: [{ code: destination.facility, facilityCode: `${destination.facility}HUB`, inboundSortCode: `${destination.facility}-I2` }],
        },
        totalWeight: shipment.totalWeightKg,
        unitOfMeasurements: 'metric',
        numberOfPieces: shipment.pieces.length,
        // The seed: "`shipperReferences[]` `value` string, `typeCode` string (`CU` appears)": the caller's order id.
        shipperReferences: [{ value: shipment.orderReference, typeCode: 'CU' }],
    };
    if (progress.estimatedDelivery) {
        answer['estimatedTimeOfDelivery'] = localDateTime(progress.estimatedDelivery, destination.utcOffsetMinutes);
        answer['estimatedTimeOfDeliveryRemark'] = 'By end of day';
    }
    // Oldest first. Date, time and GMT offset are three separate strings the caller recombines into one instant.
    answer['events'] = scans.map((step) => {
        const code = EXPRESS_TYPE_CODES[step.kind];
        const offset = step.place.utcOffsetMinutes;
        return {
            date: localDate(step.at, offset),
            time: localTime(step.at, offset),
            GMTOffset: offsetText(offset),
            typeCode: code.typeCode,
            description: `${code.description}: ${step.place.city.toUpperCase()} - ${step.place.countryCode}`,
            ...(step.kind === 'DELIVERED' ? { signedBy: signer } : {}),
            serviceArea: [{ code: step.place.facility, description: `${step.place.city}-${step.place.countryCode}` }],
        };
    });
    answer['pieces'] = shipment.pieces.map((piece, i) => ({
        number: piece.number,
        typeCode: '2BP',
        shipmentTrackingNumber: found.id,
        trackingNumber: found.pieceIds[i],
        weight: piece.weightKg,
        dimensionalWeight: round1((piece.lengthCm * piece.widthCm * piece.heightCm) / 5000),
        actualWeight: piece.weightKg,
        dimensions: { length: piece.lengthCm, width: piece.widthCm, height: piece.heightCm },
        // The seed lists piece events as `date`, `time`, `typeCode`, `description` only: no GMT offset.
        events: scans.map((step) => {
            const code = EXPRESS_TYPE_CODES[step.kind];
            return {
                date: localDate(step.at, step.place.utcOffsetMinutes),
                time: localTime(step.at, step.place.utcOffsetMinutes),
                typeCode: code.typeCode,
                description: code.description,
            };
        }),
    }));
    return answer;
}
