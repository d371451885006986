/**
 * Rate shops under load: the express daily quota (a store statement a reservation, shared by replicas) is reserved in
 * blocks when calls come fast, so a busy rate shop does not pay a store statement a call; the day's limit still holds
 * exactly, every call is reserved before it is made, and slow traffic reserves one call at a time as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/domain/errors.js';
import { createMetrics } from '../../src/platform/metrics.js';
import { blockCap, MAX_BLOCK, QuotaLimiter } from '../../src/platform/quota-limiter.js';
import { StoreQuotaCounter } from '../../src/store/quota-counter.js';
import { openStore, type Queryable, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';

/** The store, counting the statements the counter sends it. */
function counting(store: Store): { db: Queryable; statements: () => number } {
  let statements = 0;
  return { db: { query: (sql, params) => { statements += 1; return store.query(sql, params); } }, statements: () => statements };
}

async function dayCount(store: Store, key: string): Promise<number> {
  const { rows } = await store.query<{ day_count: number }>('SELECT day_count FROM quota_counters WHERE key = $1', [key]);
  return rows[0]?.day_count ?? 0;
}

describe.each(STORE_BACKENDS)('the express daily quota under load, on $name', (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore(await backend.options());
  });
  afterAll(async () => {
    await store?.close();
  });

  const limiterOn = (db: Queryable, key: string, dailyLimit: number, now: () => number) =>
    new QuotaLimiter({ upstream: 'group-a/express', key, rule: { minIntervalMs: 0, dailyLimit }, counter: new StoreQuotaCounter(db), maxWaitMs: 0, metrics: createMetrics(), now });

  it('200 calls within a second cost at most a statement per block, not one a call', async () => {
    const { db, statements } = counting(store);
    let t = Date.parse('2030-03-10T12:00:00Z');
    const quota = limiterOn(db, 'blocks-fast', 1_000_000, () => t);
    for (let i = 0; i < 200; i++) {
      await quota.acquire();
      t += 4; // 250 calls a second
    }
    // Blocks of 1, 2, 4, 8, then 16 (a day of at most 1,600): 4 + ceil((200 - 15) / 16) = 16 statements at most.
    expect(statements()).toBeLessThanOrEqual(4 + Math.ceil((200 - 15) / MAX_BLOCK));
    expect(await dayCount(store, 'blocks-fast')).toBeGreaterThanOrEqual(200);
    expect(await dayCount(store, 'blocks-fast')).toBeLessThan(200 + blockCap(1_000_000));
  });

  it('slow calls reserve one at a time: the store counts exactly the calls made', async () => {
    const { db, statements } = counting(store);
    let t = Date.parse('2030-03-10T12:00:00Z');
    const quota = limiterOn(db, 'blocks-slow', 1_000_000, () => t);
    for (let i = 0; i < 10; i++) {
      await quota.acquire();
      t += 1_500;
    }
    expect(statements()).toBe(10);
    expect(await dayCount(store, 'blocks-slow')).toBe(10);
  });

  it('a burst after a quiet spell is reserved in blocks covering the callers queued, not 1, 2, 4, 8 one after another', async () => {
    const { db, statements } = counting(store);
    const t = Date.parse('2030-03-10T12:00:00Z');
    const quota = limiterOn(db, 'blocks-burst', 1_000_000, () => t);
    // 50 rate shops arriving at once: each express call waits for the reservation ahead of it.
    await Promise.all(Array.from({ length: 50 }, () => quota.acquire()));
    // One block for the 50 on a large day (four of 16 on a day of 500), where doubling from one took seven (1, 2, 4, 8,
    // 16, 16, 16) one after another.
    expect(statements()).toBe(1);
    expect(await dayCount(store, 'blocks-burst')).toBe(50);
    const small = counting(store);
    const express = limiterOn(small.db, 'blocks-burst-500', 500, () => t);
    await Promise.all(Array.from({ length: 50 }, () => express.acquire()));
    expect(small.statements()).toBe(Math.ceil(50 / MAX_BLOCK));
    expect(await dayCount(store, 'blocks-burst-500')).toBeLessThan(50 + MAX_BLOCK);
  });

  it('a large day is reserved in blocks of up to 1 % of it (at most 256), a day of up to 1,600 in blocks of at most 16', async () => {
    expect([500, 1_600, 3_200, 1_000_000].map(blockCap)).toEqual([16, 16, 32, 256]);
    const { db, statements } = counting(store);
    let t = Date.parse('2030-03-10T12:00:00Z');
    const quota = limiterOn(db, 'blocks-large-day', 1_000_000, () => t);
    for (let i = 0; i < 1000; i++) {
      await quota.acquire();
      t += 4; // 250 calls a second, as rate shops under load
    }
    // Blocks of 1, 2, 4 ... 128 (255 calls), then 256 and 128 by turns (256 at this pace last just over a second):
    // 12 statements, where blocks of 16 took 66.
    expect(statements()).toBeLessThanOrEqual(12);
    expect(await dayCount(store, 'blocks-large-day')).toBeLessThan(1000 + 256);
  });

  it("calls left in yesterday's block are not made today: the new day's first call reserves in the new day", async () => {
    let t = Date.parse('2030-03-10T23:59:59.000Z');
    const quota = limiterOn(store, 'blocks-midnight', 1_000_000, () => t);
    await Promise.all(Array.from({ length: 8 }, () => quota.acquire()));
    await quota.acquire(); // from the block's calls left, without a statement
    t = Date.parse('2030-03-11T00:00:00.100Z');
    await quota.acquire();
    const { rows } = await store.query<{ day: string; day_count: number }>('SELECT day::text AS day, day_count FROM quota_counters WHERE key = $1', ['blocks-midnight']);
    expect(rows[0]?.day).toBe('2030-03-11');
    expect(rows[0]?.day_count).toBeGreaterThanOrEqual(1);
  });

  it('the day never grants more than its limit, a block crossing the limit falls back to single calls, concurrent callers included', async () => {
    const t = Date.parse('2030-03-10T12:00:00Z');
    const quota = limiterOn(store, 'blocks-limit', 37, () => t);
    const outcomes = await Promise.all(Array.from({ length: 60 }, () => quota.acquire().then(() => 'granted', (e: unknown) => (e instanceof UpstreamError ? e.code : String(e)))));
    expect(outcomes.filter((o) => o === 'granted')).toHaveLength(37);
    expect(outcomes.filter((o) => o === 'UPSTREAM_RATE_LIMITED')).toHaveLength(23);
    expect(await dayCount(store, 'blocks-limit')).toBe(37);
    // The next UTC day starts afresh.
    const tomorrow = limiterOn(store, 'blocks-limit', 37, () => Date.parse('2030-03-11T00:00:01Z'));
    await tomorrow.acquire();
    expect(await dayCount(store, 'blocks-limit')).toBe(1);
  });
});
