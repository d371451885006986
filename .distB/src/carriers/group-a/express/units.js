/**
 * Express event `typeCode` -> status (assumption X3). The seed gives only "`OK` means delivered"; the rest follow the
 * carrier family's public scan codes. An unlisted code is UNKNOWN with its native code and text kept.
 */
export const EXPRESS_TYPE_CODES = {
    OK: 'DELIVERED',
    PU: 'IN_TRANSIT',
    PL: 'IN_TRANSIT',
    AF: 'IN_TRANSIT',
    DF: 'IN_TRANSIT',
    AR: 'IN_TRANSIT',
    TR: 'IN_TRANSIT',
    WC: 'OUT_FOR_DELIVERY',
    CC: 'EXCEPTION',
    BA: 'EXCEPTION',
    NH: 'EXCEPTION',
    CA: 'EXCEPTION',
    MD: 'EXCEPTION',
    OH: 'EXCEPTION',
    HP: 'EXCEPTION',
    SA: 'EXCEPTION',
    RT: 'RETURNED',
};
/** Shipment-level `status` values the seed shows ("the value `delivered` appears"; the rest: assumption X2). */
export const EXPRESS_SHIPMENT_STATUSES = {
    delivered: 'DELIVERED',
};
export function expressEventStatus(typeCode, description) {
    const code = typeCode ?? null;
    return {
        status: (code !== null ? EXPRESS_TYPE_CODES[code.toUpperCase()] : undefined) ?? 'UNKNOWN',
        nativeCode: code,
        nativeText: description ?? null,
    };
}
/**
 * The shipment's status: its own `status` when it is one we know, otherwise normalised from the latest event's
 * `typeCode` (X2). The native code is always the shipment's own `status` when given.
 */
export function expressShipmentStatus(shipmentStatus, latestEvent) {
    const own = shipmentStatus ? EXPRESS_SHIPMENT_STATUSES[shipmentStatus.toLowerCase()] : undefined;
    return {
        status: own ?? latestEvent?.status ?? 'UNKNOWN',
        nativeCode: shipmentStatus ?? latestEvent?.nativeCode ?? null,
        nativeText: latestEvent?.nativeText ?? null,
    };
}
