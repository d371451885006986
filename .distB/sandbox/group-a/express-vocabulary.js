/**
 * Express event `typeCode`s per assumption X3: `OK` delivered (the seed: "`OK` means delivered"), `PU` picked up,
 * `PL`/`AF`/`DF`/`AR` in transit (`TR` on the way back to the shipper), `WC` out for delivery (with courier), `OH`/`NH`
 * exceptions, `RT` returned to the shipper.
 * The express network does not scan before pickup, so label steps have no code here.
 */
export const EXPRESS_TYPE_CODES = {
    PICKED_UP: { typeCode: 'PU', description: 'Shipment picked up' },
    DEPARTED_ORIGIN: { typeCode: 'PL', description: 'Processed at origin facility' },
    ARRIVED_HUB: { typeCode: 'AF', description: 'Arrived at sort facility' },
    WEATHER_DELAY: { typeCode: 'OH', description: 'Shipment on hold: adverse weather conditions (snow)' },
    DEPARTED_HUB: { typeCode: 'DF', description: 'Departed facility' },
    ARRIVED_DESTINATION: { typeCode: 'AR', description: 'Arrived at delivery facility' },
    OUT_FOR_DELIVERY: { typeCode: 'WC', description: 'With delivery courier' },
    DELIVERY_ATTEMPT_FAILED: { typeCode: 'NH', description: 'Delivery attempted; recipient not home' },
    DELIVERED: { typeCode: 'OK', description: 'Delivered' },
    // The way back is a movement like any other (as on the unified, e-commerce and Carrier B simulators); only its
    // arrival at the shipper is RT, so a watcher does not stop at the first return scan.
    RETURN_TO_SENDER: { typeCode: 'TR', description: 'Returning to shipper' },
    RETURNED: { typeCode: 'RT', description: 'Returned shipment delivered to shipper' },
};
/**
 * Shipment-level `status` (assumption X2 only fixes `delivered`): the sandbox writes `pre-transit`, `transit`,
 * `delivered`, `failure` or `returned` from the latest step.
 */
export function expressShipmentStatus(kind) {
    switch (kind) {
        case undefined:
        case 'LABEL_CREATED':
        case 'MANIFESTED':
            return 'pre-transit';
        case 'DELIVERED':
            return 'delivered';
        case 'WEATHER_DELAY':
        case 'DELIVERY_ATTEMPT_FAILED':
            return 'failure';
        case 'RETURN_TO_SENDER':
        case 'RETURNED':
            return 'returned';
        default:
            return 'transit';
    }
}
