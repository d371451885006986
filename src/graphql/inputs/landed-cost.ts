import { InputError } from '../../domain/errors.js';
import type { LandedCostRequest } from '../../domain/rating.js';
import {
  checkAddress,
  checkCurrency,
  checkCustoms,
  checkMoney,
  checkPackages,
  } from './rate-parts.js';
import { checkAccount } from './rates.js';
import type { LandedCostInput } from '../../generated/graphql.js';

/**
 * LandedCostInput -> LandedCostRequest, every value checked before any upstream call with the rate request's own rules
 * (rate-parts.ts): a problem is BAD_USER_INPUT naming the field (`input.customs.items.0.value`).
 */
export function validateLandedCostInput(raw: LandedCostInput, path: string, ctx: { expressAccountNumbers: readonly string[] }): LandedCostRequest {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  const origin = checkAddress(raw.origin, at('origin'));
  const destination = checkAddress(raw.destination, at('destination'));
  // Duties and taxes are levied at a border: a domestic lane has none to estimate.
  if (origin.countryCode === destination.countryCode) {
    throw new InputError(at('destination.countryCode'), `must differ from the origin's (${origin.countryCode}): duty and tax are estimated for a cross-border lane`);
  }
  return {
    origin,
    destination,
    packages: checkPackages(raw.packages, at('packages')),
    customs: checkCustoms(raw.customs, at('customs')),
    currency: raw.currency == null || raw.currency.trim() === '' ? null : checkCurrency(raw.currency, at('currency')),
    freight: raw.freight ? checkMoney(raw.freight, at('freight'), { allowZero: true }) : null,
    expressAccountNumber: checkAccount(raw.expressAccountNumber, at('expressAccountNumber'), ctx.expressAccountNumbers),
  };
}
