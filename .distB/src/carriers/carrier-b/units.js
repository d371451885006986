/**
 * Carrier B status codes -> our status, in one table (assumption B1). The seed names only `PU` (picked up) and says
 * delivered and returned are terminal `derivedCode`s without giving the strings; we follow the carrier family's public
 * codes. The same table reads `latestStatusDetail.code` / `derivedCode` and `scanEvents[].eventType` /
 * `derivedStatusCode`. An unlisted code is UNKNOWN, with the native code and text kept beside it.
 */
export const CARRIER_B_STATUS_CODES = {
    // label created, not yet with the carrier
    OC: 'LABEL_CREATED', // order (shipment information) created
    IN: 'LABEL_CREATED', // initiated
    OX: 'LABEL_CREATED', // shipment information sent to the postal partner
    // the carrier is on its way to collect
    DS: 'PRE_TRANSIT', // vehicle dispatched
    EP: 'PRE_TRANSIT', // en route to pickup
    AP: 'PRE_TRANSIT', // at pickup
    // with the carrier, moving
    PU: 'IN_TRANSIT', // picked up (the seed's own example)
    PX: 'IN_TRANSIT', // picked up, see details
    IT: 'IN_TRANSIT', // in transit
    IX: 'IN_TRANSIT', // in transit, see details
    AR: 'IN_TRANSIT', // arrived at a facility
    DP: 'IN_TRANSIT', // departed a facility
    AF: 'IN_TRANSIT', // at a carrier facility
    OF: 'IN_TRANSIT', // at the origin facility
    FD: 'IN_TRANSIT', // at the destination facility
    SF: 'IN_TRANSIT', // at a sort facility
    AA: 'IN_TRANSIT', // at airport
    EA: 'IN_TRANSIT', // en route to airport
    EO: 'IN_TRANSIT', // en route to origin airport
    LO: 'IN_TRANSIT', // left origin
    PF: 'IN_TRANSIT', // plane in flight
    PL: 'IN_TRANSIT', // plane landed
    PM: 'IN_TRANSIT', // in progress
    TR: 'IN_TRANSIT', // transfer
    CC: 'IN_TRANSIT', // cleared customs
    CP: 'IN_TRANSIT', // clearance in progress
    CH: 'IN_TRANSIT', // location changed
    SP: 'IN_TRANSIT', // split status (multi-piece)
    // last mile
    OD: 'OUT_FOR_DELIVERY', // on vehicle for delivery
    ED: 'OUT_FOR_DELIVERY', // en route to delivery
    AD: 'OUT_FOR_DELIVERY', // at delivery
    // terminal (B1: `DL` delivered, `RS` returned to shipper)
    DL: 'DELIVERED',
    RS: 'RETURNED',
    CA: 'CANCELLED',
    // a delivery was tried and did not happen
    DE: 'DELIVERY_ATTEMPTED', // delivery exception (recipient absent, business closed, ...)
    // exceptions: held, delayed, refused
    SE: 'EXCEPTION', // shipment exception
    HL: 'EXCEPTION', // hold at location
    HP: 'EXCEPTION', // held for pickup
    DY: 'EXCEPTION', // delay
    DD: 'EXCEPTION', // delivery delay
    PD: 'EXCEPTION', // pickup delay
    CD: 'EXCEPTION', // clearance delay
};
/**
 * Reads a status from the codes a carrier gave, most authoritative first (e.g. `derivedCode` then `code`). The first
 * code the table knows decides; when none is known the status is UNKNOWN and the first code given is kept.
 */
export function readCarrierBStatus(codes, text) {
    // One loop, no intermediate arrays: read once per number and once per scan event (issue 12 item 2).
    let first = null;
    for (const code of codes) {
        if (typeof code !== 'string')
            continue;
        const trimmed = code.trim();
        if (trimmed === '')
            continue;
        first ??= trimmed;
        const status = CARRIER_B_STATUS_CODES[trimmed.toUpperCase()];
        if (status !== undefined)
            return { status, nativeCode: trimmed, nativeText: text ?? null };
    }
    return { status: 'UNKNOWN', nativeCode: first, nativeText: text ?? null };
}
/** `delayDetail.status` values: "`ON_TIME`, `EARLY`, `DELAYED`". Anything else is not guessed at. */
const DELAY_STATUSES = {
    ON_TIME: 'ON_TIME',
    EARLY: 'EARLY',
    DELAYED: 'DELAYED',
};
export function readDelayStatus(value) {
    return value ? (DELAY_STATUSES[value.trim().toUpperCase()] ?? null) : null;
}
/** A track result's `error.code` that means "no such number" (e.g. `TRACKING.TRACKINGNUMBER.NOTFOUND`). */
export function isNotFoundCode(code) {
    return !!code && /NOT\.?FOUND/i.test(code);
}
