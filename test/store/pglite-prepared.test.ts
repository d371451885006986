/**
 * The embedded store runs its statements prepared: each text parsed once, and planned once PostgreSQL settles on its
 * generic plan, instead of parsed and planned at every run. Checked against PostgreSQL's own list of the session's
 * prepared statements (pg_prepared_statements), and against `db.query`'s answers for the same statements.
 */
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PreparedStatements } from '../../src/store/pglite-prepared.js';
import { openStore, type Queryable, type Store } from '../../src/store/store.js';
import { migratedMemoryStore } from '../support/database.js';

interface PreparedRow {
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

async function preparedRows(db: PGlite): Promise<PreparedRow[]> {
  // Parameterless: PGlite's own path, so this read does not add itself to the list.
  return (await db.query<PreparedRow>('SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements ORDER BY statement')).rows;
}

describe('prepared statements on PGlite', () => {
  let db: PGlite;
  let prepared: PreparedStatements;
  // One database (its initdb takes seconds); each case starts with no prepared statement and a new table.
  beforeAll(async () => {
    db = await PGlite.create();
  });
  beforeEach(async () => {
    prepared = new PreparedStatements(db, 3);
    await db.exec(`DEALLOCATE ALL; DROP TABLE IF EXISTS t; CREATE TABLE t (id int PRIMARY KEY, v text, at timestamptz, doc json, n bigint, bytes bytea)`);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('a statement run again and again is prepared once and, after five custom plans, runs on its generic plan', async () => {
    const sql = 'SELECT count(*)::int AS n FROM t WHERE id > $1';
    for (let i = 0; i < 12; i++) expect((await prepared.query<{ n: number }>(sql, [i], false)).rows).toEqual([{ n: 0 }]);
    expect(await preparedRows(db)).toEqual([{ statement: sql, generic_plans: 7, custom_plans: 5 }]);
  });

  it('answers as db.query does: rows and their types, nulls, row counts of writes, the command', async () => {
    const at = new Date('2026-11-28T10:00:00.123Z');
    const insert = 'INSERT INTO t (id, v, at, doc, n, bytes) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *';
    const params = [1, 'a', at, JSON.stringify({ k: [1, 'x'] }), 9007199254740993n, new Uint8Array([0, 1, 255])];
    const ours = await prepared.query(insert, params, false);
    const theirs = await db.query(insert, [2, ...params.slice(1)]);
    expect({ ...ours, rows: ours.rows.map((r) => ({ ...(r as object), id: 0 })) }).toEqual({ ...theirs, rows: theirs.rows.map((r) => ({ ...(r as object), id: 0 })) });
    expect(ours.rows[0]).toMatchObject({ id: 1, v: 'a', at, doc: { k: [1, 'x'] }, n: 9007199254740993n, bytes: new Uint8Array([0, 1, 255]) });
    const withNulls = await prepared.query('INSERT INTO t (id, v, at) VALUES ($1, $2, $3) RETURNING v, at', [3, null, undefined], false);
    expect(withNulls.rows).toEqual([{ v: null, at: null }]);
    const update = 'UPDATE t SET v = $1 WHERE id > $2';
    expect(await prepared.query(update, ['z', 1], false)).toEqual(await db.query(update, ['z', 1]));
    expect((await prepared.query(update, ['y', 0], false)).affectedRows).toBe(3);
  });

  it('a failed statement throws PostgreSQL error with its code, statement and parameters; one that does not parse is not kept', async () => {
    await prepared.query('INSERT INTO t (id) VALUES ($1)', [1], false);
    const duplicate = await prepared.query('INSERT INTO t (id) VALUES ($1)', [1], false).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '23505', query: 'INSERT INTO t (id) VALUES ($1)', params: [1] });
    const syntax = await prepared.query('SELEC id FROM t WHERE id = $1', [1], false).catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601', query: 'SELEC id FROM t WHERE id = $1' });
    expect(prepared.size).toBe(1);
    expect((await prepared.query('SELECT id FROM t WHERE id = $1', [1], false)).rows).toEqual([{ id: 1 }]);
  });

  it('inside a transaction: a rolled-back write is gone, and the statement prepared in it still runs after', async () => {
    const insert = 'INSERT INTO t (id) VALUES ($1) RETURNING id';
    await db.transaction(async (tx) => {
      expect((await prepared.query(insert, [5], true)).rows).toEqual([{ id: 5 }]);
      await tx.rollback();
    });
    await expect(db.transaction(async () => {
      await prepared.query(insert, [6], true);
      throw new Error('caller failed');
    })).rejects.toThrow('caller failed');
    expect((await db.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 0 }]);
    expect((await prepared.query(insert, [7], false)).rows).toEqual([{ id: 7 }]);
    expect((await db.query('SELECT id FROM t')).rows).toEqual([{ id: 7 }]);
  });

  it('a statement outside a transaction waits for the transaction in progress, never runs inside it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id) VALUES (1)');
      await held;
      await tx.rollback();
    });
    const outside = prepared.query('INSERT INTO t (id) VALUES ($1) RETURNING id', [2], false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ id: 2 }]);
    expect((await db.query('SELECT id FROM t')).rows).toEqual([{ id: 2 }]);
  });

  it('keeps at most its bound: the least recently used text is closed, and prepared again on its next use', async () => {
    const texts = [1, 2, 3, 4].map((k) => `SELECT ${k} + $1::int AS n`);
    for (const sql of texts.slice(0, 3)) await prepared.query(sql, [0], false);
    await prepared.query(texts[0]!, [0], false); // the first is now the most recently used
    await prepared.query(texts[3]!, [0], false); // closes the second
    expect((await preparedRows(db)).map((r) => r.statement)).toEqual([texts[0], texts[2], texts[3]]);
    expect((await prepared.query<{ n: number }>(texts[1]!, [10], false)).rows).toEqual([{ n: 12 }]);
    expect((await preparedRows(db)).map((r) => r.statement)).toEqual([texts[0], texts[1], texts[3]]);
    expect(prepared.size).toBe(3);
  });

  it('a statement whose table gained a column runs again with the new row shape (prepared anew)', async () => {
    const sql = 'SELECT * FROM t WHERE id = $1';
    await prepared.query('INSERT INTO t (id, v) VALUES ($1, $2)', [1, 'a'], false);
    expect(Object.keys((await prepared.query<object>(sql, [1], false)).rows[0]!)).not.toContain('added');
    await db.exec('ALTER TABLE t ADD COLUMN added int DEFAULT 4');
    expect((await prepared.query<object>(sql, [1], false)).rows[0]).toMatchObject({ id: 1, v: 'a', added: 4 });
  });

  // The table measured at five rows (VACUUM records its size, as it would after any vacuum), the statement planned on
  // that; then the table grows a hundred thousand rows.
  it('a kept plan made for a small table is made again on the grown table once REPLAN_AFTER_MS has passed', async () => {
    let clock = 0;
    const replanning = new PreparedStatements(db, 3, 60_000, () => clock);
    await db.exec(`DROP TABLE IF EXISTS g; CREATE TABLE g (id int PRIMARY KEY, k int NOT NULL, pad text); CREATE INDEX g_k ON g (k);
      INSERT INTO g SELECT i, i, 'x' FROM generate_series(1, 5) i`);
    await db.exec('VACUUM g');
    const sql = 'SELECT id FROM g WHERE k = $1';
    const planOf = async (): Promise<string> => {
      const [{ name }] = (await db.query<{ name: string }>(`SELECT name FROM pg_prepared_statements WHERE statement = '${sql}'`)).rows as [{ name: string }];
      return (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN EXECUTE ${name}(3)`)).rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    for (let i = 0; i < 10; i++) await replanning.query(sql, [i], false);
    expect(await planOf()).toMatch(/Seq Scan on g/);
    await db.exec(`INSERT INTO g SELECT i, i % 2000, repeat('x', 40) FROM generate_series(6, 100000) i`);
    // PostgreSQL keeps the plan it made for five rows: nothing invalidates it (no ANALYZE, no autovacuum here).
    expect(await planOf()).toMatch(/Seq Scan on g/);
    clock = 59_999;
    await replanning.query(sql, [3], false);
    expect(await planOf()).toMatch(/Seq Scan on g/);
    clock = 60_000;
    expect((await replanning.query(sql, [3], false)).rows).toHaveLength(50);
    expect(await planOf()).toMatch(/Index Scan|Bitmap Index Scan on g_k/);
    expect((await db.query(`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = '${sql}'`)).rows).toEqual([{ n: 1 }]);
  });

  it('a notification sent by a prepared statement reaches the listener', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('prepared_channel', (payload) => heard.push(payload));
    await prepared.query('SELECT pg_notify($1, $2)', ['prepared_channel', 'lbl_1'], false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await unlisten();
    expect(heard).toEqual(['lbl_1']);
  });
});

describe('the embedded store', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore(await migratedMemoryStore());
  });
  afterEach(async () => {
    await store.close();
  });

  it('runs statements with parameters prepared, in and out of transactions, and those without as PGlite sends them', async () => {
    const sql = 'SELECT count(*)::int AS n FROM labels WHERE state = $1';
    for (let i = 0; i < 3; i++) await store.query(sql, ['PENDING']);
    await store.transaction(async (tx) => {
      await tx.query(sql, ['PURCHASED']);
    });
    const { rows } = await store.query<{ statement: string; runs: number }>(
      'SELECT statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements WHERE statement = $1 OR statement LIKE $2',
      [sql, 'SELECT now()%'],
    );
    expect(rows).toEqual([{ statement: sql, runs: 4 }]);
    await store.query('SELECT now()');
    const again = await store.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE $1', ['SELECT now()%']);
    expect(again.rows).toEqual([{ n: 0 }]);
  });

  it('refuses a statement on a transaction handle once its transaction has ended, as PGlite does', async () => {
    let kept: Queryable | null = null;
    await store.transaction(async (tx) => {
      kept = tx;
      await tx.query('SELECT $1::int AS n', [1]);
    });
    await expect(kept!.query('SELECT $1::int AS n', [2])).rejects.toThrow('Transaction is closed');
    await expect(kept!.query('SELECT 3 AS n')).rejects.toThrow('Transaction is closed');
  });
});
