import type { QuotaCounter, QuotaDecision, QuotaRule } from './quota.js';

interface Usage {
  lastGrantedAt: number;
  day: string;
  calls: number;
}

/** A single-process quota counter; the store's counter replaces it when replicas share one quota. */
export class MemoryQuotaCounter implements QuotaCounter {
  private readonly usage = new Map<string, Usage>();

  async reserve(key: string, now: Date, rule: QuotaRule): Promise<QuotaDecision> {
    const day = now.toISOString().slice(0, 10);
    const current = this.usage.get(key);
    const calls = current && current.day === day ? current.calls : 0;
    if (calls >= rule.dailyLimit) {
      return { granted: false, retryAt: nextUtcMidnight(now), reason: 'daily' };
    }
    if (current && now.getTime() - current.lastGrantedAt < rule.minIntervalMs) {
      return { granted: false, retryAt: new Date(current.lastGrantedAt + rule.minIntervalMs), reason: 'interval' };
    }
    this.usage.set(key, { lastGrantedAt: now.getTime(), day, calls: calls + 1 });
    return { granted: true };
  }
}

export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
