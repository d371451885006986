import type { Carrier } from './carrier.js';
import type { Shipment } from './shipment.js';
import type { UpstreamError } from './errors.js';

/** How an e-commerce package is identified: the caller's `packageId` or the carrier's `carrierPackageId`. */
export type EcommerceIdType = 'PACKAGE_ID' | 'CARRIER_PACKAGE_ID';

/** One tracking lookup, already validated. */
export interface TrackRequest {
  carrier: Carrier;
  trackingNumber: string;
  /** Group A division; null lets the unified interface guess. */
  division: string | null;
  /** Carrier B disambiguation of a reused number. */
  carrierCode: string | null;
  carrierUniqueId: string | null;
  shipDateBegin: string | null;
  shipDateEnd: string | null;
  /** Language for free text (Group A `language`, Carrier B `x-locale`). */
  language: string | null;
  ecommerceIdType: EcommerceIdType | null;
  /** Ask for full scan history (Carrier B includeDetailedScans) only when the query selects events. */
  includeEvents: boolean;
}

/** A lookup by tracking number alone: every optional member of a TrackRequest unset. */
export function lookupByNumber(carrier: Carrier, trackingNumber: string, includeEvents: boolean): TrackRequest {
  return {
    carrier,
    trackingNumber,
    division: null,
    carrierCode: null,
    carrierUniqueId: null,
    shipDateBegin: null,
    shipDateEnd: null,
    language: null,
    ecommerceIdType: null,
    includeEvents,
  };
}

/** One lookup's outcome as data, so one bad number never fails its siblings. An ambiguous number can match several. */
export type TrackOutcome = { ok: true; shipments: Shipment[] } | { ok: false; error: UpstreamError };

export interface ReferenceLookup {
  carrier: Carrier;
  referenceType: string;
  value: string;
  shipDateBegin: string | null;
  shipDateEnd: string | null;
  includeEvents: boolean;
}

/** Stable key of a lookup for batching and coalescing (events flag excluded: a batch asks for scans if any key does). */
export function trackRequestKey(r: TrackRequest): string {
  // A template, not an array joined: the same string, built several times per number on the tracking path (issue 12).
  return `${r.carrier}|${r.division ?? ''}|${r.trackingNumber}|${r.carrierCode ?? ''}|${r.carrierUniqueId ?? ''}|${r.shipDateBegin ?? ''}|${
    r.shipDateEnd ?? ''
  }|${r.language ?? ''}|${r.ecommerceIdType ?? ''}`;
}
