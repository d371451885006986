/**
 * Embedded PGlite backend: PostgreSQL compiled to WASM, in this process, on a directory or in memory. It is a single
 * connection, so PGlite itself serialises work: `transaction()` holds its mutex until COMMIT/ROLLBACK and every
 * `query()` outside it waits, which is why callers must use the `tx` handle inside a transaction.
 * One directory must be opened by one process at a time (there is no server to arbitrate): it is locked while open
 * (data-dir-lock.ts), and a second process refuses to start naming DATA_DIR and the holder.
 */
import { once } from 'node:events';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite, type PGliteOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { PreparedStatements } from './pglite-prepared.js';
import { compilePgliteWasm, pgliteEntry } from './pglite-wasm.js';
import { DEFAULT_LOCK_SETTINGS, lockDataDir, type DataDirLock, type DataDirLockSettings } from './data-dir-lock.js';
import type { InternalStore, ScriptQueryable } from './internal.js';
import { assertChannelName } from './internal.js';
import type { QueryResult, StoreLogger } from './store-types.js';

function toQueryResult<R>(res: Results<R>): QueryResult<R> {
  // rowCount comes from the command tag (rows of a SELECT/RETURNING, rows changed otherwise), like pg's.
  return { rows: res.rows, rowCount: res.rowCount ?? res.affectedRows ?? res.rows.length };
}

/**
 * A statement with parameters runs prepared (pglite-prepared.ts): the store's statements are the same few texts again
 * and again. One without (a migration's, `SHOW`) runs as PGlite sends it.
 */
function queryable(target: PGlite | Transaction, prepared: PreparedStatements, inTransaction: boolean): ScriptQueryable {
  return {
    async query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      if (params && params.length > 0) {
        // PGlite refuses a statement on a transaction handle whose transaction has ended; so does this path (it would
        // otherwise run in whatever transaction holds the connection by then).
        if (inTransaction && (target as Transaction).closed) throw new Error('Transaction is closed');
        return toQueryResult(await prepared.query<R>(sql, params, inTransaction));
      }
      return toQueryResult(await target.query<R>(sql, params));
    },
    async exec(script: string): Promise<void> {
      await target.exec(script);
    },
  };
}

/**
 * PostgreSQL's buffer pool inside PGlite's WASM memory (SU1, SM24-1), PGLITE_SHARED_BUFFERS. PGlite keeps PostgreSQL's
 * 128MB default; PostgreSQL zeroes the whole pool while it starts (in `callMain`, on the main thread), so every MB of it
 * is resident memory and start time from the first moment. This store's working set is small (status log, inbox,
 * watches, quota rows), and a page not in the pool is read through Node's fs from the OS page cache: a smaller pool
 * costs a syscall, not a disk read. 4MB measured no slower than 16MB on the query and purchase benches
 * (docs/benchmarks.md, "Start and memory").
 */
export const PGLITE_SHARED_BUFFERS = '4MB';

/** PGlite's own start parameters (single-user mode, no parallel workers ...) plus ours; the initdb run gets them too. */
export function pgliteStartParams(sharedBuffers: string = PGLITE_SHARED_BUFFERS): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

/*
 * PGlite's first start on an empty directory runs initdb in a second WASM instance and copies its files into the
 * directory: 7-40 s of synchronous work on this machine that would block the event loop (and the DATA_DIR lock's
 * refreshes, which must not stall for its stale window). It runs in a worker thread instead, which exits when done (its
 * WASM memory with it); the main thread then opens an existing directory. Plain JavaScript evaluated in the worker, so
 * it needs no TypeScript loader; PGlite is loaded from the path this module resolves.
 */
const INIT_WORKER = `
const { workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);
(async () => {
  const db = await PGlite.create(workerData.dataDir, { startParams: workerData.startParams });
  await db.close();
})().catch((error) => { process.nextTick(() => { throw error; }); });
`;

async function initialiseInWorker(dataDir: string, startParams: string[]): Promise<void> {
  const pglite = pgliteEntry();
  const worker = new Worker(INIT_WORKER, { eval: true, workerData: { pglite, dataDir, startParams } });
  let failure: unknown = null;
  worker.on('error', (error) => {
    failure = error;
  });
  const [code] = (await once(worker, 'exit')) as [number];
  if (failure) throw failure;
  if (code !== 0) throw new Error(`PGlite's first-time initialisation of ${dataDir} stopped (worker exit code ${code})`);
}

/** PGlite's own test for an initialised directory. */
async function initialised(dataDir: string): Promise<boolean> {
  return stat(join(dataDir, 'PG_VERSION')).then(() => true, () => false);
}

/**
 * What a process whose DATA_DIR lock was lost does: exit at once, non-zero. Another process owns the directory now;
 * anything more from this one (a write, a checkpoint, even a clean close, which flushes) could corrupt it.
 */
function exitOnLockLost(): void {
  process.exit(1);
}

/**
 * bytea parameters sent as hex by Node's own encoder. PGlite's default builds one string per byte (Array.from, map,
 * padStart, join): for a 30 KB label PDF that was about a quarter of a purchase's CPU on the event loop. Same text, so
 * the same bytes stored.
 */
const BYTEA_OID = 17;
const BYTEA_SERIALIZER: PGliteOptions['serializers'] = {
  [BYTEA_OID]: (value: unknown) => {
    if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
    return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
  },
};

/**
 * One statement per turn of the event loop. PGlite answers on promise callbacks, so statements queued behind its mutex
 * used to run one after another inside a single turn: with 50 clients, a turn lasted as long as all their queued work
 * (0.3 s quiet, over 1 s on a busy machine). Node (libuv, since 2022) accepts one new connection per turn, so a client
 * opening connections then waited one such turn per connection ahead of it: 25 connections, seconds (the stalled 10 s
 * windows of the scale bench's purge, p99 0.6-8 s, with the connections seen waiting in the listen queue). Each
 * statement now starts from its own setImmediate, in arrival order: a turn is one statement long, and between two
 * statements the loop accepts, reads and writes sockets. Statements inside a transaction run on without waiting (it
 * holds PGlite's one connection).
 */
export function statementTurns(): () => Promise<void> {
  const waiting: Array<() => void> = [];
  let scheduled = false;
  const release = (): void => {
    const next = waiting.shift();
    scheduled = waiting.length > 0;
    if (scheduled) setImmediate(release);
    next?.();
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
    });
}

export interface PgliteStoreOptions {
  lock?: DataDirLockSettings;
  /** Called after the loss is logged and the store refuses every call (default: exit non-zero). */
  onLockLost?: (reason: string) => void;
  /** In memory only: a data directory archive to start from instead of PGlite's initdb (StoreOptions.pgliteArchive). */
  archive?: Blob;
  /** PostgreSQL's buffer pool (`shared_buffers`, PostgreSQL's units); default PGLITE_SHARED_BUFFERS. */
  sharedBuffers?: string;
}

export async function openPgliteStore(dataDir: string, logger: StoreLogger, options: PgliteStoreOptions = {}): Promise<InternalStore> {
  const wasm = compilePgliteWasm();
  wasm.catch(() => undefined);
  const startParams = pgliteStartParams(options.sharedBuffers);
  const inMemory = dataDir.startsWith('memory://');
  // PGlite creates only the last path segment; create parents so a fresh checkout's ./data/db just works.
  let lock: DataDirLock | null = null;
  // Set once the lock is lost: every call is refused from then on (readiness fails with it).
  let lost: string | null = null;
  const refuseWhenLost = (): void => {
    if (lost) throw new Error(`DATA_DIR lock lost (${lost}): this process no longer writes to ${dataDir}`);
  };
  if (!inMemory) {
    await mkdir(dataDir, { recursive: true });
    lock = await lockDataDir(
      dataDir,
      logger,
      (reason) => {
        lost = reason;
        (logger.error ?? logger.warn).call(
          logger,
          { store: 'pglite', dataDir, reason },
          `DATA_DIR lock lost (${reason}): this process no longer owns ${dataDir}; it stops serving and exits without writing to it again`,
        );
        (options.onLockLost ?? exitOnLockLost)(reason);
      },
      options.lock ?? DEFAULT_LOCK_SETTINGS,
    );
  }
  let db: PGlite;
  try {
    if (!inMemory && !(await initialised(dataDir))) {
      logger.info({ store: 'pglite', dataDir }, 'empty data directory: initialising it (PGlite initdb, in a worker thread)');
      await initialiseInWorker(dataDir, startParams);
    }
    db = await PGlite.create(dataDir, {
      startParams,
      pgliteWasmModule: await wasm,
      serializers: BYTEA_SERIALIZER,
      ...(inMemory && options.archive ? { loadDataDir: options.archive } : {}),
    });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  if (inMemory) logger.warn({ store: 'pglite', dataDir }, 'in-memory store: nothing survives a restart');
  const prepared = new PreparedStatements(db);
  const direct = queryable(db, prepared, false);
  const turn = statementTurns();

  return {
    kind: 'pglite',
    query: async (sql, params, options) => {
      await turn();
      refuseWhenLost();
      options?.onStart?.(performance.now());
      return direct.query(sql, params);
    },
    transaction: async (fn, options) => {
      await turn();
      refuseWhenLost();
      options?.onStart?.(performance.now());
      return db.transaction((tx) => fn(queryable(tx, prepared, true)));
    },
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
      await turn();
      refuseWhenLost();
      await direct.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      // A lost directory is not flushed into: closing PGlite writes.
      if (lost) return;
      if (!db.closed) await db.close();
      // Released only once PGlite has flushed and closed: the next process must find a consistent directory.
      const held = lock;
      lock = null;
      await held?.release();
    },
  };
}
