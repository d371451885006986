import { formatShipmentId } from '../../../domain/ids.js';
import { carrierTimeFromIso, sortKeyOf } from '../../../domain/time.js';
import { partyAddress } from '../shared.js';
import { ecommerceStatusReading } from './units.js';
/** Reference types carrying the e-commerce identifiers ("All three are to be stored"). */
export const ECOMMERCE_REFERENCE_TYPES = {
    packageId: 'package-id',
    carrierPackageId: 'carrier-package-id',
    trackingId: 'tracking-id',
};
/**
 * One e-commerce package -> domain. The tracking number is the id the caller looked up (its own `packageId` or the
 * carrier's `carrierPackageId`); all three identifiers are kept as references.
 */
export function mapEcommercePackage(wire, lookedUp) {
    const events = wire.events.map(mapEvent);
    events.sort((a, b) => sortKeyOf(b.time) - sortKeyOf(a.time));
    const latest = events[0] ?? null;
    const trackingNumber = lookedUp;
    // One package, one id (I1): the carrier's own id, whether the caller looked it up by its packageId or by it.
    const idNumber = wire.carrierPackageId?.trim() || lookedUp;
    const delivered = latest?.status.status === 'DELIVERED';
    return {
        id: formatShipmentId({ carrier: 'GROUP_A', division: 'ecommerce', trackingNumber: idNumber, carrierUniqueId: null }),
        carrier: 'GROUP_A',
        division: 'ecommerce',
        source: 'group-a/ecommerce',
        trackingNumber,
        carrierUniqueId: null,
        carrierCode: null,
        status: latest?.status ?? { status: 'UNKNOWN', nativeCode: null, nativeText: null },
        statusTime: latest?.time ?? null,
        statusDescription: latest?.description ?? null,
        statusLocation: latest?.location ?? null,
        service: null,
        origin: null,
        destination: null,
        shipper: null,
        recipient: null,
        pickedUpAt: events.find((event) => event.status.nativeCode === 'PICKED_UP')?.time ?? null,
        shippedAt: null,
        deliveredAt: delivered ? (latest?.time ?? null) : null,
        estimatedDelivery: null,
        delay: null,
        // E6: a `RETURNED` event says the package went back; the interface also issues return labels, whose tracking
        // answer (E2) carries nothing telling them from outbound packages, so without that event it is not known (null).
        isReturn: events.some((event) => event.status.status === 'RETURNED') ? true : null,
        pieceCount: null,
        totalWeight: null,
        pieces: [],
        events,
        proofOfDelivery: null,
        references: references(wire),
        documentsAvailable: [],
        declaredValue: null,
        deliveryAttempts: null,
        serviceUrl: null,
        rerouteUrl: null,
        warnings: [],
    };
}
function references(wire) {
    const refs = [];
    for (const key of ['packageId', 'carrierPackageId', 'trackingId']) {
        const value = wire[key];
        if (value)
            refs.push({ type: ECOMMERCE_REFERENCE_TYPES[key], value, scope: null });
    }
    return refs;
}
/** Event `date` is "ISO 8601 with offset" (E2): an instant; without an offset it stays a local date-time. */
function mapEvent(wire) {
    const status = ecommerceStatusReading(wire.eventCode, wire.description);
    const exception = status.status === 'EXCEPTION';
    return {
        time: carrierTimeFromIso(wire.date),
        status,
        description: wire.description ?? null,
        exceptionCode: exception ? (wire.eventCode ?? null) : null,
        exceptionDescription: exception ? (wire.description ?? null) : null,
        location: location(wire),
        pieceIds: [],
        signedBy: null,
        remark: null,
        nextSteps: null,
    };
}
function location(wire) {
    const where = wire.location;
    if (!where)
        return null;
    const address = partyAddress({
        policy: null,
        streetLines: null,
        locality: where.city ?? null,
        region: where.state ?? null,
        postalCode: where.postalCode ?? null,
        countryCode: where.country ?? null,
    });
    return address ? { id: null, type: null, description: null, address } : null;
}
