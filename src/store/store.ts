/**
 * The storage layer's public face: one `Store` over embedded PGlite (the default, a directory or memory) or a
 * PostgreSQL server (DATABASE_URL). Both run the same SQL and the same migrations, so the rest of the code never
 * branches on the backend.
 */
import { applyMigrations } from './migrations.js';
import type { DataDirLockSettings } from './data-dir-lock.js';
import { openPgliteStore } from './pglite-store.js';
import { redactDatabaseUrl } from './redact.js';
import type { Store, StoreLogger } from './store-types.js';

/* The store's types are declared in store-types.ts, which the backends import without importing this file (which
 * imports them): re-exported here, the store's public face. */
export type { QueryResult, Queryable, StatementOptions, Store, StoreLogger } from './store-types.js';

export interface StoreOptions {
  /** PostgreSQL connection string; when set, PostgreSQL is used and dataDir is ignored. */
  databaseUrl?: string;
  /** PGlite directory; 'memory://' for in-memory. Defaults to 'memory://'. */
  dataDir?: string;
  /**
   * In memory only: start from this PGlite data directory archive (PGlite's dumpDataDir) instead of an empty one, which
   * skips PGlite's initdb (seconds). The test suite starts its in-memory stores from one migrated archive per run.
   */
  pgliteArchive?: Blob;
  logger?: StoreLogger;
  /** The DATA_DIR lock's timings (DATA_DIR_LOCK_STALE_MS, DATA_DIR_LOCK_CHECK_MS); PGlite only. */
  dataDirLock?: DataDirLockSettings;
  /** PostgreSQL's buffer pool in PGlite (PGLITE_SHARED_BUFFERS, default PGLITE_SHARED_BUFFERS in pglite-store.ts). */
  pgliteSharedBuffers?: string;
}

/** The store settings read from the environment (config.store), as `openStore` takes them. */
export interface StoreSettings {
  databaseUrl: string | null;
  dataDir: string;
  lock: DataDirLockSettings;
  pgliteSharedBuffers: string;
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR with its lock and buffer pool. */
export function storeOptionsOf(settings: StoreSettings): StoreOptions {
  return settings.databaseUrl
    ? { databaseUrl: settings.databaseUrl }
    : { dataDir: settings.dataDir, dataDirLock: settings.lock, pgliteSharedBuffers: settings.pgliteSharedBuffers };
}

async function sharedBuffers(store: Store): Promise<string | undefined> {
  return (await store.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]?.shared_buffers;
}

const silentLogger: StoreLogger = { info: () => undefined, warn: () => undefined };

/** Opens the configured backend and applies pending migrations before handing it out. */
export async function openStore(opts: StoreOptions): Promise<Store> {
  const logger = opts.logger ?? silentLogger;
  const internal = opts.databaseUrl
    ? // pg is loaded only when PostgreSQL is configured: the embedded default never needs it (SU3).
      await (await import('./postgres-store.js')).openPostgresStore(opts.databaseUrl, logger)
    : await openPgliteStore(opts.dataDir ?? 'memory://', logger, {
        ...(opts.dataDirLock ? { lock: opts.dataDirLock } : {}),
        ...(opts.pgliteArchive ? { archive: opts.pgliteArchive } : {}),
        ...(opts.pgliteSharedBuffers ? { sharedBuffers: opts.pgliteSharedBuffers } : {}),
      });
  try {
    await applyMigrations(internal, logger);
  } catch (err) {
    await internal.close();
    throw err;
  }
  logger.info(
    internal.kind === 'postgres'
      ? { store: 'postgres', database: redactDatabaseUrl(opts.databaseUrl ?? '') }
      : // The buffer pool PostgreSQL actually runs with (PGLITE_SHARED_BUFFERS), read back from the store.
        { store: 'pglite', dataDir: opts.dataDir ?? 'memory://', sharedBuffers: await sharedBuffers(internal) },
    'store opened',
  );
  return internal;
}
