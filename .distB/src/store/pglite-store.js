/**
 * Embedded PGlite backend: PostgreSQL compiled to WASM, in this process, on a directory or in memory. It is a single
 * connection, so PGlite itself serialises work: `transaction()` holds its mutex until COMMIT/ROLLBACK and every
 * `query()` outside it waits, which is why callers must use the `tx` handle inside a transaction.
 * One directory must be opened by one process at a time (there is no server to arbitrate): it is locked while open
 * (data-dir-lock.ts), and a second process refuses to start naming DATA_DIR and the holder.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './data-dir-lock.js';
import { assertChannelName } from './internal.js';
function toQueryResult(res) {
    // rowCount comes from the command tag (rows of a SELECT/RETURNING, rows changed otherwise), like pg's.
    return { rows: res.rows, rowCount: res.rowCount ?? res.affectedRows ?? res.rows.length };
}
function queryable(target) {
    return {
        async query(sql, params) {
            return toQueryResult(await target.query(sql, params));
        },
        async exec(script) {
            await target.exec(script);
        },
    };
}
/**
 * PostgreSQL's buffer pool inside PGlite's WASM memory (SU1). PGlite keeps PostgreSQL's 128MB default, which costs
 * ~110 MB of resident memory once touched and ~0.5 s of start (PostgreSQL initialises the whole pool). This store's
 * working set is small (status log, inbox, watches, quota rows: tens of MB at most), and a page not in the pool is read
 * through Node's fs from the OS page cache, so a smaller pool costs a syscall, not a disk read.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';
/** PGlite's own start parameters (single-user mode, no parallel workers ...) plus ours; the initdb run gets them too. */
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
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
async function initialiseInWorker(dataDir) {
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const worker = new Worker(INIT_WORKER, { eval: true, workerData: { pglite, dataDir, startParams: PGLITE_START_PARAMS } });
    let failure = null;
    worker.on('error', (error) => {
        failure = error;
    });
    const [code] = (await once(worker, 'exit'));
    if (failure)
        throw failure;
    if (code !== 0)
        throw new Error(`PGlite's first-time initialisation of ${dataDir} stopped (worker exit code ${code})`);
}
/** PGlite's own test for an initialised directory. */
async function initialised(dataDir) {
    return stat(join(dataDir, 'PG_VERSION')).then(() => true, () => false);
}
/**
 * PGlite's WebAssembly (9 MB), compiled once per process and shared by every store it opens (PGlite caches it the same
 * way when it compiles it itself). Started here, synchronously, on the first open: V8 compiles on background threads,
 * so the compile overlaps whatever the main thread does next (main.ts loads the rest of the application, SU3). PGlite
 * left to itself reads the file in 512 KB chunks, one turn of the event loop each, and compiles only after the last,
 * so behind a busy main thread it would not even start.
 */
let pgliteWasm = null;
function compilePgliteWasm() {
    if (pgliteWasm)
        return pgliteWasm;
    // Beside PGlite's entry point, where PGlite itself looks for it (the package does not export the file's path).
    const path = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');
    const compiling = WebAssembly.compile(readFileSync(path));
    // Not fatal here: a failure reaches the caller (openPgliteStore awaits it), and a later open compiles again.
    compiling.catch(() => {
        pgliteWasm = null;
    });
    pgliteWasm = compiling;
    return compiling;
}
export async function openPgliteStore(dataDir, logger) {
    const wasm = compilePgliteWasm();
    wasm.catch(() => undefined);
    const inMemory = dataDir.startsWith('memory://');
    // PGlite creates only the last path segment; create parents so a fresh checkout's ./data/db just works.
    let lock = null;
    if (!inMemory) {
        await mkdir(dataDir, { recursive: true });
        lock = await lockDataDir(dataDir, logger);
    }
    let db;
    try {
        if (!inMemory && !(await initialised(dataDir))) {
            logger.info({ store: 'pglite', dataDir }, 'empty data directory: initialising it (PGlite initdb, in a worker thread)');
            await initialiseInWorker(dataDir);
        }
        db = await PGlite.create(dataDir, { startParams: [...PGLITE_START_PARAMS], pgliteWasmModule: await wasm });
    }
    catch (error) {
        await lock?.release();
        throw error;
    }
    if (inMemory)
        logger.warn({ store: 'pglite', dataDir }, 'in-memory store: nothing survives a restart');
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
                }
                catch (err) {
                    logger.warn({ channel, err: err instanceof Error ? err.message : String(err) }, 'notification handler threw');
                }
            });
            return async () => {
                if (!db.closed)
                    await unlisten();
            };
        },
        async notify(channel, payload) {
            assertChannelName(channel);
            await db.query('SELECT pg_notify($1, $2)', [channel, payload]);
        },
        async close() {
            if (!db.closed)
                await db.close();
            // Released only once PGlite has flushed and closed: the next process must find a consistent directory.
            const held = lock;
            lock = null;
            await held?.release();
        },
    };
}
