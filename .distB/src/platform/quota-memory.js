import { heldUntil } from './quota.js';
/** A single-process quota counter; the store's counter replaces it when replicas share one quota. */
export class MemoryQuotaCounter {
    usage = new Map();
    async reserve(key, now, rule) {
        const day = now.toISOString().slice(0, 10);
        const current = this.usage.get(key);
        const calls = current && current.day === day ? current.calls : 0;
        if (calls >= rule.dailyLimit) {
            return { granted: false, retryAt: nextUtcMidnight(now), reason: 'daily' };
        }
        if (current && now.getTime() - current.intervalFrom < rule.minIntervalMs) {
            const retryAt = new Date(current.intervalFrom + rule.minIntervalMs);
            return { granted: false, retryAt, reason: current.intervalFrom > now.getTime() ? 'in-flight' : 'interval' };
        }
        this.usage.set(key, { intervalFrom: heldUntil(now, rule).getTime(), day, calls: calls + 1 });
        return { granted: true };
    }
    async complete(key, grantedAt, rule, completedAt) {
        const current = this.usage.get(key);
        if (current && current.intervalFrom === heldUntil(grantedAt, rule).getTime())
            current.intervalFrom = completedAt.getTime();
    }
}
export function nextUtcMidnight(now) {
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
