/**
 * Call quotas that an upstream imposes on us (Group A unified tracking: "250 calls per day and at most one call every
 * five seconds" per application). The counter is an interface so replicas can share it through the store.
 */
export interface QuotaRule {
  minIntervalMs: number;
  dailyLimit: number;
  /**
   * The longest one call may take (connect, headers and body timeouts together). The upstream measures the interval
   * where calls ARRIVE, and a call's request may still be travelling until its answer is in; so a granted call holds
   * the interval from `now + holdMs` until `complete()` says when its answer arrived, and the interval then runs from
   * that instant. A holder that dies never completes: its hold lapses at `now + holdMs`. 0 (the default), or no
   * interval to keep: the interval runs from the grant.
   */
  holdMs?: number;
}

export type QuotaDecision =
  | { granted: true }
  | {
      granted: false;
      retryAt: Date;
      /** `in-flight`: a call granted to someone else has not completed yet; retryAt is when its hold lapses at the latest. */
      reason: 'interval' | 'daily' | 'in-flight';
    };

export interface QuotaCounter {
  /**
   * Atomically reserve one call for `key` at `now` under `rule`: granted only if the interval runs out by `now` (it
   * runs from the last completed call, or from the end of a granted call's hold) and fewer than dailyLimit calls were
   * granted in now's UTC day. When refused, retryAt is the earliest instant a call could be granted (next interval
   * slot, end of an uncompleted call's hold, or next UTC midnight when the day is spent).
   */
  reserve(key: string, now: Date, rule: QuotaRule): Promise<QuotaDecision>;
  /**
   * The call granted at `grantedAt` under `rule` got its answer (or failed) at `completedAt`: the interval now runs from
   * `completedAt`. Does nothing when that hold was already taken over (it lapsed and someone else was granted).
   */
  complete(key: string, grantedAt: Date, rule: QuotaRule, completedAt: Date): Promise<void>;
  /**
   * Rules without an interval only: reserve `count` calls of now's UTC day at once, all or none (false when fewer are
   * left). A counter that costs a store statement a call offers it, so busy callers can reserve in blocks.
   */
  reserveBlock?(key: string, now: Date, rule: QuotaRule, count: number): Promise<boolean>;
}

/** The instant until which a call granted at `grantedAt` holds the interval, unless completed earlier. */
export function heldUntil(grantedAt: Date, rule: QuotaRule): Date {
  return new Date(grantedAt.getTime() + (rule.minIntervalMs > 0 ? (rule.holdMs ?? 0) : 0));
}
