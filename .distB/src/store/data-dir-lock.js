/**
 * One process per embedded data directory. PGlite has no server to arbitrate, and two processes writing one
 * directory corrupt it (the next start aborts inside PGlite), so the directory is locked while a store has it open.
 *
 * proper-lockfile rather than a pid file: its lock is a directory created with mkdir (atomic on every filesystem,
 * network ones included) whose mtime the holder refreshes every STALE_MS / 2; a lock not refreshed for STALE_MS is
 * stale and taken over. That works across containers sharing a volume (where every holder may be pid 1 and a pid
 * says nothing) and after a SIGKILL (nothing runs at exit, the refreshing simply stops). Beside it a small holder file
 * records pid, host and start time for the refusal message and the takeover log line. A second process waits out the
 * stale window (at most 1.5 x STALE_MS) before refusing, so a refusal is never a guess about a dying process.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';
/** Both live inside DATA_DIR, so the lock travels with the directory (a volume mount, a symlinked path). */
const LOCK_DIR = '.carrier-subgraph.lock';
const HOLDER_FILE = '.carrier-subgraph.holder.json';
/** proper-lockfile's default; the event loop must never stall this long (PGlite's start stalls it ~2 s at worst). */
const STALE_MS = 10_000;
export class DataDirLockedError extends Error {
    dataDir;
    holder;
    name = 'DataDirLockedError';
    constructor(dataDir, holder) {
        super(`DATA_DIR ${dataDir} is in use by another carrier-subgraph process (${holder ? `pid ${holder.pid} on host ${holder.hostname}, since ${holder.since}` : 'pid unknown'}). The embedded store belongs to one process: stop that one, give this one another DATA_DIR, or set ` +
            'DATABASE_URL so that several processes share PostgreSQL.');
        this.dataDir = dataDir;
        this.holder = holder;
    }
}
export async function lockDataDir(dataDir, logger, options = {}) {
    const dir = resolve(dataDir);
    const holderPath = join(dir, HOLDER_FILE);
    const lockOptions = {
        // The directory exists (the caller created it); realpath would also refuse a missing one.
        realpath: false,
        lockfilePath: join(dir, LOCK_DIR),
        stale: options.staleMs ?? STALE_MS,
        // proper-lockfile's default throws from a timer (an uncaught exception). A lost lock means our refreshes stalled
        // past the stale window; say so loudly instead of crashing mid-write.
        onCompromised: (err) => logger.warn({ dataDir, err: err.message }, 'DATA_DIR lock lost (refreshes stalled past the stale window): another process may now open this directory'),
    };
    let release;
    try {
        release = await lockfile.lock(dir, lockOptions);
    }
    catch (error) {
        if (error.code !== 'ELOCKED')
            throw error;
        // A live holder keeps refreshing the lock; a killed one's turns stale within STALE_MS and is taken over. The pid is
        // not asked: a process being killed still exists for a moment (and a zombie for longer), and on another host or
        // container a pid says nothing.
        logger.warn({ dataDir, holder: await readHolder(holderPath) }, 'DATA_DIR is locked; waiting up to the stale window for the holder to release it or die');
        try {
            const stepMs = 500;
            release = await lockfile.lock(dir, {
                ...lockOptions,
                retries: { retries: Math.ceil((lockOptions.stale * 1.5) / stepMs), factor: 1, minTimeout: stepMs, maxTimeout: stepMs },
            });
        }
        catch (retryError) {
            if (retryError.code !== 'ELOCKED')
                throw retryError;
            throw new DataDirLockedError(dataDir, await readHolder(holderPath));
        }
    }
    // A clean release deletes the holder file before unlocking, so one found now was left by a process that died
    // holding the lock (taken over here once stale, possibly on the first attempt).
    const previous = await readHolder(holderPath);
    if (previous)
        logger.warn({ dataDir, previousHolder: previous }, 'took over the DATA_DIR lock left by a process that died holding it');
    const me = { pid: process.pid, hostname: hostname(), since: new Date().toISOString() };
    await writeFile(holderPath, `${JSON.stringify(me)}\n`);
    return {
        async release() {
            await rm(holderPath, { force: true });
            await release();
        },
    };
}
async function readHolder(path) {
    try {
        const parsed = JSON.parse(await readFile(path, 'utf8'));
        if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string')
            return null;
        return { pid: parsed.pid, hostname: parsed.hostname, since: String(parsed.since ?? 'unknown') };
    }
    catch {
        // Missing (the holder is between mkdir and writing it) or unreadable: unknown holder.
        return null;
    }
}
