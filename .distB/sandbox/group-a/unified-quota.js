import { secondsToNextUtcMidnight, utcDay } from '../core/clock.js';
import { problem } from './problem.js';
/**
 * The seed's initial quota of interface A, per application key: "250 calls per day and at most one call every five
 * seconds"; "When a request to interface A exceeds the quota, then the answer is HTTP 429". The day is the UTC day
 * (assumption U4); the 429 carries `Retry-After` in seconds (assumption U5). Refused calls do not count.
 */
export class UnifiedQuotaLimiter {
    quota;
    wallClock;
    perKey = new Map();
    constructor(quota, wallClock) {
        this.quota = quota;
        this.wallClock = wallClock;
    }
    /** Reserves one call for `key`, or answers the 429 problem. */
    take(req, key) {
        const now = this.wallClock.now();
        const day = utcDay(now);
        const state = this.perKey.get(key);
        const count = state && state.day === day ? state.count : 0;
        if (count >= this.quota.dailyQuota) {
            const wait = secondsToNextUtcMidnight(now);
            return problem(req, 429, `The daily quota of ${this.quota.dailyQuota} calls for this key is used up; it resets at 00:00 UTC.`, {
                'retry-after': String(wait),
            });
        }
        if (state) {
            const waitMs = state.lastAt + this.quota.minIntervalMs - now.getTime();
            if (waitMs > 0) {
                return problem(req, 429, `At most one call every ${this.quota.minIntervalMs} ms is allowed for this key; retry in ${waitMs} ms.`, {
                    'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
                });
            }
        }
        this.perKey.set(key, { lastAt: now.getTime(), day, count: count + 1 });
        return undefined;
    }
}
