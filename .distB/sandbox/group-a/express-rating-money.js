/**
 * Money for the express rating simulators, in integer minor units only (no float ever carries a price). Exchange
 * rates are fixed sandbox figures ("Sandbox data" in docs/assumptions.md), so every answer repeats.
 */
/** Units of the currency per US dollar, times 10,000, and its ISO 4217 minor digits. */
const CURRENCIES = {
    USD: { perUsd: 10_000, digits: 2 },
    EUR: { perUsd: 9_200, digits: 2 },
    GBP: { perUsd: 7_900, digits: 2 },
    INR: { perUsd: 831_200, digits: 2 },
    JPY: { perUsd: 1_495_000, digits: 0 },
    SGD: { perUsd: 13_400, digits: 2 },
    AUD: { perUsd: 15_200, digits: 2 },
    ZAR: { perUsd: 186_000, digits: 2 },
    COP: { perUsd: 39_000_000, digits: 2 },
    PEN: { perUsd: 37_500, digits: 2 },
    ISK: { perUsd: 1_380_000, digits: 0 },
    KES: { perUsd: 1_290_000, digits: 2 },
    NPR: { perUsd: 1_330_000, digits: 2 },
    CNY: { perUsd: 72_000, digits: 2 },
    KRW: { perUsd: 13_200_000, digits: 0 },
    CAD: { perUsd: 13_600, digits: 2 },
};
/** The currency of each country the sandbox knows; others are quoted in USD. */
const COUNTRY_CURRENCY = {
    US: 'USD', PR: 'USD', SG: 'SGD', JP: 'JPY', IN: 'INR', NP: 'NPR', AU: 'AUD', ZA: 'ZAR', CO: 'COP', PE: 'PEN',
    IS: 'ISK', KE: 'KES', CN: 'CNY', KR: 'KRW', GB: 'GBP', CA: 'CAD', DE: 'EUR', FR: 'EUR', NL: 'EUR', IE: 'EUR',
};
export function knownCurrency(code) {
    return code in CURRENCIES;
}
export function currencyOfCountry(countryCode) {
    return COUNTRY_CURRENCY[countryCode] ?? 'USD';
}
function info(currency) {
    const found = CURRENCIES[currency];
    if (!found)
        throw new Error(`sandbox has no rate for ${currency}`);
    return found;
}
/** Minor units of `from` to minor units of `to`, rounded half up once. */
export function convertMinor(minor, from, to) {
    if (from === to)
        return minor;
    const a = info(from);
    const b = info(to);
    return Math.round((minor * b.perUsd * 10 ** b.digits) / (a.perUsd * 10 ** a.digits));
}
/** A JSON number amount (as the wire carries prices) to minor units; null when it has more decimals than the currency. */
export function minorFromAmount(amount, currency) {
    const { digits } = info(currency);
    const scaled = amount * 10 ** digits;
    const minor = Math.round(scaled);
    return Math.abs(scaled - minor) < 1e-6 ? minor : null;
}
/** Minor units to the JSON number the wire carries (`12345` USD cents -> `123.45`), via its exact decimal text. */
export function amountFromMinor(minor, currency) {
    const { digits } = info(currency);
    if (digits === 0)
        return minor;
    const sign = minor < 0 ? '-' : '';
    const text = String(Math.abs(minor)).padStart(digits + 1, '0');
    return Number(`${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`);
}
/** `part` per thousand of `minor`, rounded half up (percentages as integers: 18 % = 180). */
export function perMille(minor, rate) {
    return Math.round((minor * rate) / 1000);
}
