import { formatShipmentId } from '../../../domain/ids.js';
import type {
  DeliveryWindow,
  Dimensions,
  Location,
  Measure,
  Party,
  PartyAddress,
  Piece,
  ProofOfDelivery,
  Shipment,
  ShipmentReference,
  TrackingEvent,
} from '../../../domain/shipment.js';
import { carrierTimeFromIso, sortKeyOf } from '../../../domain/time.js';
import { partyAddress } from '../shared.js';
import { unifiedStatusReading } from './units.js';
import type { UnifiedAddress, UnifiedDetails, UnifiedEvent, UnifiedPerson, UnifiedShipment, UnifiedStatus } from './wire.js';

/**
 * Unified tracking answer -> domain. Timestamps are "ISO 8601 local date-time without offset": they stay local
 * date-times (never a guessed zone). Masked members stay null with the `@policy` marker exposed.
 */
export function mapUnifiedShipment(wire: UnifiedShipment): Shipment {
  const division = wire.service ?? null;
  const details = wire.details ?? null;
  const status = unifiedStatusReading(wire.status?.statusCode, wire.status?.status, wire.returnFlag);
  const statusTime = carrierTimeFromIso(wire.status?.timestamp);
  const events = (wire.events ?? []).map((event) => mapEvent(event, wire.returnFlag));
  // Events newest first (domain rule); the seed does not state the order it sends them in.
  events.sort((a, b) => sortKeyOf(b.time) - sortKeyOf(a.time));
  const pieceIds = details?.pieceIds ?? [];
  return {
    id: formatShipmentId({ carrier: 'GROUP_A', division, trackingNumber: wire.id, carrierUniqueId: null }),
    carrier: 'GROUP_A',
    division,
    source: 'group-a/tracking',
    trackingNumber: wire.id,
    carrierUniqueId: null,
    carrierCode: null,
    status,
    statusTime,
    statusDescription: wire.status?.description ?? null,
    statusLocation: location(wire.status),
    service: details?.product
      ? { code: details.product.productCode ?? null, name: details.product.productName ?? null }
      : null,
    origin: placeParty(wire.origin?.address),
    destination: placeParty(wire.destination?.address),
    shipper: person(details?.sender),
    recipient: person(details?.receiver),
    pickedUpAt: carrierTimeFromIso(wire.pickUpDate),
    shippedAt: null,
    deliveredAt:
      status.status === 'DELIVERED' ? (statusTime ?? carrierTimeFromIso(details?.proofOfDelivery?.timestamp)) : null,
    estimatedDelivery: deliveryWindow(wire),
    delay: null,
    isReturn: wire.returnFlag ?? null,
    pieceCount: details?.totalNumberOfPieces ?? (pieceIds.length > 0 ? pieceIds.length : null),
    totalWeight: measure(details?.weight),
    pieces: pieces(pieceIds, details, events),
    events,
    proofOfDelivery: proofOfDelivery(details),
    references: references(details),
    documentsAvailable: [],
    declaredValue: null,
    deliveryAttempts: null,
    serviceUrl: wire.serviceUrl ?? null,
    rerouteUrl: wire.rerouteUrl ?? null,
    warnings: [],
  };
}

export function mapUnifiedAddress(wire: UnifiedAddress | null | undefined): PartyAddress | null {
  if (!wire) return null;
  return partyAddress({
    policy: wire['@policy'] ?? null,
    // A missing street line means "not entitled", not "empty": it stays null.
    streetLines: wire.streetAddress ? [wire.streetAddress] : null,
    locality: wire.addressLocality ?? null,
    region: wire.addressRegion ?? null,
    postalCode: wire.postalCode ?? null,
    countryCode: wire.countryCode ?? null,
  });
}

function placeParty(wire: UnifiedAddress | null | undefined): Party | null {
  const address = mapUnifiedAddress(wire);
  if (!address) return null;
  return { name: null, organizationName: null, policy: address.policy, address };
}

/** Sender (`Organization`) or receiver (`Person`); a masked name stays null, its own `@policy` is exposed. */
function person(wire: UnifiedPerson | null | undefined): Party | null {
  if (!wire) return null;
  const personal = [wire.givenName, wire.familyName].filter((part): part is string => !!part).join(' ');
  return {
    name: wire.name ?? (personal === '' ? null : personal),
    organizationName: wire.organizationName ?? null,
    policy: wire['@policy'] ?? null,
    address: null,
  };
}

function location(wire: UnifiedStatus | null | undefined): Location | null {
  const address = mapUnifiedAddress(wire?.location?.address);
  return address ? { id: null, type: null, description: null, address } : null;
}

/** `returnFlag` is the shipment's: a return movement's `delivered` scan is its arrival back at the shipper. */
function mapEvent(wire: UnifiedEvent, returnFlag: boolean | null | undefined): TrackingEvent {
  return {
    time: carrierTimeFromIso(wire.timestamp),
    status: unifiedStatusReading(wire.statusCode, wire.status, returnFlag),
    description: wire.description ?? null,
    // "failure: the only exception signal; free-text description, no reason code": no code is invented.
    exceptionCode: null,
    exceptionDescription: null,
    location: location(wire),
    pieceIds: wire.pieceIds ?? [],
    signedBy: null,
    remark: wire.remark ?? null,
    nextSteps: wire.nextSteps ?? null,
  };
}

function measure(wire: { value: number; unitText?: string | null | undefined } | null | undefined): Measure | null {
  return wire ? { value: wire.value, unit: wire.unitText ?? '' } : null;
}

function dimensions(details: UnifiedDetails | null): Dimensions | null {
  const wire = details?.dimensions;
  if (!wire) return null;
  return { length: measure(wire.length), width: measure(wire.width), height: measure(wire.height) };
}

/**
 * One Piece per `pieceIds` entry, with the events that name it. The domain Shipment has no dimensions of its own, so
 * `details.dimensions` is attached to the piece only when the shipment has exactly one piece (then they are its).
 */
function pieces(pieceIds: string[], details: UnifiedDetails | null, events: TrackingEvent[]): Piece[] {
  const single = pieceIds.length === 1;
  return pieceIds.map((id) => ({
    id,
    trackingNumber: id,
    sequenceNumber: null,
    typeCode: null,
    weight: single ? measure(details?.weight) : null,
    dimensions: single ? dimensions(details) : null,
    events: events.filter((event) => event.pieceIds.includes(id)),
  }));
}

function proofOfDelivery(details: UnifiedDetails | null): ProofOfDelivery | null {
  const wire = details?.proofOfDelivery;
  const signedAvailable = details?.proofOfDeliverySignedAvailable ?? null;
  if (!wire && signedAvailable === null) return null;
  return {
    time: carrierTimeFromIso(wire?.timestamp),
    signedBy: null,
    receivedBy: null,
    documentUrl: wire?.documentUrl ?? null,
    signatureUrl: wire?.signatureUrl ?? null,
    signedAvailable,
  };
}

function references(details: UnifiedDetails | null): ShipmentReference[] {
  return (details?.references ?? []).map((ref) => ({
    type: ref.type,
    value: String(ref.number),
    scope: ref['@scope'] ?? null,
  }));
}

/** `estimatedDeliveryTimeFrame` is the window; a lone `estimatedTimeOfDelivery` is a window of one moment. */
function deliveryWindow(wire: UnifiedShipment): DeliveryWindow | null {
  const frame = wire.estimatedDeliveryTimeFrame;
  const eta = carrierTimeFromIso(wire.estimatedTimeOfDelivery);
  const from = carrierTimeFromIso(frame?.estimatedFrom) ?? eta;
  const to = carrierTimeFromIso(frame?.estimatedThrough) ?? eta;
  const remark = wire.estimatedTimeOfDeliveryRemark ?? null;
  if (!from && !to && remark === null) return null;
  return { from, to, remark };
}
