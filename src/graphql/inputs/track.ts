import type { Carrier } from '../../domain/carrier.js';
import { InputError } from '../../domain/errors.js';
import { checkText, checkOptionalText } from '../../domain/text-bounds.js';
import { checkLookupDate } from '../../domain/track-lookup.js';
import type { ReferenceLookup, TrackRequest } from '../../domain/tracking.js';
import type { ReferenceLookupInput, TrackInput } from '../../generated/graphql.js';
import type { TrackingService } from '../../services/tracking.js';

/**
 * GraphQL tracking inputs -> lookups, checked before any upstream call: a problem is an InputError naming the field's
 * path (`inputs.3.trackingNumber`, `input.value`). A number's lookup follows the rule every lookup follows, whoever
 * names it (src/domain/track-lookup.ts, with this server's carriers and divisions: TrackingService.validate).
 */

/** `track(inputs:)`: the request's size first, then every input, so one bad input refuses the whole field. */
export function toTrackRequests(inputs: readonly TrackInput[], tracking: TrackingService, path = 'inputs'): TrackRequest[] {
  tracking.checkRequestSize(inputs.length, path);
  return inputs.map((input, index) => tracking.validate(input, `${path}.${index}`));
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
  const trimmed = input.value.trim();
  if (trimmed.length === 0) throw new InputError(at('value'), 'must not be empty');
  if (trimmed.length > REFERENCE_VALUE_MAX) throw new InputError(at('value'), `must be at most ${REFERENCE_VALUE_MAX} characters`);
  const type = input.referenceType ?? 'CUSTOMER_REFERENCE';
  if (!/^[A-Z][A-Z_]{1,39}$/.test(type)) throw new InputError(at('referenceType'), 'must be a reference type such as CUSTOMER_REFERENCE or PURCHASE_ORDER');
  const carrier = input.carrier ?? null;
  if (!carrier && type !== 'CUSTOMER_REFERENCE') {
    throw new InputError(at('carrier'), 'is required for reference types other than CUSTOMER_REFERENCE (only order ids are looked up across carriers)');
  }
  const value = checkText(trimmed, at('value'), 'referenceValue');
  const referenceType = checkOptionalText(type, at('referenceType'), 'referenceType') ?? 'CUSTOMER_REFERENCE';
  const shipDateBegin = checkLookupDate(input.shipDateBegin, at('shipDateBegin'));
  const shipDateEnd = checkLookupDate(input.shipDateEnd, at('shipDateEnd'));
  if (shipDateBegin && shipDateEnd && shipDateBegin > shipDateEnd) throw new InputError(at('shipDateEnd'), 'must not be before shipDateBegin');
  return { carrier, lookup: { referenceType, value, shipDateBegin, shipDateEnd, includeEvents } };
}
