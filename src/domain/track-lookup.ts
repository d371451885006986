import { CARRIERS, type Carrier } from './carrier.js';
import { InputError } from './errors.js';
import { FieldChecks } from './field-checks.js';
import { checkOptionalText, checkText, TEXT_RULES, textProblem } from './text-bounds.js';
import { lookupByNumber, type EcommerceIdType, type TrackRequest } from './tracking.js';

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
  return plainLookup(raw, trackingCarriers) ?? checkEveryField(raw, path, divisions, trackingCarriers);
}

/**
 * The lookup nearly every request makes (a carrier this server tracks and a number its rule accepts, no other member
 * given), answered as `checkEveryField` answers it without the collecting below (a closure per member): README query 1
 * checks two a request. Anything else, a refusal included, is checked member by member.
 */
function plainLookup(raw: TrackLookup, trackingCarriers: ReadonlySet<Carrier>): TrackRequest | null {
  if (raw.division != null || raw.carrierCode != null || raw.carrierUniqueId != null || raw.shipDateBegin != null) return null;
  if (raw.shipDateEnd != null || raw.language != null || raw.ecommerceIdType != null) return null;
  if (!(CARRIERS as readonly string[]).includes(raw.carrier) || !trackingCarriers.has(raw.carrier as Carrier)) return null;
  const trackingNumber = (raw.trackingNumber ?? '').trim();
  if (textProblem(trackingNumber, TEXT_RULES.trackingNumber) !== null) return null;
  return lookupByNumber(raw.carrier as Carrier, trackingNumber, false);
}

function checkEveryField(raw: TrackLookup, path: string, divisions: readonly string[], trackingCarriers: ReadonlySet<Carrier>): TrackRequest {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  // Every bad field of the lookup in one answer; the carrier first, since the other rules depend on it.
  const checks = new FieldChecks();
  const carrier = checks.run(() => {
    if (!(CARRIERS as readonly string[]).includes(raw.carrier)) {
      throw new InputError(at('carrier'), `unknown carrier ${JSON.stringify(String(raw.carrier).slice(0, 40))}; expected one of ${CARRIERS.join(', ')}`);
    }
    if (!trackingCarriers.has(raw.carrier as Carrier)) throw new InputError(at('carrier'), `${raw.carrier} has no tracking interface`);
    return raw.carrier as Carrier;
  });
  const trackingNumber = checks.run(() => checkText(raw.trackingNumber, at('trackingNumber'), 'trackingNumber'));
  const division = checks.run(() => {
    const value = checkOptionalText(raw.division, at('division'), 'division');
    if (value !== null && carrier !== undefined) {
      if (carrier !== 'GROUP_A') throw new InputError(at('division'), 'only Group A has divisions');
      if (!divisions.includes(value)) throw new InputError(at('division'), `unknown Group A division "${value}"; expected one of ${divisions.join(', ')}`);
    }
    return value;
  });
  // A member for another carrier is refused as such (one refusal a field), otherwise held to its own rule.
  const carrierOnly = (field: keyof TrackLookup, only: Carrier): boolean => {
    const value = raw[field];
    if (value === null || value === undefined || value === '' || carrier === undefined || carrier === only) return true;
    checks.fail(at(field), `applies to ${only} only`);
    return false;
  };
  const text = (field: 'carrierCode' | 'carrierUniqueId') =>
    carrierOnly(field, 'CARRIER_B') ? checks.run(() => checkOptionalText(raw[field], at(field), field)) : null;
  const date = (field: 'shipDateBegin' | 'shipDateEnd') => (carrierOnly(field, 'CARRIER_B') ? checks.run(() => checkLookupDate(raw[field], at(field))) : null);
  const carrierCode = text('carrierCode');
  const carrierUniqueId = text('carrierUniqueId');
  const shipDateBegin = date('shipDateBegin');
  const shipDateEnd = date('shipDateEnd');
  if (shipDateBegin && shipDateEnd && shipDateBegin > shipDateEnd) checks.fail(at('shipDateEnd'), 'must not be before shipDateBegin');
  const language = checks.run(() => checkOptionalText(raw.language, at('language'), 'language'));
  const ecommerceIdType = carrierOnly('ecommerceIdType', 'GROUP_A') ? (raw.ecommerceIdType ?? null) : null;
  if (ecommerceIdType && division && division !== 'ecommerce') checks.fail(at('ecommerceIdType'), 'applies to the ecommerce division only');
  checks.done();
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
