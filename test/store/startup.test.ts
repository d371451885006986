/**
 * Issue 12 item 4, "Start fast, stay small": what the store does differently at start, checked as behaviour (the bench,
 * BENCH=startup, measures the time and memory it saves).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { InternalStore } from '../../src/store/internal.js';
import { applyMigrations, type Migration } from '../../src/store/migrations.js';
import { openPgliteStore } from '../../src/store/pglite-store.js';
import { openStore, type Store } from '../../src/store/store.js';
import { createPostgresTestDatabase } from '../support/database.js';

const silent = { info: () => undefined, warn: () => undefined };
/** The key migrations.ts locks on (a test of the lock's effect must hold the same one). */
const MIGRATION_LOCK_KEY = 4_721_530_611;

describe('embedded store memory settings (SU1, SM24-1)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('the embedded store runs PostgreSQL with a 4MB buffer pool by default, on a new and on an existing data directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'carrier-startup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataDir = join(dir, 'db');
    for (const run of ['new', 'existing']) {
      const store = await openStore({ dataDir });
      const { rows } = await store.query<{ shared_buffers: string }>('SHOW shared_buffers');
      await store.close();
      expect({ run, shared_buffers: rows[0]?.shared_buffers }).toEqual({ run, shared_buffers: '4MB' });
    }
    // The first open initialised the directory (in a worker thread) and the second found it: one PostgreSQL cluster.
    expect(await readdir(dataDir)).toContain('PG_VERSION');
  });

  it('the in-memory store uses the same buffer pool', async () => {
    const store = await openStore({ dataDir: 'memory://' });
    cleanups.push(() => store.close());
    expect((await store.query('SHOW shared_buffers')).rows).toEqual([{ shared_buffers: '4MB' }]);
  });

  it('PGLITE_SHARED_BUFFERS sizes the pool of a new directory, and of an existing one opened with another size', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'carrier-startup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataDir = join(dir, 'db');
    const seen: Array<{ sharedBuffers: string; shared_buffers: string | undefined; rows: number }> = [];
    for (const sharedBuffers of ['2MB', '32MB']) {
      const store = await openStore({ dataDir, pgliteSharedBuffers: sharedBuffers });
      const { rows } = await store.query<{ shared_buffers: string }>('SHOW shared_buffers');
      // The store answers with the pool at that size: a migrated schema, a write and its read back.
      await store.query('CREATE TABLE IF NOT EXISTS pool_probe (n int)');
      await store.query('INSERT INTO pool_probe VALUES (1)');
      const count = await store.query<{ n: number }>('SELECT count(*)::int AS n FROM pool_probe');
      await store.close();
      seen.push({ sharedBuffers, shared_buffers: rows[0]?.shared_buffers, rows: count.rows[0]!.n });
    }
    expect(seen).toEqual([
      { sharedBuffers: '2MB', shared_buffers: '2MB', rows: 1 },
      { sharedBuffers: '32MB', shared_buffers: '32MB', rows: 2 },
    ]);
  });
});

describe('migrations at start', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('a replica restarting on an up-to-date database opens while another session holds the migration lock', async () => {
    const databaseUrl = await createPostgresTestDatabase();
    await (await openStore({ databaseUrl })).close();
    // Another replica (a newer version, say) migrating: it holds the lock for as long as its migrations run.
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    cleanups.push(() => other.end());
    await other.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const opening = openStore({ databaseUrl });
    opening.catch(() => undefined);
    const outcome = await Promise.race([opening.then(() => 'opened'), sleep(15_000).then(() => 'still waiting for the lock')]);
    await other.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    const store: Store = await opening;
    cleanups.push(() => store.close());
    expect(outcome).toBe('opened');
    expect((await store.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')).rows[0]?.n).toBeGreaterThan(0);
  }, 60_000);

  it('a database missing a migration still waits for the lock, then applies only what is missing', async () => {
    const databaseUrl = await createPostgresTestDatabase();
    await (await openStore({ databaseUrl })).close();
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    cleanups.push(() => other.end());
    const extra: Migration = { version: 9_001, name: 'after_lock', sql: 'CREATE TABLE after_lock (id int);', checksum: 'x' };
    await other.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const { openPostgresStore } = await import('../../src/store/postgres-store.js');
    const store = await openPostgresStore(databaseUrl, silent);
    cleanups.push(() => store.close());
    let applied: number[] | null = null;
    const applying = applyMigrations(store, silent, [extra]).then((versions) => (applied = versions));
    await sleep(500);
    expect(applied).toBeNull();
    await other.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    expect(await applying).toEqual([9_001]);
  }, 60_000);

  it('pending migration files on the embedded store give the event loop a turn between files', async () => {
    const store: InternalStore = await openPgliteStore('memory://', silent);
    cleanups.push(() => store.close());
    const files: Migration[] = [1, 2, 3, 4].map((v) => ({ version: v, name: `m${v}`, sql: `CREATE TABLE m${v} (id int);`, checksum: String(v) }));
    // setImmediate callbacks run once per turn of the event loop: count the turns taken while the files are applied.
    let turns = 0;
    let done = false;
    const ticking = (async () => {
      while (!done) {
        await nextTurn();
        turns += 1;
      }
    })();
    expect(await applyMigrations(store, silent, files)).toEqual([1, 2, 3, 4]);
    done = true;
    await ticking;
    expect(turns).toBeGreaterThanOrEqual(files.length);
  });
});
