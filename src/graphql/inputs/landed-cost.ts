import type { LandedCostRequest } from '../../domain/rating.js';
import {
  checkAddress,
  checkCurrency,
  checkCustoms,
  checkMoney,
  checkPackages,
} from './rate-parts.js';
import { FieldChecks } from '../../domain/field-checks.js';
import { checkAccount } from './rates.js';
import type { LandedCostInput } from '../../generated/graphql.js';

/**
 * LandedCostInput -> LandedCostRequest, every value checked before any upstream call with the rate request's own rules
 * (rate-parts.ts): a problem is BAD_USER_INPUT naming the field (`input.customs.items.0.value`), every bad field in one
 * answer (`extensions.inputErrors`).
 */
export function validateLandedCostInput(raw: LandedCostInput, path: string, ctx: { expressAccountNumbers: readonly string[] }): LandedCostRequest {
  const at = (field: string) => (path ? `${path}.${field}` : field);
  // Every bad field in one answer.
  const checks = new FieldChecks();
  const origin = checks.run(() => checkAddress(raw.origin, at('origin')));
  const destination = checks.run(() => checkAddress(raw.destination, at('destination')));
  // Duties and taxes are levied at a border: a domestic lane has none to estimate.
  if (origin && destination && origin.countryCode === destination.countryCode) {
    checks.fail(at('destination.countryCode'), `must differ from the origin's (${origin.countryCode}): duty and tax are estimated for a cross-border lane`);
  }
  const request: LandedCostRequest = {
    origin,
    destination,
    packages: checks.run(() => checkPackages(raw.packages, at('packages'))),
    customs: checks.run(() => checkCustoms(raw.customs, at('customs'))),
    currency: raw.currency == null || raw.currency.trim() === '' ? null : checks.run(() => checkCurrency(raw.currency!, at('currency'))),
    freight: raw.freight ? checks.run(() => checkMoney(raw.freight!, at('freight'), { allowZero: true })) : null,
    expressAccountNumber: checks.run(() => checkAccount(raw.expressAccountNumber, at('expressAccountNumber'), ctx.expressAccountNumbers)),
  };
  checks.done();
  return request;
}
