import type { ShipmentStatus, StatusReading } from '../../../domain/status.js';

/**
 * The unified interface's whole status vocabulary (seed 000: "This is the whole vocabulary; finer detail exists only
 * as free text"). Nothing finer is derived from the free text.
 */
export const UNIFIED_STATUS_CODES: Readonly<Record<string, ShipmentStatus>> = {
  'pre-transit': 'PRE_TRANSIT',
  transit: 'IN_TRANSIT',
  delivered: 'DELIVERED',
  failure: 'EXCEPTION', // "the only exception signal; free-text description, no reason code"
  unknown: 'UNKNOWN',
};

/**
 * `returnFlag` ("true for a return movement"): a return movement's `delivered` is its arrival back at the shipper,
 * RETURNED, as the express interface's `RT` and Carrier B's `RS` read, so one shipment answers one status whichever
 * interface is asked. On its way back it stays `transit` (IN_TRANSIT), as the express interface's scans do.
 */
export function unifiedStatusReading(
  statusCode: string | null | undefined,
  text: string | null | undefined,
  returnFlag: boolean | null | undefined = null,
): StatusReading {
  const code = statusCode ?? null;
  const status = (code !== null ? UNIFIED_STATUS_CODES[code] : undefined) ?? 'UNKNOWN';
  return {
    status: status === 'DELIVERED' && returnFlag === true ? 'RETURNED' : status,
    nativeCode: code,
    nativeText: text ?? null,
  };
}
