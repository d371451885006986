/** For test files: a fresh PostgreSQL database on the run's server (see global-setup.ts), and the two stores to run on. */
import { cp, mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { StoreOptions } from '../../src/store/store.js';
import { createTestDatabase, createTestDatabaseFrom } from './postgres.js';

/** A new, empty database (no migration applied): for tests of the migrations and of a first start. */
export async function createPostgresTestDatabase(): Promise<string> {
  return createTestDatabase(inject('postgresUrl'));
}

/**
 * A new database with every migration already applied, cloned from the run's template: what a server started on it
 * finds after its first start. For tests whose subject is not the migrations (the server still checks them).
 */
export async function createMigratedTestDatabase(): Promise<string> {
  return createTestDatabaseFrom(inject('postgresUrl'), inject('postgresTemplate'));
}

/**
 * A new PGlite data directory (under a fresh temp dir) holding a copy of the run's migrated template: a server's
 * DATA_DIR as it is after its first start, without PGlite's initdb (seconds) and the migrations run again per test.
 * `subdir` places it below the temp dir (e.g. 'db'); the caller removes `root` when done.
 */
export async function migratedDataDir(prefix = 'carrier-data-', subdir?: string): Promise<{ root: string; dataDir: string }> {
  const root = await mkdtemp(join(tmpdir(), prefix));
  const dataDir = subdir ? join(root, subdir) : root;
  await cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  return { root, dataDir };
}

/**
 * Puts a copy of the run's migrated PGlite template at `dataDir` when nothing is there yet (absent, or an empty
 * directory); a directory already used is left as it is. Returns whether it copied.
 */
export async function seedDataDir(dataDir: string): Promise<boolean> {
  const entries = await readdir(dataDir).catch(() => null);
  if (entries && entries.length > 0) return false;
  await cp(inject('pgliteTemplateDir'), dataDir, { recursive: true });
  return true;
}

let archive: Promise<Blob> | undefined;

/** The run's migrated PGlite archive, read once per worker: an in-memory store started from it skips initdb. */
function migratedArchive(): Promise<Blob> {
  archive ??= readFile(inject('pgliteTemplateArchive')).then((bytes) => new Blob([bytes]));
  return archive;
}

/**
 * openStore options for a fresh in-memory PGlite with every migration applied, started from the run's archive (no
 * initdb, which alone can pass a test's timeout on a busy machine). For tests that need a store, not of the store.
 */
export async function migratedMemoryStore(): Promise<StoreOptions> {
  return { dataDir: 'memory://', pgliteArchive: await migratedArchive() };
}

/** One store a storage test runs against: as openStore options, or as the server's environment. */
export interface StoreBackend {
  name: 'pglite' | 'postgres';
  /** A database server (several connections, LISTEN across connections, SKIP LOCKED between sessions). */
  server: boolean;
  options(): Promise<StoreOptions>;
  env(): Promise<Record<string, string>>;
}

/**
 * Embedded PGlite in memory, and a fresh database on the suite's PostgreSQL: for `describe.each`. `options()` is for
 * openStore, which migrates: PGlite in memory starts from the run's migrated archive (each open a fresh copy), while
 * openPgliteStore(options.dataDir) alone still opens an empty one, and PostgreSQL is an empty database (a migration
 * test applies its own subset). `env()` is for a server, which migrates on start, so it gets a clone of the migrated
 * template (PGlite: the server's DATA_DIR, set by the caller).
 */
export const STORE_BACKENDS: readonly StoreBackend[] = [
  {
    name: 'pglite',
    server: false,
    options: migratedMemoryStore,
    env: async () => ({}),
  },
  {
    name: 'postgres',
    server: true,
    options: async () => ({ databaseUrl: await createPostgresTestDatabase() }),
    env: async () => ({ DATABASE_URL: await createMigratedTestDatabase() }),
  },
];
