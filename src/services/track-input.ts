import { CARRIERS, type Carrier } from '../domain/carrier.js';
import { InputError } from '../domain/errors.js';
import type { EcommerceIdType, TrackRequest } from '../domain/tracking.js';

/** A tracking lookup as a client sent it, before validation. */
export interface TrackInputRaw {
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

// docs/assumptions.md S1: numbers are 1 to 40 characters of letters, digits and '-'.
const TRACKING_NUMBER_RE = /^[A-Za-z0-9-]{1,40}$/;
const LANGUAGE_RE = /^[a-z]{2}([-_][A-Za-z]{2})?$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TRACKING_CARRIERS: ReadonlySet<Carrier> = new Set(['GROUP_A', 'CARRIER_B']);

/**
 * Checks one lookup before any upstream call. Every problem is an InputError naming the field's path, e.g.
 * `inputs.3.trackingNumber`.
 */
export function validateTrackInput(raw: TrackInputRaw, path: string, divisions: readonly string[]): TrackRequest {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  if (!(CARRIERS as readonly string[]).includes(raw.carrier)) {
    throw new InputError(at('carrier'), `unknown carrier "${raw.carrier}"; expected one of ${CARRIERS.join(', ')}`);
  }
  const carrier = raw.carrier as Carrier;
  if (!TRACKING_CARRIERS.has(carrier)) {
    throw new InputError(at('carrier'), `${carrier} has no tracking interface`);
  }
  const trackingNumber = (raw.trackingNumber ?? '').trim();
  if (trackingNumber.length === 0) throw new InputError(at('trackingNumber'), 'must not be empty');
  if (trackingNumber.length > 40) throw new InputError(at('trackingNumber'), 'must be at most 40 characters');
  if (!TRACKING_NUMBER_RE.test(trackingNumber)) {
    throw new InputError(at('trackingNumber'), 'may contain only letters, digits and "-"');
  }
  const division = raw.division?.trim() || null;
  if (division !== null) {
    if (carrier !== 'GROUP_A') throw new InputError(at('division'), 'only Group A has divisions');
    if (!divisions.includes(division)) {
      throw new InputError(at('division'), `unknown Group A division "${division}"; expected one of ${divisions.join(', ')}`);
    }
  }
  const carrierOnly = (field: keyof TrackInputRaw, only: Carrier) => {
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
  const shipDateBegin = checkDate(raw.shipDateBegin, at('shipDateBegin'));
  const shipDateEnd = checkDate(raw.shipDateEnd, at('shipDateEnd'));
  if (shipDateBegin && shipDateEnd && shipDateBegin > shipDateEnd) {
    throw new InputError(at('shipDateEnd'), 'must not be before shipDateBegin');
  }
  const language = raw.language?.trim() || null;
  if (language !== null && !LANGUAGE_RE.test(language)) {
    throw new InputError(at('language'), 'must be a language code such as "en" or "de-DE"');
  }
  const ecommerceIdType = raw.ecommerceIdType ?? null;
  if (ecommerceIdType && division !== null && division !== 'ecommerce') {
    throw new InputError(at('ecommerceIdType'), 'applies to the ecommerce division only');
  }
  return {
    carrier,
    trackingNumber,
    division: ecommerceIdType ? 'ecommerce' : division,
    carrierCode: raw.carrierCode?.trim() || null,
    carrierUniqueId: raw.carrierUniqueId?.trim() || null,
    shipDateBegin,
    shipDateEnd,
    language,
    ecommerceIdType,
    includeEvents: false,
  };
}

function checkDate(value: string | null | undefined, field: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (!DATE_RE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new InputError(field, 'must be a date YYYY-MM-DD');
  }
  return value;
}
