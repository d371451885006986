/**
 * Every id this subgraph hands out, and how each is read back (docs/assumptions.md S2, I1-I4). One shipment has one id
 * everywhere: tracking answers, watches, status changes and `_entities` all use `formatShipmentId` with the carrier's
 * own identity of the shipment (Carrier B's `trackingNumberUniqueId`, e-commerce's `carrierPackageId`).
 */
import { CARRIERS, type Carrier } from './carrier.js';
import { InputError } from './errors.js';
import { checkText } from './text-bounds.js';

/** The parts of a Shipment id (docs/assumptions.md S2). */
export interface ShipmentIdParts {
  carrier: Carrier;
  division: string | null;
  trackingNumber: string;
  carrierUniqueId: string | null;
}

export function formatShipmentId(parts: ShipmentIdParts): string {
  const base = `${parts.carrier}:${parts.division ?? '-'}:${parts.trackingNumber}`;
  return parts.carrierUniqueId ? `${base}:${encodeURIComponent(parts.carrierUniqueId)}` : base;
}

/** Parses an id; null when it is not one of ours. */
export function parseShipmentId(id: string): ShipmentIdParts | null {
  const [carrier, division, trackingNumber, uniqueId, ...rest] = id.split(':');
  if (rest.length > 0 || !carrier || !division || !trackingNumber) return null;
  if (!(CARRIERS as readonly string[]).includes(carrier)) return null;
  let carrierUniqueId: string | null = null;
  if (uniqueId) {
    try {
      carrierUniqueId = decodeURIComponent(uniqueId);
    } catch {
      return null;
    }
  }
  return { carrier: carrier as Carrier, division: division === '-' ? null : division, trackingNumber, carrierUniqueId };
}

/**
 * A shipment id as a client gave it: bounded visible ASCII (so a NUL byte or a 10 KB string never reaches the store or
 * a carrier), then one of ours. An InputError on `field` otherwise.
 */
export function checkShipmentId(value: string | null | undefined, field: string): { id: string; parts: ShipmentIdParts } {
  const id = checkText(value, field, 'id');
  const parts = parseShipmentId(id);
  if (!parts) throw new InputError(field, 'is not a shipment id of this subgraph (expected <CARRIER>:<division or ->:<number>[:<unique id>])');
  return { id, parts };
}

/** What a shipment in an answer is identified by, for `idNamesShipment`. */
export interface IdentifiedShipment {
  id: string;
  carrier: Carrier;
  trackingNumber: string;
  carrierUniqueId: string | null;
}

/**
 * Whether `parts` (read from an id a client gave) names `shipment`: its canonical id, or the short Carrier B form
 * without the unique id (`CARRIER_B:-:<number>`, what watches answered before ids were canonical), which names every
 * shipment of that number; the caller refuses it when that is more than one.
 */
export function idNamesShipment(id: string, parts: ShipmentIdParts, shipment: IdentifiedShipment): boolean {
  if (shipment.id === id) return true;
  return (
    parts.carrierUniqueId === null &&
    parts.carrier === 'CARRIER_B' &&
    shipment.carrier === 'CARRIER_B' &&
    shipment.trackingNumber === parts.trackingNumber
  );
}

const STATUS_CHANGE_PREFIX = 'StatusChange:';
const WATCH_PREFIX = 'ShipmentWatch:';
const SERIAL = /^[1-9][0-9]{0,17}$/;

/** A status change's id: its position in the log, which never changes (docs/assumptions.md I3). */
export function formatStatusChangeId(cursor: string): string {
  return `${STATUS_CHANGE_PREFIX}${cursor}`;
}

export function statusChangeIdOf(change: { cursor: string }): string {
  return formatStatusChangeId(change.cursor);
}

/** The log cursor of a status change id; an InputError on `field` when it is not one. */
export function checkStatusChangeId(value: string | null | undefined, field: string): string {
  const id = checkText(value, field, 'id');
  const cursor = id.startsWith(STATUS_CHANGE_PREFIX) ? id.slice(STATUS_CHANGE_PREFIX.length) : '';
  if (!SERIAL.test(cursor)) throw new InputError(field, 'is not a status change id of this subgraph (expected StatusChange:<n>)');
  return cursor;
}

/** A watch's id: the watch row's own number, kept when the watched shipment's id is corrected (docs/assumptions.md I2). */
export function formatWatchId(serial: string | number): string {
  return `${WATCH_PREFIX}${serial}`;
}

/** The serial of a watch id; an InputError on `field` when it is not one. */
export function checkWatchId(value: string | null | undefined, field: string): string {
  const id = checkText(value, field, 'id');
  const serial = id.startsWith(WATCH_PREFIX) ? id.slice(WATCH_PREFIX.length) : '';
  if (!SERIAL.test(serial)) throw new InputError(field, 'is not a watch id of this subgraph (expected ShipmentWatch:<n>)');
  return serial;
}

/**
 * Ids follow one form, `<Type>:<key>` (docs/assumptions.md ID3). Push subscriptions and documents were stored with
 * `push_` and `doc_` ids before: the store keeps them (signed document URLs name them), the API answers the
 * `<Type>:` form and reads both.
 */
const STORED_PREFIX = { PushSubscription: 'push_', Document: 'doc_' } as const;

export type RenamedIdType = keyof typeof STORED_PREFIX;

/** The API's id of a stored `push_...` or `doc_...` row id. */
export function formatStoredId(type: RenamedIdType, rowId: string): string {
  const stored = STORED_PREFIX[type];
  return `${type}:${rowId.startsWith(stored) ? rowId.slice(stored.length) : rowId}`;
}

/** The stored row id of an id a client gave in either form (`PushSubscription:<key>` or `push_<key>`); others unchanged. */
export function storedIdOf(type: RenamedIdType, id: string): string {
  return id.startsWith(`${type}:`) ? `${STORED_PREFIX[type]}${id.slice(type.length + 1)}` : id;
}
