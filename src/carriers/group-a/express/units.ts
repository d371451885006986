import type { ShipmentStatus, StatusReading } from '../../../domain/status.js';

/**
 * Express event `typeCode` -> status (assumption X3). The seed gives only "`OK` means delivered"; the rest follow the
 * carrier family's public scan codes. An unlisted code is UNKNOWN with its native code and text kept.
 */
export const EXPRESS_TYPE_CODES: Readonly<Record<string, ShipmentStatus>> = {
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
export const EXPRESS_SHIPMENT_STATUSES: Readonly<Record<string, ShipmentStatus>> = {
  delivered: 'DELIVERED',
};

/**
 * Shipment-level `status` values read only when there is no event to read (the express network does not scan before
 * pickup): the unified interface's words, so a shipment not yet moving answers PRE_TRANSIT on both interfaces rather
 * than UNKNOWN on this one. With events, their `typeCode` is finer and wins (X2).
 */
const EXPRESS_STATUSES_WITHOUT_EVENTS: Readonly<Record<string, ShipmentStatus>> = {
  'pre-transit': 'PRE_TRANSIT',
  transit: 'IN_TRANSIT',
  failure: 'EXCEPTION',
  returned: 'RETURNED',
};

export function expressEventStatus(typeCode: string | null | undefined, description: string | null | undefined): StatusReading {
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
export function expressShipmentStatus(
  shipmentStatus: string | null | undefined,
  latestEvent: StatusReading | null,
): StatusReading {
  const own = shipmentStatus ? EXPRESS_SHIPMENT_STATUSES[shipmentStatus.toLowerCase()] : undefined;
  const withoutEvents = shipmentStatus ? EXPRESS_STATUSES_WITHOUT_EVENTS[shipmentStatus.toLowerCase()] : undefined;
  return {
    status: own ?? latestEvent?.status ?? withoutEvents ?? 'UNKNOWN',
    nativeCode: shipmentStatus ?? latestEvent?.nativeCode ?? null,
    nativeText: latestEvent?.nativeText ?? null,
  };
}
