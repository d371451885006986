/**
 * One process per embedded data directory. PGlite has no server to arbitrate, and two processes writing one
 * directory corrupt it (the next start aborts inside PGlite), so the directory is locked while a store has it open.
 *
 * The lock is a directory created with mkdir (atomic on every filesystem, network ones included) holding a holder
 * file: pid, host, the process's start identity (boot id and start time from /proc, so a reused pid is told apart)
 * and a random token naming this very process. Who may take a lock over:
 * - a holder on this host (same hostname and pid namespace): only when its pid is not alive (or is a zombie, or is
 *   another process under the same pid).
 *   A live holder is never taken over, however long it has not refreshed the lock: a stopped or paused process
 *   resumes and writes again.
 * - a holder on another host (containers sharing a volume, where a pid says nothing here): only once the lock's mtime,
 *   refreshed every DATA_DIR_LOCK_CHECK_MS by the holder, is older than DATA_DIR_LOCK_STALE_MS. Such a holder stalled
 *   longer than that can be taken over; it then finds its lock lost at its next check and stops.
 * The holder checks every DATA_DIR_LOCK_CHECK_MS that the holder file still carries its token; when it does not (the
 * lock was removed or taken over), `onLost` is called: the caller stops before writing again.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Inside DATA_DIR, so the lock travels with the directory (a volume mount, a symlinked path). */
const LOCK_DIR = '.carrier-subgraph.lock';
const HOLDER_FILE = 'holder.json';
/** Held while one process removes a dead holder's lock, so two newcomers never both remove (one the other's). */
const TAKEOVER_DIR = '.carrier-subgraph.lock-takeover';
const LEGACY_HOLDER_FILE = '.carrier-subgraph.holder.json';

export interface LockLogger {
  warn(obj: object, msg?: string): void;
}

export interface DataDirLockSettings {
  /** A lock from another host not refreshed for this long is stale (taken over). */
  staleMs: number;
  /** How often the holder refreshes the lock and checks that it is still its own. */
  checkMs: number;
}

export const DEFAULT_LOCK_SETTINGS: DataDirLockSettings = { staleMs: 10_000, checkMs: 1_000 };

interface Holder {
  pid: number;
  hostname: string;
  since: string;
  /** `<boot id>:<start time in clock ticks>` of the holder's process; null where /proc cannot tell. */
  startId: string | null;
  /**
   * The holder's pid namespace (`/proc/self/ns/pid`): containers sharing a hostname (host networking) each have their
   * own pids, so a pid is judged only in the namespace that wrote it.
   */
  pidNamespace: string | null;
  token: string;
}

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: Holder | null,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another carrier-subgraph process (${
        holder ? `pid ${holder.pid} on host ${holder.hostname}, since ${holder.since}` : 'pid unknown'
      }). The embedded store belongs to one process: stop that one, give this one another DATA_DIR, or set ` +
        'DATABASE_URL so that several processes share PostgreSQL.',
    );
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

export async function lockDataDir(
  dataDir: string,
  logger: LockLogger,
  onLost: (reason: string) => void,
  settings: DataDirLockSettings = DEFAULT_LOCK_SETTINGS,
): Promise<DataDirLock> {
  const dir = resolve(dataDir);
  const lockDir = join(dir, LOCK_DIR);
  const me: Holder = {
    pid: process.pid,
    hostname: hostname(),
    since: new Date().toISOString(),
    startId: startIdentity(process.pid),
    pidNamespace: pidNamespace(),
    token: randomUUID(),
  };
  await acquire(dataDir, dir, lockDir, me, logger, settings);

  let lost = false;
  let checking = false;
  const check = async (): Promise<void> => {
    if (lost || checking) return;
    checking = true;
    try {
      const now = await readHolder(lockDir);
      if (now?.token !== me.token) {
        lost = true;
        clearInterval(timer);
        onLost(now ? `the lock now names pid ${now.pid} on host ${now.hostname}` : 'the lock was removed');
        return;
      }
      const at = new Date();
      await utimes(lockDir, at, at);
    } catch (error) {
      // Between reading and touching, the lock was removed: the next check names what is there now.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') logger.warn({ dataDir, err: (error as Error).message }, 'DATA_DIR lock check failed');
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), settings.checkMs);
  timer.unref();
  return {
    async release() {
      clearInterval(timer);
      if (lost) return;
      lost = true;
      if ((await readHolder(lockDir))?.token === me.token) await rm(lockDir, { recursive: true, force: true });
    },
  };
}

async function acquire(dataDir: string, dir: string, lockDir: string, me: Holder, logger: LockLogger, settings: DataDirLockSettings): Promise<void> {
  // Unknown holders (between another process's mkdir and its holder file) and other hosts' fresh locks are waited
  // out for at most 1.5 x the stale window; a live holder on this host for a moment only (it may be exiting).
  const started = Date.now();
  const stepMs = Math.max(20, Math.min(500, Math.floor(settings.staleMs / 4)));
  let warned = false;
  for (;;) {
    let mine = true;
    try {
      await mkdir(lockDir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      mine = false;
    }
    if (mine) {
      try {
        await writeFile(join(lockDir, HOLDER_FILE), `${JSON.stringify(me)}\n`);
      } catch (error) {
        // Not left behind as a holderless lock that others would wait out.
        await rm(lockDir, { recursive: true, force: true });
        throw error;
      }
      // Where earlier versions kept the holder, beside the lock.
      await rm(join(dir, LEGACY_HOLDER_FILE), { force: true });
      return;
    }
    const holder = await readHolder(lockDir);
    const verdict = await judge(holder, lockDir, settings.staleMs);
    if (verdict.takeOver) {
      await takeOver(dir, lockDir, holder, settings.staleMs, () =>
        logger.warn({ dataDir, previousHolder: holder, reason: verdict.why }, `took over the DATA_DIR lock left by ${verdict.why}`),
      );
      continue;
    }
    const waited = Date.now() - started;
    const patience = verdict.alive ? Math.min(2_000, settings.staleMs) : settings.staleMs * 1.5;
    if (waited >= patience) throw new DataDirLockedError(dataDir, holder);
    if (!warned) {
      warned = true;
      logger.warn({ dataDir, holder }, 'DATA_DIR is locked; waiting briefly for the holder to release it');
    }
    await sleep(stepMs);
  }
}

interface Verdict {
  takeOver: boolean;
  /** The holder is a live process on this host: never taken over. */
  alive?: boolean;
  why?: string;
}

async function judge(holder: Holder | null, lockDir: string, staleMs: number): Promise<Verdict> {
  // Same host and same pid namespace: the holder's pid means what it says here.
  if (holder && holder.hostname === hostname() && holder.pidNamespace === pidNamespace()) {
    if (!pidAlive(holder.pid)) return { takeOver: true, why: `a process that died holding it (pid ${holder.pid})` };
    const startId = startIdentity(holder.pid);
    if (holder.startId && startId && startId !== holder.startId) {
      return { takeOver: true, why: `a process that died holding it (pid ${holder.pid}, now reused by another process)` };
    }
    return { takeOver: false, alive: true };
  }
  const age = await ageMs(lockDir);
  if (age !== null && age > staleMs) {
    return { takeOver: true, why: holder ? `host ${holder.hostname} (pid ${holder.pid}), not refreshed for ${age} ms` : `an unknown holder, not refreshed for ${age} ms` };
  }
  return { takeOver: false };
}

/** Removes the lock `seen` named, under the takeover lock, only if it still names it (or is still stale). */
async function takeOver(dir: string, lockDir: string, seen: Holder | null, staleMs: number, log: () => void): Promise<void> {
  const takeoverDir = join(dir, TAKEOVER_DIR);
  try {
    await mkdir(takeoverDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another newcomer is taking over; one that died doing so left this behind.
    const age = await ageMs(takeoverDir);
    if (age !== null && age > staleMs) await rm(takeoverDir, { recursive: true, force: true });
    await sleep(20);
    return;
  }
  try {
    const now = await readHolder(lockDir);
    const unchanged = seen ? now?.token === seen.token && now.pid === seen.pid : now === null && ((await ageMs(lockDir)) ?? 0) > staleMs;
    if (!unchanged) return;
    await rm(lockDir, { recursive: true, force: true });
    log();
  } finally {
    await rm(takeoverDir, { recursive: true, force: true });
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A zombie has exited; only its parent has not reaped it yet.
  return procStat(pid)?.state !== 'Z';
}

function procStat(pid: number): { state: string; startTicks: string } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted from its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', startTicks: fields[19] ?? '' };
  } catch {
    return null;
  }
}

let bootId: string | null | undefined;
/** Tells a process from a later one under the same pid (after a reboot too); null where /proc is not there. */
function startIdentity(pid: number): string | null {
  const stat = procStat(pid);
  if (!stat) return null;
  if (bootId === undefined) {
    try {
      bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    } catch {
      bootId = null;
    }
  }
  return `${bootId ?? 'unknown-boot'}:${stat.startTicks}`;
}

let ownPidNamespace: string | null | undefined;
function pidNamespace(): string | null {
  if (ownPidNamespace === undefined) {
    try {
      ownPidNamespace = readlinkSync('/proc/self/ns/pid');
    } catch {
      ownPidNamespace = null;
    }
  }
  return ownPidNamespace;
}

async function ageMs(path: string): Promise<number | null> {
  try {
    return Date.now() - (await stat(path)).mtimeMs;
  } catch {
    return null;
  }
}

async function readHolder(lockDir: string): Promise<Holder | null> {
  try {
    const parsed = JSON.parse(await readFile(join(lockDir, HOLDER_FILE), 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.hostname !== 'string' || typeof parsed.token !== 'string') return null;
    return {
      pid: parsed.pid,
      hostname: parsed.hostname,
      since: String(parsed.since ?? 'unknown'),
      startId: typeof parsed.startId === 'string' ? parsed.startId : null,
      pidNamespace: typeof parsed.pidNamespace === 'string' ? parsed.pidNamespace : null,
      token: parsed.token,
    };
  } catch {
    // Missing (the holder is between mkdir and writing it) or unreadable: unknown holder.
    return null;
  }
}
