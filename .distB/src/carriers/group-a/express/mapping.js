import { formatShipmentId } from '../../../domain/ids.js';
import { carrierTimeFromIso, sortKeyOf } from '../../../domain/time.js';
import { partyAddress } from '../shared.js';
import { expressEventStatus, expressShipmentStatus } from './units.js';
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const OFFSET_RE = /^(?:GMT|UTC)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;
/**
 * "`date` (YYYY-MM-DD), `time` (HH:MM:SS), `GMTOffset` (+HH:MM), three separate strings that the caller recombines
 * into one instant". Without a readable offset the result is a local date-time: a zone is never guessed.
 */
export function recombineExpressEventTime(date, time, gmtOffset) {
    const day = date.trim();
    if (!DATE_RE.test(day))
        return null;
    const clock = time?.trim() ?? '';
    if (!TIME_RE.test(clock))
        return carrierTimeFromIso(day);
    const local = `${day}T${clock.length === 5 ? `${clock}:00` : clock}`;
    const offset = readGmtOffset(gmtOffset);
    if (offset !== null && !Number.isNaN(Date.parse(`${local}${offset}`)))
        return { instant: `${local}${offset}`, localDateTime: null };
    return { instant: null, localDateTime: local };
}
/** `+05:30`, `+0530`, `+5`, `GMT+05:30`, `Z` -> `+05:30` / `+00:00`; null when absent or unreadable. */
function readGmtOffset(value) {
    const raw = value?.trim();
    if (!raw)
        return null;
    if (/^z$/i.test(raw))
        return '+00:00';
    const match = OFFSET_RE.exec(raw);
    if (!match)
        return null;
    const [, sign, hours = '', minutes = '00'] = match;
    if (Number(hours) > 14 || Number(minutes) > 59)
        return null;
    return `${sign}${hours.padStart(2, '0')}:${minutes}`;
}
/** `warnings[]` of the answer and of the shipment; soft failures are returned, never dropped. */
export function mapExpressWarnings(values) {
    return values.flatMap((value) => {
        if (typeof value === 'string')
            return value.trim() ? [{ code: null, message: value, type: null }] : [];
        if (typeof value !== 'object' || value === null)
            return [];
        const record = value;
        const pick = (...keys) => {
            for (const key of keys)
                if (typeof record[key] === 'string' || typeof record[key] === 'number')
                    return String(record[key]);
            return null;
        };
        const message = pick('message', 'detail', 'title', 'description') ?? JSON.stringify(value);
        return [{ code: pick('code', 'typeCode'), message, type: pick('type') }];
    });
}
export function mapExpressShipment(wire, answerWarnings = []) {
    const trackingNumber = wire.shipmentTrackingNumber;
    const units = measureUnits(wire.unitOfMeasurements);
    const events = (wire.events ?? []).map((event) => mapEvent(event, event.GMTOffset));
    events.sort((a, b) => sortKeyOf(b.time) - sortKeyOf(a.time));
    const latest = events[0] ?? null;
    const status = expressShipmentStatus(wire.status, latest?.status ?? null);
    const delivered = events.find((event) => event.status.status === 'DELIVERED') ?? null;
    const shipper = party(wire.shipperDetails);
    const recipient = party(wire.receiverDetails);
    return {
        id: formatShipmentId({ carrier: 'GROUP_A', division: 'express', trackingNumber, carrierUniqueId: null }),
        carrier: 'GROUP_A',
        division: 'express',
        source: 'group-a/express',
        trackingNumber,
        carrierUniqueId: null,
        carrierCode: null,
        status,
        statusTime: latest?.time ?? null,
        statusDescription: latest?.description ?? null,
        statusLocation: latest?.location ?? null,
        service: wire.productCode ? { code: wire.productCode, name: null } : null,
        origin: shipper ? { ...shipper, name: null } : null,
        destination: recipient ? { ...recipient, name: null } : null,
        shipper,
        recipient,
        pickedUpAt: null,
        shippedAt: carrierTimeFromIso(wire.shipmentTimestamp),
        deliveredAt: status.status === 'DELIVERED' ? (delivered?.time ?? null) : null,
        estimatedDelivery: wire.estimatedTimeOfDelivery || wire.estimatedTimeOfDeliveryRemark
            ? {
                from: carrierTimeFromIso(wire.estimatedTimeOfDelivery),
                to: carrierTimeFromIso(wire.estimatedTimeOfDelivery),
                remark: wire.estimatedTimeOfDeliveryRemark ?? null,
            }
            : null,
        delay: null,
        isReturn: expressIsReturn(wire.status, events),
        pieceCount: wire.numberOfPieces ?? null,
        totalWeight: typeof wire.totalWeight === 'number' ? { value: wire.totalWeight, unit: units.weight } : null,
        pieces: (wire.pieces ?? []).map((piece) => mapPiece(piece, wire.events ?? [], units)),
        events,
        proofOfDelivery: delivered?.signedBy
            ? { time: delivered.time, signedBy: delivered.signedBy, receivedBy: null, documentUrl: null, signatureUrl: null, signedAvailable: null }
            : null,
        references: references(wire),
        documentsAvailable: [],
        declaredValue: null,
        deliveryAttempts: null,
        serviceUrl: null,
        rerouteUrl: null,
        warnings: mapExpressWarnings([...answerWarnings, ...(wire.warnings ?? [])]),
    };
}
/**
 * Whether the shipment is a return movement (assumption X6): the shipment `status` `returned` (D9) or an `RT` scan
 * (X3, returned to the shipper) says it is; any other `status` the carrier gives says it is not; no status and no `RT`
 * scan says nothing (null).
 */
function expressIsReturn(status, events) {
    if (status?.trim().toLowerCase() === 'returned' || events.some((event) => event.status.status === 'RETURNED'))
        return true;
    return status && status.trim() !== '' ? false : null;
}
/** `unitOfMeasurements` "value `metric` appears": metric is kg and cm, imperial lb and in; anything else kept as is. */
function measureUnits(system) {
    const value = system?.toLowerCase();
    if (value === 'metric')
        return { weight: 'kg', length: 'cm' };
    if (value === 'imperial')
        return { weight: 'lb', length: 'in' };
    return { weight: system ?? '', length: system ?? '' };
}
/**
 * The typeCode is "the only structured exception reason on this interface": it is the event's native code, and its
 * exceptionCode when it reads as an exception.
 */
function mapEvent(wire, gmtOffset) {
    const status = expressEventStatus(wire.typeCode, wire.description);
    const exception = status.status === 'EXCEPTION';
    return {
        time: recombineExpressEventTime(wire.date, wire.time, gmtOffset),
        status,
        description: wire.description ?? null,
        exceptionCode: exception ? (wire.typeCode ?? null) : null,
        exceptionDescription: exception ? (wire.description ?? null) : null,
        location: serviceAreaLocation(wire.serviceArea?.[0]),
        pieceIds: [],
        signedBy: wire.signedBy ?? null,
        remark: null,
        nextSteps: null,
    };
}
/**
 * Piece events carry no GMTOffset in the seed (assumption X4): a piece event takes the offset of the shipment event
 * with the same date, time and typeCode (the same scan reported at both levels, so the same place); without such a
 * match it stays a local date-time.
 */
function mapPiece(wire, shipmentEvents, units) {
    const id = wire.trackingNumber ?? `${wire.shipmentTrackingNumber ?? ''}#${wire.number ?? ''}`;
    const events = (wire.events ?? []).map((event) => {
        const twin = shipmentEvents.find((s) => s.date === event.date && s.time === event.time && s.typeCode === event.typeCode);
        return { ...mapEvent(event, event.GMTOffset ?? twin?.GMTOffset), pieceIds: [id] };
    });
    events.sort((a, b) => sortKeyOf(b.time) - sortKeyOf(a.time));
    const weight = wire.actualWeight ?? wire.weight;
    const length = (value) => typeof value === 'number' ? { value, unit: units.length } : null;
    return {
        id,
        trackingNumber: wire.trackingNumber ?? null,
        sequenceNumber: wire.number ?? null,
        typeCode: wire.typeCode ?? null,
        weight: typeof weight === 'number' ? { value: weight, unit: units.weight } : null,
        dimensions: wire.dimensions
            ? { length: length(wire.dimensions.length), width: length(wire.dimensions.width), height: length(wire.dimensions.height) }
            : null,
        events,
    };
}
function party(wire) {
    if (!wire)
        return null;
    const postal = wire.postalAddress;
    const address = postal
        ? partyAddress({
            policy: null,
            streetLines: null,
            locality: postal.cityName ?? null,
            region: postal.provinceCode ?? null,
            postalCode: postal.postalCode ?? null,
            countryCode: postal.countryCode ?? null,
        })
        : null;
    if (!address && !wire.name)
        return null;
    return { name: wire.name ?? null, organizationName: null, policy: null, address };
}
function serviceAreaLocation(area) {
    if (!area || (!area.code && !area.description))
        return null;
    return { id: area.code ?? null, type: 'service-area', description: area.description ?? null, address: null };
}
/** `shipperReferences[]`: typeCode `CU` is the customer reference (where callers put their order id). */
function references(wire) {
    return (wire.shipperReferences ?? []).map((ref) => ({
        type: ref.typeCode === 'CU' ? 'customer-reference' : (ref.typeCode ?? 'reference'),
        value: ref.value,
        scope: null,
    }));
}
