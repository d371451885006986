import { hash32 } from '../core/prng.js';
import { DIM_DIVISOR_CM } from './rates-request.js';
import { cleanPostalCode } from './postal-codes.js';
const far = (zone) => (zone > 4 ? 1 : 0);
export const SERVICES = Object.fromEntries([
    ['PRIORITY_OVERNIGHT', 'Priority Overnight', 4500, 450, () => 1, '10:30:00', null, false],
    ['STANDARD_OVERNIGHT', 'Standard Overnight', 3800, 400, () => 1, '15:00:00', null, false],
    ['CARRIER_2_DAY', 'Carrier 2Day', 2400, 260, () => 2, '16:30:00', null, false],
    ['CARRIER_EXPRESS_SAVER', 'Carrier Express Saver', 1900, 210, () => 3, '16:30:00', null, false],
    ['CARRIER_GROUND', 'Carrier Ground', 950, 90, (zone) => [1, 1, 2, 3, 3, 4, 5][zone - 2] ?? 5, '20:00:00', 68, true],
    ['INTERNATIONAL_FIRST', 'International First', 16000, 2200, (zone) => 1 + far(zone), '08:00:00', 68, false],
    ['INTERNATIONAL_PRIORITY', 'International Priority', 9500, 1500, (zone) => 2 + far(zone), '12:00:00', null, false],
    ['INTERNATIONAL_ECONOMY', 'International Economy', 7200, 1100, (zone) => 4 + 2 * far(zone), '17:00:00', null, true],
].map(([serviceType, serviceName, baseCents, perKgCents, transit, commitTime, maxPackageKg, ineligible]) => [
    serviceType,
    { serviceType, serviceName, baseCents, perKgCents, transit, commitTime, maxPackageKg, ineligibleForMoneyBackGuarantee: ineligible },
]));
/** Destination countries Carrier B does not serve at all: a 400 with a dotted code. */
export const NOT_SERVED_COUNTRIES = ['CU', 'IR', 'KP', 'SY'];
/** "The rate interface does not quote freight (LTL) services": heavier shipments get no parcel service. */
export const MAX_PARCEL_SHIPMENT_KG = 1000;
const INTERNATIONAL_FIRST_COUNTRIES = ['US', 'CA', 'GB', 'DE', 'FR'];
/** The services a lane has, in the carrier's order, before the weight limits. */
export function laneServices(origin, destination, packages) {
    let codes;
    if (origin.countryCode === destination.countryCode) {
        const country = origin.countryCode;
        if (country === 'US')
            codes = ['PRIORITY_OVERNIGHT', 'STANDARD_OVERNIGHT', 'CARRIER_2_DAY', 'CARRIER_EXPRESS_SAVER', 'CARRIER_GROUND'];
        else if (country === 'CA')
            codes = ['PRIORITY_OVERNIGHT', 'STANDARD_OVERNIGHT', 'CARRIER_2_DAY', 'CARRIER_GROUND'];
        else
            codes = ['PRIORITY_OVERNIGHT', 'STANDARD_OVERNIGHT', 'CARRIER_EXPRESS_SAVER'];
    }
    else {
        const first = INTERNATIONAL_FIRST_COUNTRIES.includes(origin.countryCode) && INTERNATIONAL_FIRST_COUNTRIES.includes(destination.countryCode);
        codes = [...(first ? ['INTERNATIONAL_FIRST'] : []), 'INTERNATIONAL_PRIORITY', 'INTERNATIONAL_ECONOMY'];
    }
    const heaviest = Math.max(...packages.map((p) => p.kg));
    return codes.map((code) => SERVICES[code]).filter((service) => service.maxPackageKg === null || heaviest <= service.maxPackageKg);
}
/** Currency units per US dollar, times 10 000 (integer FX, so conversions stay integer). */
const FX = { USD: 10_000, EUR: 9_200, GBP: 7_900, INR: 832_000, CAD: 13_600, JPY: 1_500_000, MXN: 170_000 };
const MINOR_DIGITS = { JPY: 0 };
const COUNTRY_CURRENCY = {
    US: 'USD', CA: 'CAD', GB: 'GBP', IN: 'INR', JP: 'JPY', MX: 'MXN', DE: 'EUR', FR: 'EUR', ES: 'EUR', IT: 'EUR', NL: 'EUR',
};
/** Domestic taxes on the transport charge, per origin country (percent, type, description). */
const DOMESTIC_TAX = {
    IN: [18, 'GST', 'Goods and Services Tax'],
    CA: [5, 'GST', 'Goods and Services Tax'],
    GB: [20, 'VAT', 'Value Added Tax'],
    DE: [19, 'VAT', 'Value Added Tax'],
    FR: [20, 'VAT', 'Value Added Tax'],
};
/** Import duties and taxes per destination country (percent of the customs value). */
const IMPORT_DUTY_PERCENT = { US: 5, CA: 13, GB: 20, DE: 20, FR: 20, IN: 38, JP: 10, MX: 16 };
export function isKnownCurrency(currency) {
    return FX[currency] !== undefined;
}
/** The quote currency: the preferred one when the sandbox prices in it, else the origin country's (USD elsewhere). */
export function quoteCurrency(request) {
    if (request.preferredCurrency && isKnownCurrency(request.preferredCurrency))
        return request.preferredCurrency;
    return COUNTRY_CURRENCY[request.origin.countryCode] ?? 'USD';
}
export function minorDigitsOf(currency) {
    return MINOR_DIGITS[currency] ?? 2;
}
/** US cents -> minor units of `currency`, rounded half up. */
export function fromUsdCents(cents, currency) {
    const fx = FX[currency] ?? 10_000;
    return Math.round((cents * fx * 10 ** minorDigitsOf(currency)) / 1_000_000);
}
/** A wire amount in `currency` -> US cents. */
function toUsdCents(amount, currency) {
    const fx = FX[currency] ?? 10_000;
    return Math.round((amount * 100 * 10_000) / fx);
}
/** Minor units -> the wire's number (dividing an integer by a power of ten gives the nearest double to the decimal). */
export function toWire(minor, currency) {
    return minor / 10 ** minorDigitsOf(currency);
}
/** Zone 2-8 from the seed and the lane's first three postal characters (same lane, same zone, every run). */
export function zoneOf(seed, origin, destination) {
    const prefix = (a) => `${a.countryCode}:${a.postalCode ? cleanPostalCode(a.countryCode, a.postalCode).slice(0, 3) : ''}`;
    return 2 + (hash32(seed, 'carrierB', 'zone', prefix(origin), prefix(destination)) % 7);
}
/** Billable kilograms: each package's actual or dimensional weight, whichever is more, rounded up to a whole kg. */
export function billableKg(packages) {
    let kg = 0;
    let dim = false;
    for (const p of packages) {
        const weight = p.dimKg !== null && p.dimKg > p.kg ? p.dimKg : p.kg;
        if (weight !== p.kg)
            dim = true;
        kg += Math.ceil(weight);
    }
    return { kg, method: dim ? 'DIM' : 'ACTUAL' };
}
/** The lane's alert in the sandbox: destination codes ending in 7 lie in an extended delivery area. */
export function inExtendedArea(destination) {
    return destination.postalCode !== null && cleanPostalCode(destination.countryCode, destination.postalCode).endsWith('7');
}
/** One service's price for one rate type; `account` applies the account's negotiated discount (10-30%). */
export function priceService(seed, request, service, zone, kg, account) {
    const currency = quoteCurrency(request);
    const domestic = request.origin.countryCode === request.destination.countryCode;
    const jitter = hash32(seed, 'carrierB', 'price', service.serviceType, String(zone)) % 200;
    const usd = Math.round(((service.baseCents + service.perKgCents * kg) * (100 + 12 * (zone - 2))) / 100) + jitter;
    const baseMinor = fromUsdCents(usd, currency);
    const discountPercent = account ? 10 + (hash32(seed, 'carrierB', 'discount', request.accountNumber, service.serviceType) % 21) : 0;
    const discountMinor = Math.round((baseMinor * discountPercent) / 100);
    const fuelPermille = domestic ? 145 : 1825;
    const fuelDivisor = domestic ? 1000 : 10_000;
    const surcharges = [
        { type: 'FUEL', description: 'Fuel Surcharge', minor: Math.round(((baseMinor - discountMinor) * fuelPermille) / fuelDivisor) },
    ];
    if (domestic && request.destination.residential) {
        surcharges.push({ type: 'RESIDENTIAL_DELIVERY', description: 'Residential Delivery', minor: fromUsdCents(515, currency) });
    }
    if (inExtendedArea(request.destination)) {
        surcharges.push({ type: 'EXTENDED_DELIVERY_AREA', description: 'Extended Delivery Area', minor: fromUsdCents(400, currency) });
    }
    if (request.codRequested)
        surcharges.push({ type: 'COD', description: 'COD Surcharge', minor: fromUsdCents(1750, currency) });
    const beforeTax = baseMinor - discountMinor + surcharges.reduce((sum, line) => sum + line.minor, 0);
    const taxes = [];
    const tax = domestic ? DOMESTIC_TAX[request.origin.countryCode] : undefined;
    if (tax)
        taxes.push({ type: tax[1], description: tax[2], minor: Math.round((beforeTax * tax[0]) / 100) });
    let dutiesMinor = 0;
    if (!domestic && request.customs) {
        const valueUsd = request.customs.commodities.reduce((sum, c) => sum + toUsdCents(c.amount, c.currency), 0);
        const percent = IMPORT_DUTY_PERCENT[request.destination.countryCode] ?? 10;
        dutiesMinor = Math.round((fromUsdCents(valueUsd, currency) * percent) / 100);
    }
    return { baseMinor, discountMinor, surcharges, taxes, dutiesMinor, fuelSurchargePercent: domestic ? 14.5 : 18.25 };
}
/** `dimDivisor` as the answer states it. */
export const DIM_DIVISOR = DIM_DIVISOR_CM;
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const DAY_WORDS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN'];
/** Delivery `days` business days after the requested ship date (weekends skipped), never from the sandbox clock. */
export function transitOf(shipDateStamp, service, zone) {
    const days = service.transit(zone);
    const date = new Date(`${shipDateStamp}T00:00:00Z`);
    let left = days;
    while (left > 0) {
        date.setUTCDate(date.getUTCDate() + 1);
        const weekday = date.getUTCDay();
        if (weekday !== 0 && weekday !== 6)
            left -= 1;
    }
    const day = date.toISOString().slice(0, 10);
    // Local date-times, no offset: the carrier's delivery times are the destination's clock (time zone not given).
    const at = `${day}T${service.commitTime}`;
    return {
        transitTime: `${DAY_WORDS[days - 1] ?? String(days)}_${days === 1 ? 'DAY' : 'DAYS'}`,
        commitDate: at,
        deliveryDate: at,
        deliveryDay: WEEKDAYS[date.getUTCDay()],
    };
}
