const ISO = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;
/* Years 0001-9999: ISO 8601's four digits, without year 0000 (PostgreSQL has no year 0). */
const MIN_YEAR = 1;
const MAX_YEAR = 9999;
/* UTC offsets in use run from -12:00 to +14:00; PostgreSQL accepts up to 15:59. */
const MAX_OFFSET_MINUTES = 14 * 60;
function daysInMonth(year, month) {
    if (month === 2)
        return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
    return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
const pad = (n, width = 2) => String(n).padStart(width, '0');
/** Reads `value`; null when it is not a real date-time in range (wrong shape, 30 February, hour 24, year 0000 ...). */
export function readTimestamp(value) {
    const m = ISO.exec(value);
    if (!m)
        return null;
    const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number);
    const second = m[6] === undefined ? 0 : Number(m[6]);
    const fraction = (m[7] ?? '').replace(/0+$/, '');
    if (year < MIN_YEAR || year > MAX_YEAR)
        return null;
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
        return null;
    // Hour 24 and leap second 60 are valid ISO 8601 but read differently by every parser: refused.
    if (hour > 23 || minute > 59 || second > 59)
        return null;
    const clock = `${pad(hour)}:${pad(minute)}:${pad(second)}${fraction ? `.${fraction}` : ''}`;
    const offset = m[8];
    if (offset === undefined)
        return { kind: 'local', local: `${pad(year, 4)}-${pad(month)}-${pad(day)}T${clock}` };
    let offsetMinutes = 0;
    if (offset.toUpperCase() !== 'Z') {
        const digits = offset.slice(1).replace(':', '');
        const hours = Number(digits.slice(0, 2));
        const minutes = Number(digits.slice(2, 4));
        if (minutes > 59)
            return null;
        offsetMinutes = (offset[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
        if (Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES)
            return null;
    }
    // Whole seconds through Date (exact); the fraction is kept as written, so no precision is lost to milliseconds.
    const utcDate = new Date(0);
    utcDate.setUTCFullYear(year, month - 1, day);
    utcDate.setUTCHours(hour, minute - offsetMinutes, second, 0);
    const utcYear = utcDate.getUTCFullYear();
    // The UTC moment must itself be a year 0001-9999 date, so its canonical form has four digits like its input.
    if (utcYear < MIN_YEAR || utcYear > MAX_YEAR)
        return null;
    const utc = `${pad(utcYear, 4)}-${pad(utcDate.getUTCMonth() + 1)}-${pad(utcDate.getUTCDate())}T` +
        `${pad(utcDate.getUTCHours())}:${pad(utcDate.getUTCMinutes())}:${pad(utcDate.getUTCSeconds())}${fraction ? `.${fraction}` : ''}Z`;
    return { kind: 'instant', utc };
}
/**
 * The identity of a moment for deduplication: the UTC instant for a value with an offset (`...Z` and `...+00:00` are
 * one moment), the completed local date-time for one without. Values `readTimestamp` refuses are kept as written.
 */
export function timestampIdentity(value) {
    const read = readTimestamp(value.trim());
    if (!read)
        return value;
    return read.kind === 'instant' ? read.utc : read.local;
}
