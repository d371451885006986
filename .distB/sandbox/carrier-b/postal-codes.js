/**
 * The sandbox's postal code book for Carrier B (docs/assumptions.md BP2), shared by postal validation and rating so
 * the two agree. Deterministic rules, no data file:
 * - a code must have its country's shape (US `12345` or `12345-6789`, CA `A1A 1A1`, GB outward and inward code,
 *   IN six digits, DE/FR/ES/IT/MX five digits, elsewhere 2 to 10 letters, digits, spaces or dashes);
 * - a code whose cleaned form starts with `000` does not exist, nor an Indian PIN starting with `0` (PINs start 1-9);
 * - US, CA and IN codes carry a state or province from their leading characters, and a few well-known codes a city.
 */
const SHAPES = {
    US: /^\d{5}(-?\d{4})?$/,
    CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/,
    GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
    IN: /^\d{6}$/,
    DE: /^\d{5}$/,
    FR: /^\d{5}$/,
    ES: /^\d{5}$/,
    IT: /^\d{5}$/,
    MX: /^\d{5}$/,
};
const GENERIC_SHAPE = /^[A-Z0-9][A-Z0-9 -]{1,9}$/;
/** US states by ZIP prefix (first three digits), inclusive ranges. */
const US_STATES = [
    [100, 149, 'NY'], [150, 196, 'PA'], [200, 205, 'DC'], [300, 319, 'GA'], [320, 349, 'FL'], [370, 385, 'TN'],
    [600, 629, 'IL'], [733, 733, 'TX'], [750, 799, 'TX'], [900, 961, 'CA'], [970, 979, 'OR'], [980, 994, 'WA'],
];
/** Indian states by the first two PIN digits. */
const IN_STATES = [
    [11, 11, 'DL'], [12, 13, 'HR'], [38, 39, 'GJ'], [40, 44, 'MH'], [50, 50, 'TG'], [56, 59, 'KA'], [60, 64, 'TN'], [70, 74, 'WB'],
];
/** Canadian provinces by the first letter of the postal code. */
const CA_PROVINCES = { K: 'ON', L: 'ON', M: 'ON', N: 'ON', P: 'ON', G: 'QC', H: 'QC', J: 'QC', T: 'AB', V: 'BC' };
const CITIES = {
    'US:10001': 'NEW YORK',
    'US:38017': 'COLLIERVILLE',
    'US:60601': 'CHICAGO',
    'US:90210': 'BEVERLY HILLS',
    'US:94105': 'SAN FRANCISCO',
    'IN:110001': 'NEW DELHI',
    'IN:400001': 'MUMBAI',
    'IN:560001': 'BENGALURU',
    'IN:600001': 'CHENNAI',
    'CA:M5V3L9': 'TORONTO',
    'GB:SW1A1AA': 'LONDON',
};
/** Upper case, surrounding space trimmed (the shape check reads it). */
export function normalisePostalCode(postalCode) {
    return postalCode.trim().toUpperCase();
}
/** The carrier's cleaned form: US the five-digit ZIP, elsewhere letters and digits only. */
export function cleanPostalCode(countryCode, postalCode) {
    const upper = normalisePostalCode(postalCode);
    if (countryCode === 'US')
        return upper.slice(0, 5);
    return upper.replace(/[\s-]/g, '');
}
export function hasCountryShape(countryCode, postalCode) {
    return (SHAPES[countryCode] ?? GENERIC_SHAPE).test(normalisePostalCode(postalCode));
}
/** The code's entry in the book, or null when it is not shaped like the country's codes or does not exist. */
export function lookUpPostalCode(countryCode, postalCode) {
    if (!hasCountryShape(countryCode, postalCode))
        return null;
    const cleaned = cleanPostalCode(countryCode, postalCode);
    if (!existsWhenShaped(countryCode, cleaned))
        return null;
    return {
        cleanedPostalCode: cleaned,
        stateOrProvinceCode: stateOf(countryCode, cleaned),
        city: CITIES[`${countryCode}:${cleaned}`] ?? null,
    };
}
/** The existence rule alone (rating reads codes the caller already shaped; see the module comment). */
export function existsWhenShaped(countryCode, cleaned) {
    if (cleaned.startsWith('000'))
        return false;
    if (countryCode === 'IN' && cleaned.startsWith('0'))
        return false;
    return true;
}
function stateOf(countryCode, cleaned) {
    if (countryCode === 'US')
        return inRanges(US_STATES, Number(cleaned.slice(0, 3)));
    if (countryCode === 'IN')
        return inRanges(IN_STATES, Number(cleaned.slice(0, 2)));
    if (countryCode === 'CA')
        return CA_PROVINCES[cleaned[0] ?? ''] ?? null;
    return null;
}
function inRanges(ranges, value) {
    return ranges.find(([from, to]) => value >= from && value <= to)?.[2] ?? null;
}
