import { CARRIERS, type Carrier } from './carrier.js';

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
