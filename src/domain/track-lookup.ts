import { CARRIERS, type Carrier } from './carrier.js';
import { InputError } from './errors.js';
import { checkOptionalText, checkText } from './text-bounds.js';
import type { EcommerceIdType, TrackRequest } from './tracking.js';

/**
 * A tracking lookup as it is named, before it is checked: by a client (GraphQL `TrackInput`, `watchShipment`, an
 * `_entities` reference), by a shipment id's parts, or by a label followed after its purchase. One rule for all of them.
 */
export interface TrackLookup {
  carrier: string;
  trackingNumber: string;
  division?: string | null;
  carrierCode?: string | null;
  carrierUniqueId?: string | null;
  shipDateBegin?: string | null;
  shipDateEnd?: string | null;
  language?: string | null;
  ecommerceIdType?: EcommerceIdType | null;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks one lookup before any upstream call or write. Every problem is an InputError naming the field's path, e.g.
 * `inputs.3.trackingNumber`; every string is held to its rule in src/domain/text-bounds.ts (length, characters) before
 * anything else looks at it, so a 10 KB or NUL-bearing value is refused, never sent upstream, stored or echoed.
 */
export function checkTrackLookup(
  raw: TrackLookup,
  path: string,
  divisions: readonly string[],
  /** The carriers a module tracks (the registry's `tracking.carriers`). */
  trackingCarriers: ReadonlySet<Carrier>,
): TrackRequest {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  if (!(CARRIERS as readonly string[]).includes(raw.carrier)) {
    throw new InputError(at('carrier'), `unknown carrier ${JSON.stringify(String(raw.carrier).slice(0, 40))}; expected one of ${CARRIERS.join(', ')}`);
  }
  const carrier = raw.carrier as Carrier;
  if (!trackingCarriers.has(carrier)) {
    throw new InputError(at('carrier'), `${carrier} has no tracking interface`);
  }
  const trackingNumber = checkText(raw.trackingNumber, at('trackingNumber'), 'trackingNumber');
  const division = checkOptionalText(raw.division, at('division'), 'division');
  if (division !== null) {
    if (carrier !== 'GROUP_A') throw new InputError(at('division'), 'only Group A has divisions');
    if (!divisions.includes(division)) {
      throw new InputError(at('division'), `unknown Group A division "${division}"; expected one of ${divisions.join(', ')}`);
    }
  }
  const carrierOnly = (field: keyof TrackLookup, only: Carrier) => {
    const value = raw[field];
    if (value !== null && value !== undefined && value !== '' && carrier !== only) {
      throw new InputError(at(field), `applies to ${only} only`);
    }
  };
  carrierOnly('carrierCode', 'CARRIER_B');
  carrierOnly('carrierUniqueId', 'CARRIER_B');
  carrierOnly('shipDateBegin', 'CARRIER_B');
  carrierOnly('shipDateEnd', 'CARRIER_B');
  carrierOnly('ecommerceIdType', 'GROUP_A');
  const carrierCode = checkOptionalText(raw.carrierCode, at('carrierCode'), 'carrierCode');
  const carrierUniqueId = checkOptionalText(raw.carrierUniqueId, at('carrierUniqueId'), 'carrierUniqueId');
  const shipDateBegin = checkLookupDate(raw.shipDateBegin, at('shipDateBegin'));
  const shipDateEnd = checkLookupDate(raw.shipDateEnd, at('shipDateEnd'));
  if (shipDateBegin && shipDateEnd && shipDateBegin > shipDateEnd) {
    throw new InputError(at('shipDateEnd'), 'must not be before shipDateBegin');
  }
  const language = checkOptionalText(raw.language, at('language'), 'language');
  const ecommerceIdType = raw.ecommerceIdType ?? null;
  if (ecommerceIdType && division !== null && division !== 'ecommerce') {
    throw new InputError(at('ecommerceIdType'), 'applies to the ecommerce division only');
  }
  return {
    carrier,
    trackingNumber,
    division: ecommerceIdType ? 'ecommerce' : division,
    carrierCode,
    carrierUniqueId,
    shipDateBegin,
    shipDateEnd,
    language,
    ecommerceIdType,
    includeEvents: false,
  };
}

export function checkLookupDate(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  // The LocalDate scalar checks this already over GraphQL; watches and ids reach here without it.
  if (value.length > 10 || !DATE_RE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new InputError(field, 'must be a date YYYY-MM-DD');
  }
  return value;
}
