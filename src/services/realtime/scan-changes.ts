/**
 * A polled shipment -> the status changes to record. Each poll returns "the entire scan history", so every scan is
 * offered to the log each time and the log keeps one per the seed's key (seed 001: "de-duplicated on the tuple of
 * tracking number, `scanEvents[].date`, `eventType` and `locationId`").
 */
import type { Shipment, ShipmentReference, TrackingEvent } from '../../domain/shipment.js';
import { scanDedupKey, type StatusChangeInput } from '../../domain/status-change.js';
import type { CarrierTime } from '../../domain/time.js';

/** The changes a poll saw, oldest first, so the log's cursor follows the carrier's order. */
export function scanChangesOf(shipment: Shipment, knownReferences: readonly ShipmentReference[]): StatusChangeInput[] {
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
    source: 'POLL' as const,
    dedupKey: scanDedupKey(shipment.trackingNumber, scanDate(event.time), scanEventType(event), event.location?.id ?? null),
    references,
  }));
}

/**
 * `scanEvents[].date` as the mapping read it (an instant keeps the carrier's offset; only a `+0530` style offset gains
 * its colon, which maps one written date to one key all the same).
 */
function scanDate(time: CarrierTime | null): string {
  return time?.instant ?? time?.localDateTime ?? '';
}

/** `eventType` exactly as sent where the connector keeps it (Carrier B); otherwise the carrier's own status code. */
function scanEventType(event: TrackingEvent): string {
  return event.nativeEventType ?? event.status.nativeCode ?? event.status.status;
}

/** A carrier that answered without events (latest status only) still shows a change when that status moves. */
function latestStatusAsEvent(shipment: Shipment): TrackingEvent {
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
