/**
 * Express rating units in one place (karrio's `units`): breakdown `typeCode` to charge kind, product to service level,
 * and the metric conversions the request needs. The seed shows no `typeCode` of `priceBreakdown[]` and no product
 * codes beyond the field names, so both tables are assumptions (docs/assumptions.md XR5, XR6) and stay conservative:
 * what is not listed is OTHER, with the native code kept.
 */
/** The billing view: "`currencyType` value `BILLC` is the billing currency and is the entry to use for anything invoiced". */
export const BILLING_CURRENCY_TYPE = 'BILLC';
/** "`packages[]` (`typeCode` (`2BP` appears), ...)": the only package type the seed shows. */
export const EXPRESS_PACKAGE_TYPE_CODE = '2BP';
/** "`estimatedDeliveryDate` (`isRequested` boolean, `typeCode` (`QDDC` appears))". */
export const ESTIMATED_DELIVERY_TYPE_CODE = 'QDDC';
/**
 * Cash-on-delivery value-added service code. The seed lists `valueAddedServices[]` (`serviceCode`, `value`,
 * `currency`) but no code; `KB` is the carrier family's published code (assumption XR7).
 */
export const DEFAULT_COD_SERVICE_CODE = 'KB';
/**
 * A requested service code express could know: one letter or digit, the carrier family's global product codes (`P`,
 * `N`, `Y`; assumption XR6). Other carriers' codes (`PRIORITY_OVERNIGHT`) are theirs and never sent here.
 */
export function looksLikeExpressProduct(code) {
    return /^[A-Z0-9]$/.test(code);
}
/** Breakdown `typeCode` -> kind (assumption XR5). Totals of the carrier family's breakdown, and our sandbox's lines. */
const BREAKDOWN_KINDS = {
    SPRQT: 'BASE',
    BASE: 'BASE',
    STSCH: 'SURCHARGE',
    SCH: 'SURCHARGE',
    STDIS: 'DISCOUNT',
    DIS: 'DISCOUNT',
    STTXA: 'TAX',
    TAX: 'TAX',
    STDUT: 'DUTY',
    DUT: 'DUTY',
};
/** Two letters or digits: a value-added service code (fuel `FF`, remote area `OO`, COD), priced as a surcharge. */
const SERVICE_CODE = /^[A-Z0-9]{2}$/;
export function chargeKindOf(typeCode) {
    const known = BREAKDOWN_KINDS[typeCode.toUpperCase()];
    if (known)
        return known;
    return SERVICE_CODE.test(typeCode) ? 'SURCHARGE' : 'OTHER';
}
/**
 * Service level from the product's name, never from a guessed code table (assumption XR6): the words the carrier
 * family puts in product names. A name saying neither is OTHER.
 */
export function serviceLevelOf(productName) {
    const name = (productName ?? '').toUpperCase();
    if (name === '')
        return 'OTHER';
    if (/\bSAME ?DAY\b/.test(name))
        return 'SAME_DAY';
    if (/\bECONOMY\b/.test(name))
        return 'ECONOMY';
    if (/\bEXPRESS\b/.test(name))
        return 'EXPRESS';
    return 'OTHER';
}
/** `unitOfMeasurement: 'metric'`: kilograms, three decimals (grams). */
export function kilograms(weight) {
    const kg = weight.unit === 'KG' ? weight.value : weight.value * 0.45359237;
    return Math.round(kg * 1000) / 1000;
}
/** `unitOfMeasurement: 'metric'`: centimetres, one decimal (millimetres). */
export function centimetres(dimensions) {
    const factor = dimensions.unit === 'CM' ? 1 : 2.54;
    const cm = (value) => Math.round(value * factor * 10) / 10;
    return { length: cm(dimensions.length), width: cm(dimensions.width), height: cm(dimensions.height) };
}
/**
 * An amount as the carrier wrote it (a JSON number) into our decimal string, without rounding: `135.3` stays
 * `"135.3"`. Exponent forms (tiny or huge numbers) are written out in plain digits.
 */
export function decimalFromWire(value) {
    const text = String(value);
    if (!/e/i.test(text))
        return text;
    const fixed = value.toFixed(20).replace(/\.?0+$/, '');
    return fixed === '-0' ? '0' : fixed;
}
/** A discount as a positive amount of kind DISCOUNT: the carrier may write it negative; only the sign is dropped. */
export function discountAmount(decimal) {
    return decimal.startsWith('-') ? decimal.slice(1) : decimal;
}
