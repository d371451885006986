/**
 * One suite, run against every backend the store supports: PGlite in memory, PGlite on a directory, and a real
 * PostgreSQL (test/support/global-setup.ts). The same SQL must behave the same on all of them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations } from '../../src/store/migrations.js';
import { StoreQuotaCounter } from '../../src/store/quota-counter.js';
import { openStore, type Store, type StoreOptions } from '../../src/store/store.js';
import { createPostgresTestDatabase } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';

interface Prepared {
  options: StoreOptions;
  cleanup(): Promise<void>;
}

interface Backend {
  name: string;
  /** Data survives close() and reopen. */
  persistent: boolean;
  /** A server: several Store instances can be open on the same data at once. */
  server: boolean;
  prepare(): Promise<Prepared>;
}

const noCleanup = async (): Promise<void> => undefined;

const backends: Backend[] = [
  {
    name: 'pglite (memory)',
    persistent: false,
    server: false,
    prepare: async () => ({ options: { dataDir: 'memory://' }, cleanup: noCleanup }),
  },
  {
    name: 'pglite (directory)',
    persistent: true,
    server: false,
    prepare: async () => {
      const dir = await mkdtemp(join(tmpdir(), 'carrier-pglite-'));
      // A nested path: the store must create missing parents itself.
      return { options: { dataDir: join(dir, 'nested', 'db') }, cleanup: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'postgres',
    persistent: true,
    server: true,
    prepare: async () => ({ options: { databaseUrl: await createPostgresTestDatabase() }, cleanup: noCleanup }),
  },
];

const T0 = new Date('2030-03-10T12:00:00.000Z');
const at = (ms: number): Date => new Date(T0.getTime() + ms);

describe.each(backends)('store on $name', (backend) => {
  let prepared: Prepared;
  let store: Store;
  const extraStores: Store[] = [];

  /** Another Store on the same data (only for servers). Closed after the suite. */
  async function openAnother(options: StoreOptions = prepared.options): Promise<Store> {
    const other = await openStore(options);
    extraStores.push(other);
    return other;
  }

  beforeAll(async () => {
    prepared = await backend.prepare();
    store = await openStore(prepared.options);
    await store.query('CREATE TABLE items (id text PRIMARY KEY, n integer NOT NULL)');
  });

  afterAll(async () => {
    await Promise.all(extraStores.map((s) => s.close()));
    await store?.close();
    await prepared?.cleanup();
  });

  describe('migrations', () => {
    it('applies every migration file once and records it in schema_migrations', async () => {
      const files = await loadMigrations();
      const { rows } = await store.query<{ version: number; name: string }>(
        'SELECT version, name FROM schema_migrations ORDER BY version',
      );
      expect(rows).toEqual(files.map((m) => ({ version: m.version, name: m.name })));
      expect(rows[0]).toEqual({ version: 1, name: 'quota' });
      const quota = await store.query("SELECT to_regclass('quota_counters') IS NOT NULL AS present");
      expect(quota.rows).toEqual([{ present: true }]);
    });

    it.runIf(backend.persistent)('reopening applies nothing again', async () => {
      const before = await store.query('SELECT version, applied_at FROM schema_migrations ORDER BY version');
      await store.close();
      store = await openStore(prepared.options);
      const after = await store.query('SELECT version, applied_at FROM schema_migrations ORDER BY version');
      expect(after.rows).toEqual(before.rows);
      // Data written before the reopen is still there (the test table from beforeAll).
      expect((await store.query("SELECT to_regclass('items') IS NOT NULL AS present")).rows).toEqual([{ present: true }]);
    });

    it.runIf(backend.server)('replicas opening one fresh database together apply each migration once', async () => {
      const fresh = { databaseUrl: await createPostgresTestDatabase() };
      const replicas = await Promise.all([openAnother(fresh), openAnother(fresh), openAnother(fresh)]);
      const { rows } = await replicas[0]!.query<{ version: number; copies: number }>(
        'SELECT version, count(*) AS copies FROM schema_migrations GROUP BY version',
      );
      expect(rows.length).toBe((await loadMigrations()).length);
      expect(rows.every((r) => r.copies === 1)).toBe(true);
    });
  });

  describe('query', () => {
    it('rowCount counts rows returned, or rows changed when nothing is returned', async () => {
      const inserted = await store.query('INSERT INTO items (id, n) VALUES ($1, 1), ($2, 2), ($3, 3)', ['rc-a', 'rc-b', 'rc-c']);
      expect(inserted).toEqual({ rows: [], rowCount: 3 });
      const selected = await store.query<{ id: string }>("SELECT id FROM items WHERE id LIKE 'rc-%' ORDER BY id");
      expect(selected).toEqual({ rows: [{ id: 'rc-a' }, { id: 'rc-b' }, { id: 'rc-c' }], rowCount: 3 });
      const updated = await store.query("UPDATE items SET n = n + 1 WHERE id IN ('rc-a', 'rc-b')");
      expect(updated.rowCount).toBe(2);
      const none = await store.query("DELETE FROM items WHERE id = 'rc-none'");
      expect(none.rowCount).toBe(0);
    });

    it('parses int8, date, timestamptz, jsonb, numeric and arrays to the same JS values on every backend', async () => {
      const { rows } = await store.query(
        `SELECT count(*) AS count, 9007199254740993::int8 AS big, '2030-03-10'::date AS day,
                '2030-03-10T12:00:00.123Z'::timestamptz AS instant, $1::jsonb AS doc, 12.50::numeric(10,2) AS amount,
                ARRAY['a','b'] AS tags, true AS flag, NULL::text AS nothing`,
        [JSON.stringify({ id: 'x', n: [1, 2] })],
      );
      expect(rows[0]).toEqual({
        count: 1,
        big: 9007199254740993n,
        day: new Date('2030-03-10T00:00:00.000Z'),
        instant: new Date('2030-03-10T12:00:00.123Z'),
        doc: { id: 'x', n: [1, 2] },
        amount: '12.50',
        tags: ['a', 'b'],
        flag: true,
        nothing: null,
      });
    });

    it('sessions run in UTC, as PGlite does', async () => {
      const { rows } = await store.query<{ tz: string }>("SELECT current_setting('TimeZone') AS tz");
      expect(rows[0]?.tz).toBe('UTC');
    });
  });

  describe('transaction', () => {
    it('commits every statement when the callback resolves', async () => {
      const result = await store.transaction(async (tx) => {
        await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['tx-commit-1', 1]);
        await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['tx-commit-2', 2]);
        return 'done';
      });
      expect(result).toBe('done');
      const { rows } = await store.query("SELECT id FROM items WHERE id LIKE 'tx-commit-%' ORDER BY id");
      expect(rows).toEqual([{ id: 'tx-commit-1' }, { id: 'tx-commit-2' }]);
    });

    it('rolls back and rethrows when the callback throws', async () => {
      const boom = new Error('boom');
      await expect(
        store.transaction(async (tx) => {
          await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['tx-rollback', 1]);
          throw boom;
        }),
      ).rejects.toBe(boom);
      expect((await store.query("SELECT id FROM items WHERE id = 'tx-rollback'")).rowCount).toBe(0);
    });

    it('a failing statement rolls back the statements before it', async () => {
      await expect(
        store.transaction(async (tx) => {
          await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['tx-fail-1', 1]);
          await tx.query('INSERT INTO items (id, n) VALUES ($1, $2)', ['tx-fail-1', 2]); // duplicate key
        }),
      ).rejects.toThrow(/duplicate key/);
      expect((await store.query("SELECT id FROM items WHERE id = 'tx-fail-1'")).rowCount).toBe(0);
      // The store is still usable afterwards (the connection went back clean).
      expect((await store.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });

    it('concurrent read-modify-write transactions with FOR UPDATE lose no update', async () => {
      await store.query("INSERT INTO items (id, n) VALUES ('tx-counter', 0)");
      await Promise.all(
        Array.from({ length: 10 }, () =>
          store.transaction(async (tx) => {
            const { rows } = await tx.query<{ n: number }>("SELECT n FROM items WHERE id = 'tx-counter' FOR UPDATE");
            await sleep(2); // widen the window another transaction would slip into
            await tx.query("UPDATE items SET n = $1 WHERE id = 'tx-counter'", [(rows[0]?.n ?? 0) + 1]);
          }),
        ),
      );
      expect((await store.query("SELECT n FROM items WHERE id = 'tx-counter'")).rows).toEqual([{ n: 10 }]);
    });
  });

  describe('listen/notify', () => {
    it('a listener receives the payloads notified on its channel, in order', async () => {
      const got: string[] = [];
      const unlisten = await store.listen('test_order', (p) => got.push(p));
      for (const id of ['a', 'b', 'c']) await store.notify('test_order', id);
      await waitFor(() => got.length === 3);
      expect(got).toEqual(['a', 'b', 'c']);
      await unlisten();
    });

    it('unlisten stops delivery on that channel only', async () => {
      const stopped: string[] = [];
      const kept: string[] = [];
      const unlistenStopped = await store.listen('test_stop', (p) => stopped.push(p));
      const unlistenKept = await store.listen('test_keep', (p) => kept.push(p));
      await unlistenStopped();
      await store.notify('test_stop', 'late');
      await store.notify('test_keep', 'sentinel');
      // Delivery is ordered, so once the later sentinel arrived the earlier payload would have too.
      await waitFor(() => kept.length === 1);
      expect(stopped).toEqual([]);
      await unlistenKept();
    });

    it('two listeners on one channel each get the payload, and unlistening one keeps the other', async () => {
      const first: string[] = [];
      const second: string[] = [];
      const unlistenFirst = await store.listen('test_two', (p) => first.push(p));
      const unlistenSecond = await store.listen('test_two', (p) => second.push(p));
      await store.notify('test_two', 'one');
      await waitFor(() => first.length === 1 && second.length === 1);
      await unlistenFirst();
      await store.notify('test_two', 'two');
      await waitFor(() => second.length === 2);
      expect(first).toEqual(['one']);
      await unlistenSecond();
    });

    it('a NOTIFY inside a transaction is delivered at commit, and never after a rollback', async () => {
      const got: string[] = [];
      const unlisten = await store.listen('test_tx', (p) => got.push(p));
      await expect(
        store.transaction(async (tx) => {
          await tx.query('SELECT pg_notify($1, $2)', ['test_tx', 'rolled-back']);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      await store.transaction(async (tx) => {
        await tx.query('SELECT pg_notify($1, $2)', ['test_tx', 'committed']);
      });
      await waitFor(() => got.length >= 1);
      expect(got).toEqual(['committed']);
      await unlisten();
    });

    it('a throwing handler does not stop the other handlers of the channel', async () => {
      const got: string[] = [];
      const unlistenThrowing = await store.listen('test_throw', () => {
        throw new Error('handler bug');
      });
      const unlistenOk = await store.listen('test_throw', (p) => got.push(p));
      await store.notify('test_throw', 'x');
      await store.notify('test_throw', 'y');
      await waitFor(() => got.length === 2);
      expect(got).toEqual(['x', 'y']);
      await unlistenThrowing();
      await unlistenOk();
    });

    it('the same function listened twice is two subscriptions', async () => {
      const got: string[] = [];
      const handler = (p: string): void => void got.push(p);
      const unlistenFirst = await store.listen('test_same', handler);
      const unlistenSecond = await store.listen('test_same', handler);
      await unlistenFirst();
      await store.notify('test_same', 'still-here');
      await waitFor(() => got.length === 1);
      await unlistenSecond();
    });

    it('channel names must be lower-case identifiers', async () => {
      await expect(store.listen('Status-Changes', () => undefined)).rejects.toThrow(RangeError);
      await expect(store.notify('a;drop', 'x')).rejects.toThrow(RangeError);
    });

    it.runIf(backend.server)("two stores on one database see each other's NOTIFY", async () => {
      const other = await openAnother();
      const seenByOther: string[] = [];
      const seenByStore: string[] = [];
      const unlistenOther = await other.listen('test_replicas', (p) => seenByOther.push(p));
      const unlistenStore = await store.listen('test_replicas', (p) => seenByStore.push(p));
      await store.notify('test_replicas', 'from-store');
      await other.notify('test_replicas', 'from-other');
      await waitFor(() => seenByOther.length === 2 && seenByStore.length === 2);
      expect(seenByOther).toEqual(['from-store', 'from-other']);
      expect(seenByStore).toEqual(['from-store', 'from-other']);
      await unlistenOther();
      await unlistenStore();
    });

    it.runIf(backend.server)('a dropped LISTEN connection is re-opened and listens again', async () => {
      const listening = await openAnother();
      const got: string[] = [];
      const unlisten = await listening.listen('test_reconnect', (p) => got.push(p));
      const killed = await store.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND application_name = 'carrier-subgraph:listen'`,
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      // Notifications sent while it is down are lost by design; keep sending until one gets through.
      let n = 0;
      await waitFor(
        async () => {
          await store.notify('test_reconnect', `ping-${(n += 1)}`);
          await sleep(50);
          return got.length > 0;
        },
        { timeoutMs: 15_000 },
      );
      await unlisten();
    });
  });

  describe('StoreQuotaCounter', () => {
    const rule = { minIntervalMs: 5_000, dailyLimit: 250 };

    it('interval rule: a call within minIntervalMs of the last grant is refused until the next slot', async () => {
      const quota = new StoreQuotaCounter(store);
      expect(await quota.reserve('interval', at(0), rule)).toEqual({ granted: true });
      expect(await quota.reserve('interval', at(1_000), rule)).toEqual({ granted: false, reason: 'interval', retryAt: at(5_000) });
      expect(await quota.reserve('interval', at(4_999), rule)).toEqual({ granted: false, reason: 'interval', retryAt: at(5_000) });
      expect(await quota.reserve('interval', at(5_000), rule)).toEqual({ granted: true });
      // A refusal does not move the slot: the next one is 5 s after the last GRANTED call.
      expect(await quota.reserve('interval', at(6_000), rule)).toEqual({ granted: false, reason: 'interval', retryAt: at(10_000) });
    });

    it('daily rule: once dailyLimit calls were granted in a UTC day, calls are refused until the next UTC midnight', async () => {
      const quota = new StoreQuotaCounter(store);
      const daily = { minIntervalMs: 1_000, dailyLimit: 3 };
      for (const offset of [0, 1_000, 2_000]) expect(await quota.reserve('daily', at(offset), daily)).toEqual({ granted: true });
      const midnight = new Date('2030-03-11T00:00:00.000Z');
      expect(await quota.reserve('daily', at(3_000), daily)).toEqual({ granted: false, reason: 'daily', retryAt: midnight });
      expect(await quota.reserve('daily', new Date('2030-03-10T23:59:59.999Z'), daily)).toEqual({
        granted: false,
        reason: 'daily',
        retryAt: midnight,
      });
      // The count restarts with the new UTC day.
      expect(await quota.reserve('daily', midnight, daily)).toEqual({ granted: true });
      expect(await quota.reserve('daily', new Date('2030-03-11T00:00:01.000Z'), daily)).toEqual({ granted: true });
    });

    it('daily rule: the first call of the next day still waits out the interval after the last call of the previous day', async () => {
      const quota = new StoreQuotaCounter(store);
      const daily = { minIntervalMs: 5_000, dailyLimit: 1 };
      expect(await quota.reserve('daily-edge', new Date('2030-03-10T23:59:58.000Z'), daily)).toEqual({ granted: true });
      expect(await quota.reserve('daily-edge', new Date('2030-03-10T23:59:59.000Z'), daily)).toEqual({
        granted: false,
        reason: 'daily',
        retryAt: new Date('2030-03-11T00:00:03.000Z'),
      });
      expect(await quota.reserve('daily-edge', new Date('2030-03-11T00:00:01.000Z'), daily)).toEqual({
        granted: false,
        reason: 'interval',
        retryAt: new Date('2030-03-11T00:00:03.000Z'),
      });
      expect(await quota.reserve('daily-edge', new Date('2030-03-11T00:00:03.000Z'), daily)).toEqual({ granted: true });
    });

    it('dailyLimit 0 grants nothing', async () => {
      const quota = new StoreQuotaCounter(store);
      expect(await quota.reserve('zero', at(0), { minIntervalMs: 0, dailyLimit: 0 })).toEqual({
        granted: false,
        reason: 'daily',
        retryAt: new Date('2030-03-11T00:00:00.000Z'),
      });
    });

    it('keys are counted independently', async () => {
      const quota = new StoreQuotaCounter(store);
      expect(await quota.reserve('key-a', at(0), rule)).toEqual({ granted: true });
      expect(await quota.reserve('key-b', at(0), rule)).toEqual({ granted: true });
      expect((await quota.reserve('key-a', at(1), rule)).granted).toBe(false);
    });

    it('an invalid rule is rejected before touching the store', async () => {
      const quota = new StoreQuotaCounter(store);
      await expect(quota.reserve('bad', at(0), { minIntervalMs: -1, dailyLimit: 1 })).rejects.toThrow(RangeError);
      await expect(quota.reserve('bad', at(0), { minIntervalMs: 0, dailyLimit: 1.5 })).rejects.toThrow(RangeError);
    });

    it(`concurrency: 20 simultaneous reserve() calls at one instant${backend.server ? ' across two stores' : ''} grant exactly one`, async () => {
      const stores = backend.server ? [store, await openAnother()] : [store];
      const counters = stores.map((s) => new StoreQuotaCounter(s));
      const decisions = await Promise.all(
        Array.from({ length: 20 }, (_, i) => counters[i % counters.length]!.reserve('race', at(0), rule)),
      );
      expect(decisions.filter((d) => d.granted)).toHaveLength(1);
      for (const d of decisions.filter((x) => !x.granted)) expect(d).toEqual({ granted: false, reason: 'interval', retryAt: at(5_000) });
    });

    it.runIf(backend.persistent)('persistence: granted calls survive closing and reopening the store', async () => {
      expect(await new StoreQuotaCounter(store).reserve('persist', at(0), rule)).toEqual({ granted: true });
      await store.close();
      store = await openStore(prepared.options);
      expect(await new StoreQuotaCounter(store).reserve('persist', at(1_000), rule)).toEqual({
        granted: false,
        reason: 'interval',
        retryAt: at(5_000),
      });
    });
  });
});
