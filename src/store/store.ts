/**
 * The storage layer's public face: one `Store` over embedded PGlite (the default, a directory or memory) or a
 * PostgreSQL server (DATABASE_URL). Both run the same SQL and the same migrations, so the rest of the code never
 * branches on the backend.
 */
import { applyMigrations } from './migrations.js';
import type { DataDirLockSettings } from './data-dir-lock.js';
import { openPgliteStore } from './pglite-store.js';
import { redactDatabaseUrl } from './redact.js';

export interface QueryResult<R> {
  rows: R[];
  /** Rows returned by a SELECT / RETURNING, or rows changed by INSERT/UPDATE/DELETE without RETURNING. */
  rowCount: number;
}

export interface Queryable {
  /** One statement with `$1..$n` parameters. Multi-statement scripts belong in migrations. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export interface Store extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Run `fn` in one transaction: COMMIT when it resolves, ROLLBACK when it throws (the error is rethrown). Use only
   * `tx` inside `fn`: on PGlite, calling the store itself from inside would wait for the transaction to end.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel; returns an unlisten function. Payloads are ids only, far under 8000 bytes.
   * Channel names are lower-case SQL identifiers (`[a-z_][a-z0-9_]*`) so that LISTEN and pg_notify agree.
   * On PostgreSQL a dropped connection is re-established and re-listened; notifications sent while it was down are
   * lost, so consumers must treat a notification as a hint and read the durable log for the truth.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface StoreLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error?(obj: object, msg?: string): void;
}

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
      : { store: 'pglite', dataDir: opts.dataDir ?? 'memory://' },
    'store opened',
  );
  return internal;
}
