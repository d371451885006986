import { InputError } from '../../domain/errors.js';
import { checkAddress, checkCurrency, checkCustoms, checkMoney, checkPackages, } from '../rating/rate-input-parts.js';
import { checkAccount } from '../rating/rate-input.js';
/**
 * LandedCostInput -> LandedCostRequest, every value checked before any upstream call with the rate request's own rules
 * (src/services/rating/rate-input-parts.ts): a problem is BAD_USER_INPUT naming the field (`input.customs.items.0.value`).
 */
export function validateLandedCostInput(raw, path, ctx) {
    const at = (field) => (path ? `${path}.${field}` : field);
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
