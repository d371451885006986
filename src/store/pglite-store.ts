/**
 * Embedded PGlite backend: PostgreSQL compiled to WASM, in this process, on a directory or in memory. It is a single
 * connection, so PGlite itself serialises work: `transaction()` holds its mutex until COMMIT/ROLLBACK and every
 * `query()` outside it waits, which is why callers must use the `tx` handle inside a transaction.
 * One directory must be opened by one process at a time (there is no server to arbitrate): it is locked while open
 * (data-dir-lock.ts), and a second process refuses to start naming DATA_DIR and the holder.
 */
import { mkdir } from 'node:fs/promises';
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import type { InternalStore, ScriptQueryable } from './internal.js';
import { assertChannelName } from './internal.js';
import type { QueryResult, StoreLogger } from './store.js';

function toQueryResult<R>(res: Results<R>): QueryResult<R> {
  // rowCount comes from the command tag (rows of a SELECT/RETURNING, rows changed otherwise), like pg's.
  return { rows: res.rows, rowCount: res.rowCount ?? res.affectedRows ?? res.rows.length };
}

function queryable(target: PGlite | Transaction): ScriptQueryable {
  return {
    async query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      return toQueryResult(await target.query<R>(sql, params));
    },
    async exec(script: string): Promise<void> {
      await target.exec(script);
    },
  };
}

export async function openPgliteStore(dataDir: string, logger: StoreLogger): Promise<InternalStore> {
  const inMemory = dataDir.startsWith('memory://');
  // PGlite creates only the last path segment; create parents so a fresh checkout's ./data/db just works.
  let lock: DataDirLock | null = null;
  if (!inMemory) {
    await mkdir(dataDir, { recursive: true });
    lock = await lockDataDir(dataDir, logger);
  }
  let db: PGlite;
  try {
    db = await PGlite.create(dataDir);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  if (inMemory) logger.warn({ store: 'pglite', dataDir }, 'in-memory store: nothing survives a restart');
  const direct = queryable(db);

  return {
    kind: 'pglite',
    query: direct.query,
    transaction: (fn) => db.transaction((tx) => fn(queryable(tx))),
    async listen(channel, onPayload) {
      assertChannelName(channel);
      // A fresh wrapper per call: PGlite keys callbacks by identity, and it calls them from a microtask where a throw
      // would be an uncaught exception. Same behaviour as the PostgreSQL listener.
      const unlisten = await db.listen(channel, (payload) => {
        try {
          onPayload(payload);
        } catch (err) {
          logger.warn({ channel, err: err instanceof Error ? err.message : String(err) }, 'notification handler threw');
        }
      });
      return async () => {
        if (!db.closed) await unlisten();
      };
    },
    async notify(channel, payload) {
      assertChannelName(channel);
      await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (!db.closed) await db.close();
      // Released only once PGlite has flushed and closed: the next process must find a consistent directory.
      const held = lock;
      lock = null;
      await held?.release();
    },
  };
}
