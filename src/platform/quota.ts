/**
 * Call quotas that an upstream imposes on us (Group A unified tracking: "250 calls per day and at most one call every
 * five seconds" per application). The counter is an interface so replicas can share it through the store.
 */
export interface QuotaRule {
  minIntervalMs: number;
  dailyLimit: number;
}

export type QuotaDecision = { granted: true } | { granted: false; retryAt: Date; reason: 'interval' | 'daily' };

export interface QuotaCounter {
  /**
   * Atomically reserve one call for `key` at `now` under `rule`: granted only if the last granted call is at least
   * minIntervalMs ago and fewer than dailyLimit calls were granted in now's UTC day. When refused, retryAt is the
   * earliest instant a call could be granted (next interval slot, or next UTC midnight when the day is spent).
   */
  reserve(key: string, now: Date, rule: QuotaRule): Promise<QuotaDecision>;
}
