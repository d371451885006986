const OFFSET_RE = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;
/** Reads an ISO 8601 string: with an offset it is an instant, without one a local date-time. */
export function carrierTimeFromIso(value) {
    if (!value)
        return null;
    const trimmed = value.trim();
    if (OFFSET_RE.test(trimmed) && !Number.isNaN(Date.parse(trimmed))) {
        return { instant: normaliseOffset(trimmed), localDateTime: null };
    }
    if (LOCAL_RE.test(trimmed))
        return { instant: null, localDateTime: padLocal(trimmed) };
    return null;
}
/** Completes a local value to `YYYY-MM-DDTHH:MM:SS` (a bare date reads as its start), the shape clients parse. */
function padLocal(value) {
    if (value.length === 10)
        return `${value}T00:00:00`;
    if (value.length === 16)
        return `${value}:00`;
    return value;
}
/** Adds the colon to a `+0530` style offset so every instant reads `+05:30`. */
function normaliseOffset(value) {
    return value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
}
/** The instant's epoch milliseconds, or for a local date-time its reading as if UTC (ordering only, never shown). */
export function sortKeyOf(time) {
    if (!time)
        return Number.NEGATIVE_INFINITY;
    if (time.instant)
        return Date.parse(time.instant);
    if (time.localDateTime)
        return Date.parse(`${time.localDateTime}Z`);
    return Number.NEGATIVE_INFINITY;
}
