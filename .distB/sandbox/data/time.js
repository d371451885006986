/**
 * Renders one instant the ways the upstreams write time: with an offset (Carrier B scans, e-commerce events),
 * as a local date-time without offset (unified tracking), or as separate date, time and GMT offset (express).
 */
const pad = (n, width = 2) => String(n).padStart(width, '0');
/** The wall-clock reading at a place with a fixed UTC offset, as a Date whose UTC fields hold the local fields. */
function shifted(at, offsetMinutes) {
    return new Date(at.getTime() + offsetMinutes * 60_000);
}
/** `YYYY-MM-DD` at the place. */
export function localDate(at, offsetMinutes) {
    return shifted(at, offsetMinutes).toISOString().slice(0, 10);
}
/** `HH:MM:SS` at the place. */
export function localTime(at, offsetMinutes) {
    return shifted(at, offsetMinutes).toISOString().slice(11, 19);
}
/** `YYYY-MM-DDTHH:MM:SS` at the place, without offset ("ISO 8601 local date-time without offset"). */
export function localDateTime(at, offsetMinutes) {
    return `${localDate(at, offsetMinutes)}T${localTime(at, offsetMinutes)}`;
}
/** `+HH:MM` / `-HH:MM`. */
export function offsetText(offsetMinutes) {
    const sign = offsetMinutes < 0 ? '-' : '+';
    const abs = Math.abs(offsetMinutes);
    return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
/** `YYYY-MM-DDTHH:MM:SS+HH:MM` ("ISO 8601 with offset"). */
export function isoWithOffset(at, offsetMinutes) {
    return `${localDateTime(at, offsetMinutes)}${offsetText(offsetMinutes)}`;
}
