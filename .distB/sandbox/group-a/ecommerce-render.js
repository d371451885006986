import { shipmentProgress } from '../data/shipment.js';
import { isoWithOffset } from '../data/time.js';
/** Event codes of assumption E2, one per step. */
const ECOMMERCE_EVENTS = {
    LABEL_CREATED: { eventCode: 'LABEL_CREATED', description: 'Shipping label created' },
    MANIFESTED: { eventCode: 'MANIFESTED', description: 'Package manifested and tendered' },
    PICKED_UP: { eventCode: 'PICKED_UP', description: 'Package picked up' },
    DEPARTED_ORIGIN: { eventCode: 'PROCESSED', description: 'Processed at origin facility' },
    ARRIVED_HUB: { eventCode: 'PROCESSED', description: 'Processed at sort facility' },
    WEATHER_DELAY: { eventCode: 'EXCEPTION', description: 'Delayed by adverse weather' },
    DEPARTED_HUB: { eventCode: 'IN_TRANSIT', description: 'In transit to the delivery facility' },
    ARRIVED_DESTINATION: { eventCode: 'PROCESSED', description: 'Processed at delivery facility' },
    OUT_FOR_DELIVERY: { eventCode: 'OUT_FOR_DELIVERY', description: 'Out for delivery' },
    DELIVERY_ATTEMPT_FAILED: { eventCode: 'DELIVERY_ATTEMPTED', description: 'Delivery attempted: no access to delivery location' },
    DELIVERED: { eventCode: 'DELIVERED', description: 'Delivered' },
    RETURN_TO_SENDER: { eventCode: 'IN_TRANSIT', description: 'Returning to sender' },
    RETURNED: { eventCode: 'RETURNED', description: 'Returned to sender' },
};
/**
 * One `packages[]` member of assumption E2: `packageId`, `carrierPackageId`, `trackingId` and `events`, newest
 * first, each dated ISO 8601 with offset.
 */
export function renderEcommercePackage(found, now) {
    const ids = found.ecommerce;
    if (!ids)
        throw new Error(`${found.id} is not an e-commerce package`);
    const { visible } = shipmentProgress(found.shipment, now);
    return {
        packageId: ids.packageId,
        carrierPackageId: ids.carrierPackageId,
        trackingId: ids.trackingId,
        events: visible.toReversed().map((step) => ({
            date: isoWithOffset(step.at, step.place.utcOffsetMinutes),
            ...ECOMMERCE_EVENTS[step.kind],
            location: { city: step.place.city, state: step.place.region, postalCode: step.place.postalCode, country: step.place.countryCode },
        })),
    };
}
