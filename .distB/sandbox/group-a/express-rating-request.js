import { isRecord } from '../core/http.js';
import { knownCurrency, minorFromAmount } from './express-rating-money.js';
/** The seed's shape, to the character. */
export const PLANNED_SHIPPING = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2}) GMT([+-])(\d{2}):(\d{2})$/;
/** Sandbox accounts (assumption "Sandbox data"): nine digits starting `95`; any other is not served by the pair. */
export const SANDBOX_ACCOUNT = /^95\d{7}$/;
const fail = (detail) => ({ ok: false, detail });
function text(value) {
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
export function readParty(value, field) {
    if (!isRecord(value))
        return fail(`${field} is required.`);
    const countryCode = text(value['countryCode']);
    if (!countryCode || !/^[A-Z]{2}$/.test(countryCode))
        return fail(`${field}.countryCode must be a 2-letter country code.`);
    return { ok: true, value: { countryCode, postalCode: text(value['postalCode']), cityName: text(value['cityName']) } };
}
export function readAccount(body) {
    const accounts = body['accounts'];
    if (!Array.isArray(accounts) || accounts.length === 0)
        return fail('accounts[] is required.');
    const shipper = accounts.find((a) => isRecord(a) && (a['typeCode'] === 'shipper' || a['typeCode'] === 'payer'));
    const number = isRecord(shipper) ? text(shipper['number']) : null;
    if (!number)
        return fail('accounts[].number is required with typeCode shipper or payer.');
    if (!SANDBOX_ACCOUNT.test(number))
        return fail(`Account ${number} is not served by these credentials.`);
    return { ok: true, value: number };
}
export function readPackages(value) {
    if (!Array.isArray(value) || value.length === 0)
        return fail('packages[] is required.');
    const pieces = [];
    for (const [index, pkg] of value.entries()) {
        const weight = isRecord(pkg) ? pkg['weight'] : undefined;
        if (typeof weight !== 'number' || !(weight > 0))
            return fail(`packages[${index}].weight must be a positive number (kg).`);
        const dims = isRecord(pkg) ? pkg['dimensions'] : undefined;
        let volume = null;
        if (dims !== undefined) {
            const sides = isRecord(dims) ? [dims['length'], dims['width'], dims['height']] : [];
            if (sides.length !== 3 || sides.some((side) => typeof side !== 'number' || !(side > 0))) {
                return fail(`packages[${index}].dimensions needs positive length, width and height (cm).`);
            }
            volume = sides.reduce((a, b) => a * b, 1);
        }
        pieces.push({ weightKg: weight, volumeCm3: volume });
    }
    return { ok: true, value: pieces };
}
function readCod(body, codServiceCode) {
    const entries = Array.isArray(body['productsAndServices']) ? body['productsAndServices'] : [];
    for (const entry of entries) {
        const services = isRecord(entry) && Array.isArray(entry['valueAddedServices']) ? entry['valueAddedServices'] : [];
        for (const service of services) {
            if (!isRecord(service) || service['serviceCode'] !== codServiceCode)
                continue;
            const currency = text(service['currency']);
            const value = service['value'];
            if (!currency || !knownCurrency(currency) || typeof value !== 'number' || !(value > 0)) {
                return fail(`valueAddedServices ${codServiceCode} needs a positive value and a known currency.`);
            }
            const minor = minorFromAmount(value, currency);
            if (minor === null)
                return fail(`valueAddedServices ${codServiceCode} value has more decimals than ${currency} allows.`);
            return { ok: true, value: { minor, currency } };
        }
    }
    return { ok: true, value: null };
}
export function readRateRequest(body, codServiceCode) {
    if (!isRecord(body))
        return fail('The request body must be a JSON object.');
    const details = isRecord(body['customerDetails']) ? body['customerDetails'] : {};
    const shipper = readParty(details['shipperDetails'], 'customerDetails.shipperDetails');
    if (!shipper.ok)
        return shipper;
    const receiver = readParty(details['receiverDetails'], 'customerDetails.receiverDetails');
    if (!receiver.ok)
        return receiver;
    const account = readAccount(body);
    if (!account.ok)
        return account;
    const planned = typeof body['plannedShippingDateAndTime'] === 'string' ? PLANNED_SHIPPING.exec(body['plannedShippingDateAndTime']) : null;
    if (!planned)
        return fail('plannedShippingDateAndTime must be shaped YYYY-MM-DDTHH:MM:SS GMT+HH:MM.');
    const [, shipDate, readyTime, sign, hh, mm] = planned;
    if (Number.isNaN(Date.parse(`${shipDate}T${readyTime}Z`)))
        return fail('plannedShippingDateAndTime is not a real date and time.');
    if (body['unitOfMeasurement'] !== 'metric')
        return fail("unitOfMeasurement must be 'metric'.");
    const packages = readPackages(body['packages']);
    if (!packages.ok)
        return packages;
    const crossBorder = shipper.value.countryCode !== receiver.value.countryCode;
    if (crossBorder) {
        // Customs: a cross-border shipment is declared, with its value.
        if (body['isCustomsDeclarable'] !== true)
            return fail('isCustomsDeclarable must be true for a cross-border shipment.');
        const amounts = Array.isArray(body['monetaryAmount']) ? body['monetaryAmount'] : [];
        const declared = amounts.find((a) => isRecord(a) && a['typeCode'] === 'declaredValue');
        if (!isRecord(declared) || typeof declared['value'] !== 'number' || !(declared['value'] > 0) || !text(declared['currency'])) {
            return fail('monetaryAmount[] needs a declaredValue (value and currency) for a customs-declarable shipment.');
        }
    }
    const cod = readCod(body, codServiceCode);
    if (!cod.ok)
        return cod;
    const entries = Array.isArray(body['productsAndServices']) ? body['productsAndServices'] : [];
    const productCodes = entries.flatMap((entry) => (isRecord(entry) && text(entry['productCode']) ? [text(entry['productCode'])] : []));
    return {
        ok: true,
        value: {
            shipper: shipper.value,
            receiver: receiver.value,
            account: account.value,
            productCodes,
            cod: cod.value,
            shipDate,
            readyTime,
            offsetMinutes: (sign === '-' ? -1 : 1) * (Number(hh) * 60 + Number(mm)),
            crossBorder,
            packages: packages.value,
        },
    };
}
