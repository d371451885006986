/**
 * What an idempotency key is checked against, and the purchase reference derived from it.
 *
 * - `requestHash`: sha256 of the checked input in a canonical JSON form (object keys sorted, undefined dropped), so
 *   the same input sent again hashes the same whatever the order its fields were built in, and any change of value is
 *   "another input" (Stripe's rule: the same key with another input is refused).
 * - `purchaseReference`: written into the shipment's customer references (and used as the e-commerce `packageId` when
 *   the caller gave none), so a lost answer is found by looking it up. At most 30 characters of [A-Za-z0-9-], the
 *   tightest field it goes into (e-commerce `packageId`, seed 000); the same for one scope and key, always.
 */
import { createHash } from 'node:crypto';
/** JSON with object keys sorted at every depth; Dates as ISO strings, Buffers as base64, undefined members dropped. */
export function canonicalJson(value) {
    return JSON.stringify(canonicalize(value));
}
function canonicalize(value) {
    if (value === null || typeof value !== 'object')
        return value;
    if (value instanceof Date)
        return value.toISOString();
    if (Buffer.isBuffer(value))
        return { base64: value.toString('base64') };
    if (Array.isArray(value))
        return value.map((v) => (v === undefined ? null : canonicalize(v)));
    const out = {};
    for (const k of Object.keys(value).sort()) {
        const v = value[k];
        if (v !== undefined)
            out[k] = canonicalize(v);
    }
    return out;
}
/** The hash stored beside a key. */
export function requestHash(scope, input) {
    return createHash('sha256').update(scope).update('\n').update(canonicalJson(input)).digest('hex');
}
export const PURCHASE_REFERENCE_MAX = 30;
/**
 * `PR-` and 27 hex digits (108 bits) of sha256(scope, key): 30 characters of [A-Za-z0-9-]. Derived, not random, so a
 * process that died before storing anything still wrote a reference any replica can recompute from the key.
 */
export function purchaseReference(scope, idempotencyKey) {
    const digest = createHash('sha256').update('purchase-reference\n').update(scope).update('\n').update(idempotencyKey).digest('hex');
    return `PR-${digest.slice(0, PURCHASE_REFERENCE_MAX - 3)}`;
}
