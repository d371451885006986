import { postcodeValidatorExistsForCountry } from 'postcode-validator';
import { InputError } from '../../../domain/errors.js';
import { looksLikeExpressProduct } from './rating-units.js';
import { isCrossBorderShipment } from './ship-request.js';
/**
 * What the express shipment body needs (SX1-SX4, SX9), checked without a call. Each refusal names the field under
 * `input.`, the same path the GraphQL input has, so the service answers BAD_USER_INPUT before any write or call.
 * The sandbox refuses the same things with a 400 naming the body member.
 */
const OFFSET = /^[+-](?:0\d|1[0-4]):[0-5]\d$/;
const LOCAL_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const CLOSE_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
function checkParty(who, at, errors) {
    if (who.contactName.trim() === '')
        errors.push(new InputError(`${at}.contactName`, 'is required by express (contactInformation.fullName)'));
    const address = who.address;
    if (!address.streetLines[0]?.trim())
        errors.push(new InputError(`${at}.address.streetLines`, 'needs at least one line (express postalAddress.addressLine1)'));
    if (address.city.trim() === '')
        errors.push(new InputError(`${at}.address.city`, 'is required by express (postalAddress.cityName)'));
    if (!address.postalCode && postcodeValidatorExistsForCountry(address.countryCode)) {
        errors.push(new InputError(`${at}.address.postalCode`, `is required by express for ${address.countryCode} (postalAddress.postalCode)`));
    }
}
export function checkExpressShipment(request, accountNumbers) {
    const errors = [];
    const account = request.accountNumber ?? accountNumbers[0] ?? null;
    if (account === null || !accountNumbers.includes(account)) {
        errors.push(new InputError('input.accountNumber', `is not one of the configured express accounts (GROUP_A_EXPRESS_ACCOUNT_NUMBERS)`));
    }
    if (!looksLikeExpressProduct(request.serviceCode)) {
        errors.push(new InputError('input.serviceCode', 'is not an express product code (one letter or digit, e.g. "P")'));
    }
    // "`plannedShippingDateAndTime` string shaped `YYYY-MM-DDTHH:MM:SS GMT+HH:MM`": the offset is the caller's, never guessed.
    if (!request.originUtcOffset) {
        errors.push(new InputError('input.originUtcOffset', "is required by express (the origin's GMT offset in plannedShippingDateAndTime)"));
    }
    else if (!OFFSET.test(request.originUtcOffset)) {
        errors.push(new InputError('input.originUtcOffset', 'must be shaped +HH:MM'));
    }
    if (request.readyTime != null && !LOCAL_TIME.test(request.readyTime))
        errors.push(new InputError('input.readyTime', 'must be shaped HH:MM:SS'));
    checkParty(request.shipper, 'input.shipper', errors);
    checkParty(request.recipient, 'input.recipient', errors);
    request.packages.forEach((pkg, i) => {
        if (!(pkg.weight.value > 0))
            errors.push(new InputError(`input.packages.${i}.weight`, 'must be more than zero'));
        const d = pkg.dimensions;
        if (d && !(d.length > 0 && d.width > 0 && d.height > 0))
            errors.push(new InputError(`input.packages.${i}.dimensions`, 'must all be more than zero'));
    });
    const codCurrencies = new Set(request.packages.flatMap((p) => (p.cashOnDelivery ? [p.cashOnDelivery.currency] : [])));
    if (codCurrencies.size > 1) {
        // Express collects one amount per shipment (a value-added service), so the pieces' amounts must add up.
        const i = request.packages.findIndex((p, n) => n > 0 && p.cashOnDelivery && p.cashOnDelivery.currency !== [...codCurrencies][0]);
        errors.push(new InputError(`input.packages.${i}.cashOnDelivery.currency`, 'must be the same for every package (express collects one amount per shipment)'));
    }
    if (isCrossBorderShipment(request)) {
        if (!request.customs || request.customs.items.length === 0) {
            errors.push(new InputError('input.customs', 'is required for a cross-border express shipment (exportDeclaration)'));
        }
        if (!request.declaredValue)
            errors.push(new InputError('input.declaredValue', 'is required for a cross-border express shipment'));
    }
    if (request.pickup) {
        const ready = LOCAL_DATE_TIME.exec(request.pickup.readyAt);
        if (!ready)
            errors.push(new InputError('input.pickup.readyAt', 'must be a local date-time shaped YYYY-MM-DDTHH:MM:SS'));
        else if (ready[1] !== request.shipDate)
            errors.push(new InputError('input.pickup.readyAt', `must be on the ship date (${request.shipDate})`));
        if (request.pickup.closeTime != null && !CLOSE_TIME.test(request.pickup.closeTime)) {
            errors.push(new InputError('input.pickup.closeTime', 'must be shaped HH:MM'));
        }
    }
    if (request.labelDelivery === 'URL') {
        // "`documents[]` (`imageFormat`, `content` (base64) ...)": express answers documents inline only.
        errors.push(new InputError('input.labelDelivery', 'express sends documents inline only (INLINE)'));
    }
    return errors;
}
