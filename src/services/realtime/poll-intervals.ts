/**
 * When a watched shipment is polled next. Polling spends upstream calls, so it adapts: the default interval while a
 * shipment moves, a shorter one near delivery (out for delivery, or its estimated delivery is close or past), an
 * exponential backoff after failures, and no next poll at all once the status is terminal.
 */
import type { Shipment } from '../../domain/shipment.js';
import { isTerminal } from '../../domain/status.js';

export interface PollIntervals {
  /** Between polls of a shipment on its way. */
  defaultMs: number;
  /** Between polls near delivery. */
  nearDeliveryMs: number;
  /** Longest wait after repeated failures. */
  maxBackoffMs: number;
  /** "Near" an estimated delivery means within this much of it (before or after). */
  nearDeliveryWindowMs: number;
}

/** Production defaults: every 15 minutes, every 5 near delivery, at most 2 hours of backoff. */
export const DEFAULT_POLL_INTERVALS: PollIntervals = {
  defaultMs: 15 * 60_000,
  nearDeliveryMs: 5 * 60_000,
  maxBackoffMs: 2 * 60 * 60_000,
  nearDeliveryWindowMs: 2 * 60 * 60_000,
};

/**
 * Sandbox defaults: the simulators' shipments progress on a sped-up clock (SANDBOX_TIME_SCALE, 60 by default: a
 * sandbox hour per real minute; a shipment's scans are half an hour to eight sandbox hours apart), so `npm start` polls
 * every 10 s (5 s near delivery) and a subscriber sees each new scan within seconds of the sandbox making it.
 */
export const SANDBOX_POLL_INTERVALS: PollIntervals = {
  defaultMs: 10_000,
  nearDeliveryMs: 5_000,
  maxBackoffMs: 60_000,
  nearDeliveryWindowMs: 2 * 60 * 60_000,
};

/** The next poll after a successful one; null when polling stops (the seed's terminal statuses). */
export function nextPollAfterSuccess(shipments: readonly Shipment[], now: Date, intervals: PollIntervals): Date | null {
  if (shipments.length > 0 && shipments.every((s) => isTerminal(s.status.status))) return null;
  const near = shipments.some((s) => !isTerminal(s.status.status) && isNearDelivery(s, now, intervals.nearDeliveryWindowMs));
  return new Date(now.getTime() + (near ? intervals.nearDeliveryMs : intervals.defaultMs));
}

/**
 * The next poll after the `failures`-th failure in a row: twice the default interval, doubled per further failure, capped; never
 * before the upstream said it could serve again (a 429's Retry-After).
 */
export function nextPollAfterFailure(failures: number, now: Date, intervals: PollIntervals, retryAt: Date | null): Date {
  const backoff = Math.min(intervals.defaultMs * 2 ** Math.max(1, failures), intervals.maxBackoffMs);
  return new Date(Math.max(now.getTime() + backoff, retryAt?.getTime() ?? 0));
}

function isNearDelivery(shipment: Shipment, now: Date, windowMs: number): boolean {
  if (shipment.status.status === 'OUT_FOR_DELIVERY') return true;
  // Only instants are compared: a local date-time without offset is never read in a guessed time zone.
  const bounds = [shipment.estimatedDelivery?.from?.instant, shipment.estimatedDelivery?.to?.instant]
    .filter((v): v is string => typeof v === 'string')
    .map((v) => Date.parse(v))
    .filter((v) => !Number.isNaN(v));
  if (bounds.length === 0) return false;
  const earliest = Math.min(...bounds);
  return earliest - now.getTime() <= windowMs;
}
