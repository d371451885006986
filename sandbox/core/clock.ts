/**
 * Clocks. Shipment progress follows the sandbox clock (which a demo may speed up with `timeScale`, and a test may
 * pin or step); credentials and quotas follow the wall clock, so a sped-up demo does not expire tokens early and a
 * pinned data clock does not freeze the quota interval.
 */
export interface SandboxClock {
  now(): Date;
}

export const systemClock: SandboxClock = { now: () => new Date() };

/** Sandbox time that runs `timeScale` times faster than real time, starting from the real time of the call. */
export function scaledClock(timeScale: number, startedAt: Date = new Date()): SandboxClock {
  if (!(timeScale > 0)) throw new Error(`timeScale must be a positive number, got ${timeScale}`);
  const realStart = Date.now();
  const start = startedAt.getTime();
  return { now: () => new Date(start + (Date.now() - realStart) * timeScale) };
}

/** A clock that only moves when told to; for tests. */
export class ManualClock implements SandboxClock {
  private current: number;

  constructor(start: Date | string | number) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  set(to: Date | string | number): void {
    this.current = new Date(to).getTime();
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

/** The start of the UTC hour containing `at`; the default sandbox epoch, so restarts within an hour keep history. */
export function startOfUtcHour(at: Date): Date {
  const d = new Date(at.getTime());
  d.setUTCMinutes(0, 0, 0);
  return d;
}

/** `YYYY-MM-DD` of the UTC day containing `at` (quota days are UTC days, assumption U4). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Whole seconds from `at` to the next UTC midnight, at least 1. */
export function secondsToNextUtcMidnight(at: Date): number {
  const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - at.getTime()) / 1000));
}
