export const systemClock = { now: () => new Date() };
/** Sandbox time that runs `timeScale` times faster than real time, starting from the real time of the call. */
export function scaledClock(timeScale, startedAt = new Date()) {
    if (!(timeScale > 0))
        throw new Error(`timeScale must be a positive number, got ${timeScale}`);
    const realStart = Date.now();
    const start = startedAt.getTime();
    return { now: () => new Date(start + (Date.now() - realStart) * timeScale) };
}
/** A clock that only moves when told to; for tests. */
export class ManualClock {
    current;
    constructor(start) {
        this.current = new Date(start).getTime();
    }
    now() {
        return new Date(this.current);
    }
    set(to) {
        this.current = new Date(to).getTime();
    }
    advance(ms) {
        this.current += ms;
    }
}
/** The start of the UTC hour containing `at`; the default sandbox epoch, so restarts within an hour keep history. */
export function startOfUtcHour(at) {
    const d = new Date(at.getTime());
    d.setUTCMinutes(0, 0, 0);
    return d;
}
/** `YYYY-MM-DD` of the UTC day containing `at` (quota days are UTC days, assumption U4). */
export function utcDay(at) {
    return at.toISOString().slice(0, 10);
}
/** Whole seconds from `at` to the next UTC midnight, at least 1. */
export function secondsToNextUtcMidnight(at) {
    const next = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
    return Math.max(1, Math.ceil((next - at.getTime()) / 1000));
}
