import { hash32 } from '../core/prng.js';
/**
 * The e-commerce network the simulator pretends to run (assumptions E7, E9, E10, D13): distribution centers, the
 * countries it delivers to, zones and business days. Everything is derived from the sandbox seed and the lane, never
 * from the clock, so the same request gets the same answer on every run.
 */
/** Distribution centers the sandbox knows; all in the United States (the seed's units are LB and IN). */
export const ECOMMERCE_DISTRIBUTION_CENTERS = {
    USATL1: 'US',
    USLAX1: 'US',
    USORD1: 'US',
    USEWR1: 'US',
    USDFW1: 'US',
};
/** International destinations by region (1 nearest); any other country is not served (empty products). */
export const ECOMMERCE_INTERNATIONAL_REGIONS = {
    CA: 1,
    MX: 1,
    GB: 2,
    DE: 2,
    FR: 2,
    AU: 3,
    JP: 3,
    IN: 3,
};
/** Heaviest package the sandbox accepts; above it the products call is refused with a 400 problem. */
export const ECOMMERCE_MAX_WEIGHT_LB = 70;
/** Domestic ZIP codes starting `99` (remote areas in the sandbox's world) have no product: the lane is not served. */
export function domesticLaneServed(postalCode) {
    return /^\d{5}(-\d{4})?$/.test(postalCode) && !postalCode.startsWith('99');
}
/** Zone 2 (near) to 8 (far) from the distribution center to the destination's 3-digit ZIP prefix. */
export function domesticZone(seed, distributionCenter, postalCode) {
    return 2 + (hash32(seed, 'ecommerce-zone', distributionCenter, postalCode.slice(0, 3)) % 7);
}
/** A seeded yes/no for one lane and purpose (e.g. whether expedited is offered there). */
export function laneDraw(seed, purpose, lane, oneIn) {
    return hash32(seed, 'ecommerce-lane', purpose, lane) % oneIn === 0;
}
/** `YYYY-MM-DD` plus `days` business days (Monday to Friday); a weekend ship date counts from the next Monday. */
export function addBusinessDays(shipDate, days) {
    const date = new Date(`${shipDate}T00:00:00Z`);
    const skipWeekend = () => {
        while (date.getUTCDay() === 0 || date.getUTCDay() === 6)
            date.setUTCDate(date.getUTCDate() + 1);
    };
    skipWeekend();
    for (let left = days; left > 0; left -= 1) {
        date.setUTCDate(date.getUTCDate() + 1);
        skipWeekend();
    }
    return date.toISOString().slice(0, 10);
}
/** Integer minor units as the JSON number the interface sends (842 -> 8.42). */
export function fromCents(cents) {
    return cents / 100;
}
/** `percent` of an amount in minor units, rounded half up (integer arithmetic only). */
export function percentOf(cents, percent) {
    return Math.floor((cents * percent + 50) / 100);
}
