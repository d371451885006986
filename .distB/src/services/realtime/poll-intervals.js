import { isTerminal } from '../../domain/status.js';
/** Production defaults: every 15 minutes, every 5 near delivery, at most 2 hours of backoff. */
export const DEFAULT_POLL_INTERVALS = {
    defaultMs: 15 * 60_000,
    nearDeliveryMs: 5 * 60_000,
    maxBackoffMs: 2 * 60 * 60_000,
    nearDeliveryWindowMs: 2 * 60 * 60_000,
};
/**
 * Sandbox defaults: the simulators' shipments progress on a sped-up clock (SANDBOX_TIME_SCALE, 60 by default: a
 * sandbox hour per real minute), so `npm start` polls every 10 s (5 s near delivery) and a subscriber sees new scans
 * within seconds with no configuration.
 */
export const SANDBOX_POLL_INTERVALS = {
    defaultMs: 10_000,
    nearDeliveryMs: 5_000,
    maxBackoffMs: 60_000,
    nearDeliveryWindowMs: 2 * 60 * 60_000,
};
/** The next poll after a successful one; null when polling stops (the seed's terminal statuses). */
export function nextPollAfterSuccess(shipments, now, intervals) {
    if (shipments.length > 0 && shipments.every((s) => isTerminal(s.status.status)))
        return null;
    const near = shipments.some((s) => !isTerminal(s.status.status) && isNearDelivery(s, now, intervals.nearDeliveryWindowMs));
    return new Date(now.getTime() + (near ? intervals.nearDeliveryMs : intervals.defaultMs));
}
/**
 * The next poll after the `failures`-th failure in a row: twice the default interval, doubled per further failure, capped; never
 * before the upstream said it could serve again (a 429's Retry-After).
 */
export function nextPollAfterFailure(failures, now, intervals, retryAt) {
    const backoff = Math.min(intervals.defaultMs * 2 ** Math.max(1, failures), intervals.maxBackoffMs);
    return new Date(Math.max(now.getTime() + backoff, retryAt?.getTime() ?? 0));
}
function isNearDelivery(shipment, now, windowMs) {
    if (shipment.status.status === 'OUT_FOR_DELIVERY')
        return true;
    // Only instants are compared: a local date-time without offset is never read in a guessed time zone.
    const bounds = [shipment.estimatedDelivery?.from?.instant, shipment.estimatedDelivery?.to?.instant]
        .filter((v) => typeof v === 'string')
        .map((v) => Date.parse(v))
        .filter((v) => !Number.isNaN(v));
    if (bounds.length === 0)
        return false;
    const earliest = Math.min(...bounds);
    return earliest - now.getTime() <= windowMs;
}
