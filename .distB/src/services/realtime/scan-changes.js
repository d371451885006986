import { scanDedupKey } from '../../domain/status-change.js';
/** The changes a poll saw, oldest first, so the log's cursor follows the carrier's order. */
export function scanChangesOf(shipment, knownReferences) {
    const references = shipment.references.length > 0 ? shipment.references : [...knownReferences];
    const events = shipment.events && shipment.events.length > 0 ? [...shipment.events].reverse() : [latestStatusAsEvent(shipment)];
    return events.map((event) => ({
        shipmentId: shipment.id,
        carrier: shipment.carrier,
        division: shipment.division,
        trackingNumber: shipment.trackingNumber,
        status: event.status,
        time: event.time,
        description: event.description,
        location: event.location,
        source: 'POLL',
        dedupKey: scanDedupKey(shipment.trackingNumber, scanDate(event.time), scanEventType(event), event.location?.id ?? null),
        references,
    }));
}
/**
 * `scanEvents[].date` as the mapping read it (an instant keeps the carrier's offset; only a `+0530` style offset gains
 * its colon, which maps one written date to one key all the same).
 */
function scanDate(time) {
    return time?.instant ?? time?.localDateTime ?? '';
}
/** `eventType` exactly as sent where the connector keeps it (Carrier B); otherwise the carrier's own status code. */
function scanEventType(event) {
    return event.nativeEventType ?? event.status.nativeCode ?? event.status.status;
}
/** A carrier that answered without events (latest status only) still shows a change when that status moves. */
function latestStatusAsEvent(shipment) {
    return {
        time: shipment.statusTime,
        status: shipment.status,
        description: shipment.statusDescription,
        exceptionCode: null,
        exceptionDescription: null,
        location: shipment.statusLocation,
        pieceIds: [],
        signedBy: null,
        remark: null,
        nextSteps: null,
    };
}
