/**
 * What the e-commerce interface measures in (seed 000, label request: weight `unitOfMeasure` "`LB` appears",
 * dimension "`IN` appears") and the tables that read its products answer (assumption E7), in one place.
 */
/** The international avoirdupois pound and inch are defined exactly in kilograms and centimetres. */
const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;
/**
 * Rounded UP to hundredths (E8): a package is never declared lighter or smaller than it is, since a carrier re-weighs
 * and bills the difference. The small epsilon keeps an exact value (2.2 LB) from being pushed up by binary noise.
 */
function ceilHundredths(value) {
    return Math.ceil(value * 100 - 1e-7) / 100;
}
export function weightInPounds(weight) {
    return ceilHundredths(weight.unit === 'LB' ? weight.value : weight.value / KG_PER_LB);
}
export function dimensionsInInches(dimensions) {
    const inches = (value) => ceilHundredths(dimensions.unit === 'IN' ? value : value / CM_PER_IN);
    return {
        length: inches(dimensions.length),
        width: inches(dimensions.width),
        height: inches(dimensions.height),
        unitOfMeasure: 'IN',
    };
}
/**
 * Product codes the simulator answers (E7); the seed names none. A code not listed is OTHER with its own code and
 * name kept (DESIGN.md: never invent a level).
 */
export const ECOMMERCE_PRODUCT_LEVELS = {
    GND: 'GROUND',
    EXP: 'EXPRESS',
    PKY: 'ECONOMY',
    PLT: 'EXPRESS',
};
export function ecommerceServiceLevel(productCode) {
    return ECOMMERCE_PRODUCT_LEVELS[productCode.toUpperCase()] ?? 'OTHER';
}
/** `rateComponents[].type` (E7) to our charge kinds; another word is OTHER with the native code kept. */
const COMPONENT_KINDS = {
    BASE: 'BASE',
    SURCHARGE: 'SURCHARGE',
    DISCOUNT: 'DISCOUNT',
    TAX: 'TAX',
    DUTY: 'DUTY',
};
export function ecommerceChargeKind(type) {
    return (type ? COMPONENT_KINDS[type.toUpperCase()] : undefined) ?? 'OTHER';
}
/** `rate.rateType` as the answer says it (E7); absent is OTHER with no native word, never a guess. */
export function ecommerceRateType(native) {
    if (!native)
        return 'OTHER';
    const word = native.toUpperCase();
    return word === 'LIST' || word === 'ACCOUNT' ? word : 'OTHER';
}
/** A wire amount (a JSON number already checked to be in plain notation) as our decimal string. */
export function decimalOf(amount) {
    return String(amount);
}
