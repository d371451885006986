import { createHash } from 'node:crypto';
/**
 * The identity of a validated rate request for coalescing and caching: canonical JSON (keys sorted at every level,
 * so two requests that differ only in the order a client wrote its fields are one), hashed so a key stays short and
 * holds no address text in memory dumps. Filters and strategy are not part of it: they choose among and order the
 * same carrier answers, so a FASTEST request after a CHEAPEST one reuses the quotes.
 */
export function rateRequestKey(request) {
    return createHash('sha256').update(canonicalJson(request)).digest('base64url');
}
export function canonicalJson(value) {
    if (Array.isArray(value))
        return `[${value.map(canonicalJson).join(',')}]`;
    if (value !== null && typeof value === 'object') {
        const entries = Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
    }
    return JSON.stringify(value ?? null);
}
