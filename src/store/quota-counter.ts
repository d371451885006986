/**
 * QuotaCounter backed by the store, so replicas sharing one PostgreSQL share one budget. The check and the update
 * are ONE statement (INSERT ... ON CONFLICT DO UPDATE ... WHERE ... RETURNING): PostgreSQL locks the conflicting row
 * and re-evaluates the WHERE against its latest committed version, so concurrent callers cannot both pass.
 *
 * `last_granted_at` is the instant the interval runs from: a grant writes the end of its hold (now + holdMs), and
 * complete() moves it back to when the call's answer arrived, so another replica's next call is spaced from that
 * arrival (the upstream counts the interval where calls arrive, assumption U6).
 */
import { heldUntil, type QuotaCounter, type QuotaDecision, type QuotaRule } from '../platform/quota.js';
import type { Queryable } from './store.js';

/*
 * $1 key, $2 now (ISO instant), $3 minIntervalMs, $4 dailyLimit, $5 the grant's hold end (ISO instant). A row is
 * returned only when the call is granted. The UTC day is computed in SQL with AT TIME ZONE 'UTC', independent of the
 * session time zone.
 */
const RESERVE_SQL = `
INSERT INTO quota_counters AS q (key, last_granted_at, day, day_count)
SELECT $1::text, $5::timestamptz, ($2::timestamptz AT TIME ZONE 'UTC')::date, 1
WHERE $4::integer > 0
ON CONFLICT (key) DO UPDATE SET
  last_granted_at = EXCLUDED.last_granted_at,
  day = EXCLUDED.day,
  day_count = CASE WHEN q.day = EXCLUDED.day THEN q.day_count + 1 ELSE 1 END
WHERE q.last_granted_at + $3::double precision * interval '1 millisecond' <= $2::timestamptz
  AND (q.day < EXCLUDED.day OR q.day_count < $4::integer)
RETURNING q.key`;

/*
 * $1 key, $2 now (ISO instant), $3 dailyLimit, $4 count: `count` calls of now's UTC day, all or none. A row already on a
 * later day (another replica's clock ahead) refuses: the single reservation decides that case.
 */
const RESERVE_BLOCK_SQL = `
INSERT INTO quota_counters AS q (key, last_granted_at, day, day_count)
SELECT $1::text, $2::timestamptz, ($2::timestamptz AT TIME ZONE 'UTC')::date, $4::integer
WHERE $4::integer <= $3::integer
ON CONFLICT (key) DO UPDATE SET
  last_granted_at = EXCLUDED.last_granted_at,
  day = EXCLUDED.day,
  day_count = CASE WHEN q.day = EXCLUDED.day THEN q.day_count + $4::integer ELSE $4::integer END
WHERE (q.day < EXCLUDED.day AND $4::integer <= $3::integer) OR (q.day = EXCLUDED.day AND q.day_count + $4::integer <= $3::integer)
RETURNING q.key`;

/* $1 key, $2 the grant's hold end, $3 completion. Only the holder's own row: a lapsed hold someone else took over stays. */
const COMPLETE_SQL = `
UPDATE quota_counters SET last_granted_at = $3::timestamptz WHERE key = $1 AND last_granted_at = $2::timestamptz`;

/* Read only after a refusal, to say when to come back. Plain types so both backends parse them alike. */
const STATE_SQL = `
SELECT (extract(epoch FROM last_granted_at) * 1000)::float8 AS last_granted_ms, day::text AS day, day_count
FROM quota_counters WHERE key = $1`;

export interface QuotaState {
  lastGrantedMs: number;
  /** YYYY-MM-DD, UTC */
  day: string;
  dayCount: number;
}

interface StateRow {
  last_granted_ms: number;
  day: string;
  day_count: number;
}

export class StoreQuotaCounter implements QuotaCounter {
  constructor(private readonly db: Queryable) {}

  async reserve(key: string, now: Date, rule: QuotaRule): Promise<QuotaDecision> {
    assertRule(rule);
    // Refusals are explained from a re-read of the row. A completion between the two statements can move the row back
    // so that the re-read no longer refuses: then the reservation is simply tried again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const hold = heldUntil(now, rule).toISOString();
      const granted = await this.db.query(RESERVE_SQL, [key, now.toISOString(), rule.minIntervalMs, rule.dailyLimit, hold]);
      if (granted.rowCount > 0) return { granted: true };
      const { rows } = await this.db.query<StateRow>(STATE_SQL, [key]);
      const row = rows[0];
      const state = row && { lastGrantedMs: row.last_granted_ms, day: row.day, dayCount: row.day_count };
      const refusal = explainRefusal(state, now, rule);
      if (refusal) return refusal;
    }
    throw new Error(`quota ${key}: refused without a reason after 3 attempts`);
  }

  async reserveBlock(key: string, now: Date, rule: QuotaRule, count: number): Promise<boolean> {
    assertRule(rule);
    if (rule.minIntervalMs !== 0) throw new RangeError('reserveBlock is for rules without an interval');
    const granted = await this.db.query(RESERVE_BLOCK_SQL, [key, now.toISOString(), rule.dailyLimit, count]);
    return granted.rowCount > 0;
  }

  async complete(key: string, grantedAt: Date, rule: QuotaRule, completedAt: Date): Promise<void> {
    await this.db.query(COMPLETE_SQL, [key, heldUntil(grantedAt, rule).toISOString(), completedAt.toISOString()]);
  }
}

/** Why `state` refuses a call at `now` under `rule`, with the earliest instant one could be granted; null if it does not. */
export function explainRefusal(
  state: QuotaState | undefined,
  now: Date,
  rule: QuotaRule,
): Extract<QuotaDecision, { granted: false }> | null {
  const nextMidnight = nextUtcMidnight(now);
  if (rule.dailyLimit <= 0) return { granted: false, reason: 'daily', retryAt: nextMidnight };
  if (!state) return null;
  const intervalFreeAt = state.lastGrantedMs + rule.minIntervalMs;
  const daySpent = state.day === utcDay(now) && state.dayCount >= rule.dailyLimit;
  if (daySpent) {
    // Tomorrow's first call must still respect the interval after today's last one.
    return { granted: false, reason: 'daily', retryAt: new Date(Math.max(nextMidnight.getTime(), intervalFreeAt)) };
  }
  // `>` and not `>=`: the SQL grants a call exactly minIntervalMs after the last one.
  if (intervalFreeAt > now.getTime()) {
    // A row in the future is a hold: a call granted elsewhere has not said when its answer arrived.
    const reason = state.lastGrantedMs > now.getTime() ? 'in-flight' : 'interval';
    return { granted: false, reason, retryAt: new Date(intervalFreeAt) };
  }
  return null;
}

function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

function assertRule(rule: QuotaRule): void {
  if (!(Number.isFinite(rule.minIntervalMs) && rule.minIntervalMs >= 0)) {
    throw new RangeError(`minIntervalMs must be a finite number >= 0, got ${rule.minIntervalMs}`);
  }
  if (!(Number.isInteger(rule.dailyLimit) && rule.dailyLimit >= 0)) {
    throw new RangeError(`dailyLimit must be an integer >= 0, got ${rule.dailyLimit}`);
  }
}
