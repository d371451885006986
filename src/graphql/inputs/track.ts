import type { Carrier } from '../../domain/carrier.js';
import { InputError } from '../../domain/errors.js';
import { checkText, checkOptionalText } from '../../domain/text-bounds.js';
import { checkLookupDate } from '../../domain/track-lookup.js';
import type { ReferenceLookup, TrackRequest } from '../../domain/tracking.js';
import type { ReferenceLookupInput, TrackInput } from '../../generated/graphql.js';
import type { TrackingService } from '../../services/tracking.js';
import { FieldChecks } from '../../domain/field-checks.js';

/**
 * GraphQL tracking inputs -> lookups, checked before any upstream call: a problem is an InputError naming the field's
 * path (`inputs.3.trackingNumber`, `input.value`), every bad field in one answer. A number's lookup follows the rule every lookup follows, whoever
 * names it (src/domain/track-lookup.ts, with this server's carriers and divisions: TrackingService.validate).
 */

/**
 * `track(inputs:)`: the request's size first, then every input, so one bad input refuses the whole field, naming every
 * bad field of every input in one answer.
 */
export function toTrackRequests(inputs: readonly TrackInput[], tracking: TrackingService, path = 'inputs'): TrackRequest[] {
  tracking.checkRequestSize(inputs.length, path);
  const checks = new FieldChecks();
  const requests = inputs.map((input, index) => checks.run(() => tracking.validate(input, `${path}.${index}`)));
  checks.done();
  return requests;
}

/** Longest reference value asked for (a customer reference, an invoice or purchase order number). */
const REFERENCE_VALUE_MAX = 64;

/**
 * `shipmentsByReference(input:)`: the lookup without its carrier, and the carrier asked (null: every carrier that
 * offers a lookup, for order ids only). The reference type defaults to CUSTOMER_REFERENCE (Carrier B: "the reference
 * types include CUSTOMER_REFERENCE, INVOICE, PURCHASE_ORDER, DEPARTMENT_NUMBER").
 */
export function toReferenceLookup(
  input: ReferenceLookupInput,
  includeEvents: boolean,
  path = 'input',
): { carrier: Carrier | null; lookup: Omit<ReferenceLookup, 'carrier'> } {
  const at = (field: string) => `${path}.${field}`;
  // Every bad field in one answer.
  const checks = new FieldChecks();
  const trimmed = input.value.trim();
  const value = checks.run(() => {
    if (trimmed.length === 0) throw new InputError(at('value'), 'must not be empty');
    if (trimmed.length > REFERENCE_VALUE_MAX) throw new InputError(at('value'), `must be at most ${REFERENCE_VALUE_MAX} characters`);
    return checkText(trimmed, at('value'), 'referenceValue');
  });
  const type = input.referenceType ?? 'CUSTOMER_REFERENCE';
  const referenceType = checks.run(() => {
    if (!/^[A-Z][A-Z_]{1,39}$/.test(type)) throw new InputError(at('referenceType'), 'must be a reference type such as CUSTOMER_REFERENCE or PURCHASE_ORDER');
    return checkOptionalText(type, at('referenceType'), 'referenceType') ?? 'CUSTOMER_REFERENCE';
  });
  const carrier = input.carrier ?? null;
  if (!carrier && type !== 'CUSTOMER_REFERENCE') {
    checks.fail(at('carrier'), 'is required for reference types other than CUSTOMER_REFERENCE (only order ids are looked up across carriers)');
  }
  const shipDateBegin = checks.run(() => checkLookupDate(input.shipDateBegin, at('shipDateBegin')));
  const shipDateEnd = checks.run(() => checkLookupDate(input.shipDateEnd, at('shipDateEnd')));
  if (shipDateBegin && shipDateEnd && shipDateBegin > shipDateEnd) checks.fail(at('shipDateEnd'), 'must not be before shipDateBegin');
  checks.done();
  return { carrier, lookup: { referenceType, value, shipDateBegin, shipDateEnd, includeEvents } };
}
