import type { RateRequest } from '../../domain/rating.js';
import { checkAddress, checkMoney } from './rate-parts.js';
import { FieldChecks } from '../../domain/field-checks.js';
import type { RateShopOptions } from '../../services/rating/types.js';
import type { DeliveryPromiseRequest } from '../../services/promise/types.js';
import type { DeliveryPromiseInput, RateRequestInput } from '../../generated/graphql.js';

/** The rate request's own validation (RatingService.validateRates), so the couriers' part follows the rates rules. */
export type ValidateRates = (raw: RateRequestInput, path: string) => { request: RateRequest; options: RateShopOptions };

/** Same bound as a rate request's itemCount (rates.ts). */
const MAX_ITEM_COUNT = 10_000;

/**
 * DeliveryPromiseInput -> DeliveryPromiseRequest, checked before any call with the rates rules (BAD_USER_INPUT naming
 * the field, e.g. `input.postalCode`). The couriers' rate request is built only when an origin and packages are given.
 */
export function validateDeliveryPromiseInput(raw: DeliveryPromiseInput, path: string, validateRates: ValidateRates): DeliveryPromiseRequest {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  // Every bad field in one answer; the couriers' part (the rates rules) adds its own refusals to the same list.
  const checks = new FieldChecks();
  // `input.countryCode` and `input.postalCode`: the destination's fields sit at the input's top level.
  const destination = checks.run(() => checkAddress({ countryCode: raw.countryCode, postalCode: raw.postalCode }, path));
  if (destination && destination.postalCode === null) checks.fail(at('postalCode'), 'is required: the promise is made for a postal code');
  if (!Number.isInteger(raw.itemCount) || raw.itemCount < 1 || raw.itemCount > MAX_ITEM_COUNT) {
    checks.fail(at('itemCount'), `must be a whole number from 1 to ${MAX_ITEM_COUNT}`);
  }
  const cashOnDelivery = raw.cashOnDelivery ? checks.run(() => checkMoney(raw.cashOnDelivery!, at('cashOnDelivery'))) : null;
  const hasOrigin = raw.origin != null;
  const hasPackages = raw.packages != null;
  if (hasOrigin !== hasPackages) {
    checks.fail(at(hasOrigin ? 'packages' : 'origin'), 'origin and packages go together: the couriers need both to quote');
  }
  let courierRequest: RateRequest | null = null;
  if (raw.origin && raw.packages) {
    const originCountry = checks.run(() => checkAddress(raw.origin!, at('origin')))?.countryCode;
    if (destination && originCountry !== undefined && originCountry !== destination.countryCode) {
      checks.fail(
        at('origin.countryCode'),
        `must be the destination's country (${destination.countryCode}): the promise is for a domestic order; rates quotes cross-border lanes with customs`,
      );
    }
    // The rates rules, for the couriers' part: they read the checked destination, and a refusal they share with the
    // checks above (the origin's fields, itemCount, cashOnDelivery) is listed once. A cross-border origin is refused
    // above alone (the rates rules would ask for customs the promise never takes).
    if (destination?.postalCode && (originCountry === undefined || originCountry === destination.countryCode)) {
      courierRequest = checks.run(
        () =>
          validateRates(
            {
              origin: raw.origin!,
              destination: { countryCode: destination.countryCode, postalCode: destination.postalCode },
              packages: raw.packages!,
              shipDate: raw.shipDate ?? null,
              originUtcOffset: raw.originUtcOffset ?? null,
              cashOnDelivery: raw.cashOnDelivery ?? null,
              itemCount: raw.itemCount,
            },
            path,
          ).request,
      );
    }
  } else {
    for (const field of ['shipDate', 'originUtcOffset'] as const) {
      if (raw[field] != null) checks.fail(at(field), 'is read only with origin and packages (the couriers\' part)');
    }
  }
  checks.done();
  return { destination: destination!, itemCount: raw.itemCount, cashOnDelivery, courierRequest };
}
