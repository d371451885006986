import { timestampIdentity } from './timestamp.js';
/**
 * Seed 000: "the tuple of `id`, `status.timestamp` and `status.statusCode` identifies a notification". The timestamp
 * counts as the moment it names, not as the string: `...10:00:00Z` and `...10:00:00+00:00` are one change.
 */
export function pushDedupKey(id, statusTimestamp, statusCode) {
    return `push|${id}|${timestampIdentity(statusTimestamp)}|${statusCode}`;
}
/** Seed 001: scan events "de-duplicated on the tuple of tracking number, `scanEvents[].date`, `eventType` and `locationId`". */
export function scanDedupKey(trackingNumber, date, eventType, locationId) {
    return `scan|${trackingNumber}|${date}|${eventType}|${locationId ?? ''}`;
}
export function matchesFilter(change, filter) {
    if (filter.trackingNumbers && !filter.trackingNumbers.includes(change.trackingNumber))
        return false;
    if (filter.carriers && !filter.carriers.includes(change.carrier))
        return false;
    if (filter.reference && !change.references.some((r) => r.value === filter.reference))
        return false;
    return true;
}
