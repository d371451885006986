import { InputError } from './errors.js';
const PRINTABLE = 'printable characters (no control characters)';
export const TEXT_RULES = {
    // S1: carriers' numbers are 1 to 40 letters, digits and '-'.
    trackingNumber: { what: 'a tracking number', max: 40, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' },
    // U3: Group A divisions are lower-case names from configuration (express, ecommerce, ...).
    division: { what: 'a Group A division', max: 32, pattern: /^[a-z0-9-]+$/, charset: 'lower-case letters, digits and "-"' },
    // V1: Carrier B's carrierCode is a network code (express or ground network): short, letters, digits, '_' and '-'.
    carrierCode: { what: 'a carrier code', max: 16, pattern: /^[A-Za-z0-9_-]+$/, charset: 'letters, digits, "_" and "-"' },
    // V1: Carrier B's trackingNumberUniqueId (e.g. `20520~123456789012~FDEG`): visible ASCII, no spaces.
    carrierUniqueId: { what: "a carrier's unique id", max: 128, pattern: /^[\x21-\x7E]+$/, charset: 'visible ASCII characters (no spaces)' },
    language: { what: 'a language code', max: 8, pattern: /^[a-z]{2}([-_][A-Za-z]{2})?$/, charset: 'a language code such as "en" or "de-DE"' },
    // Carrier B reference values (order ids and the like): the carrier shows no set, so any printable text.
    referenceValue: { what: 'a reference', max: 64, pattern: null, charset: PRINTABLE },
    referenceType: { what: 'a reference type', max: 40, pattern: /^[A-Z][A-Z_]+$/, charset: 'upper-case letters and "_" (e.g. CUSTOMER_REFERENCE)' },
    // Ids this subgraph hands out (shipments, watches, push subscriptions): visible ASCII; their format is checked by
    // their own parser (src/domain/ids.ts) after these bounds.
    id: { what: 'an id', max: 256, pattern: /^[\x21-\x7E]+$/, charset: 'visible ASCII characters (no spaces)' },
    // P6: customer accounts are 1 to 40 letters, digits and '-' (the seed shows none).
    customerAccount: { what: 'a customer account', max: 40, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' },
    cursor: { what: 'a cursor', max: 19, pattern: /^(0|[1-9][0-9]*)$/, charset: 'decimal digits' },
};
/* C0 controls (NUL among them), DEL and C1 controls: never meaningful in an id, a code or a one-line value, and NUL
 * cannot be stored at all (PostgreSQL text and jsonb refuse it). */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
/* A lone UTF-16 surrogate is not a character: it has no UTF-8 form and PostgreSQL refuses it in jsonb. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Text with no control character and no lone surrogate: what a one-line value may hold. */
export function isPrintableText(value) {
    return !CONTROL.test(value) && !LONE_SURROGATE.test(value);
}
/** Text the store can hold (free text such as a description may span lines): no NUL, no lone surrogate. */
export function isStorableText(value) {
    return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}
/** Why `value` breaks `rule`, or null when it keeps it. An empty value breaks every rule. */
export function textProblem(value, rule) {
    if (value.length === 0)
        return `must not be empty; expected ${rule.what}`;
    if (value.length > rule.max)
        return `must be at most ${rule.max} characters (${rule.what})`;
    if (!isPrintableText(value))
        return `must contain only ${rule.pattern ? rule.charset : PRINTABLE}; found a control character`;
    if (rule.pattern && !rule.pattern.test(value))
        return `may contain only ${rule.charset} (${rule.what})`;
    return null;
}
/**
 * Checks a required string (trimmed first: surrounding blanks are a copy-paste accident, not part of a value) and
 * returns it trimmed; an InputError on `field` otherwise.
 */
export function checkText(value, field, rule) {
    const r = typeof rule === 'string' ? TEXT_RULES[rule] : rule;
    const trimmed = (value ?? '').trim();
    const problem = textProblem(trimmed, r);
    if (problem)
        throw new InputError(field, problem);
    return trimmed;
}
/** Like `checkText` for an optional string: null, undefined and blank mean "not given" and answer null. */
export function checkOptionalText(value, field, rule) {
    if (value === null || value === undefined || value.trim() === '')
        return null;
    return checkText(value, field, rule);
}
/**
 * The path (`shipments.0.status.description`) of the first string in a parsed JSON value, key or value, that the store
 * cannot hold (`isStorableText`); null when every string can be stored.
 */
export function findUnstorableText(value, path = []) {
    const here = () => (path.length > 0 ? path.join('.') : '(body)');
    if (typeof value === 'string')
        return isStorableText(value) ? null : here();
    if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i += 1) {
            const found = findUnstorableText(value[i], [...path, i]);
            if (found)
                return found;
        }
        return null;
    }
    if (typeof value === 'object' && value !== null) {
        for (const [key, inner] of Object.entries(value)) {
            if (!isStorableText(key))
                return `${here()} (a key)`;
            const found = findUnstorableText(inner, [...path, key]);
            if (found)
                return found;
        }
    }
    return null;
}
