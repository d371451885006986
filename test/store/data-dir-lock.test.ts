/**
 * Who may take the DATA_DIR lock over, in-process with scaled timings (the production child-process tests in
 * test/production/data-dir-lock.test.ts cover the whole server). Holder files are written by hand to stand for
 * other processes: a dead pid, a live one, a reused one, another host's.
 */
import { spawn } from 'node:child_process';
import { readlinkSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, type DataDirLock } from '../../src/store/data-dir-lock.js';
import { waitFor } from '../support/wait-for.js';

const SETTINGS = { staleMs: 300, checkMs: 50 };
let dataDir: string;
let lockDir: string;
const held: DataDirLock[] = [];
const warnings: string[] = [];
const logger = { warn: (_obj: object, msg?: string) => void warnings.push(msg ?? '') };
const lost: string[] = [];
const lock = async () => {
  const l = await lockDataDir(dataDir, logger, (reason) => lost.push(reason), SETTINGS);
  held.push(l);
  return l;
};

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lock-unit-'));
  lockDir = join(dataDir, '.carrier-subgraph.lock');
  warnings.length = 0;
  lost.length = 0;
});
afterEach(async () => {
  await Promise.all(held.splice(0).map((l) => l.release()));
  await rm(dataDir, { recursive: true, force: true });
});

/** This process's pid namespace: a planted holder on "this host" shares it. */
const PID_NAMESPACE = readlinkSync('/proc/self/ns/pid');

async function planted(holder: Record<string, unknown>, ageMs = 0): Promise<void> {
  await mkdir(lockDir);
  await writeFile(
    join(lockDir, 'holder.json'),
    JSON.stringify({ since: '2026-01-01T00:00:00Z', startId: null, pidNamespace: PID_NAMESPACE, token: 'other', ...holder }),
  );
  if (ageMs > 0) {
    const at = new Date(Date.now() - ageMs);
    await utimes(lockDir, at, at);
  }
}

/** A pid that was alive a moment ago and is not now. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

it('a lock whose holder on this host is dead is taken over at once, naming it', async () => {
  const pid = await deadPid();
  await planted({ pid, hostname: hostname() });
  const started = Date.now();
  await lock();
  expect(Date.now() - started).toBeLessThan(SETTINGS.staleMs);
  expect(warnings.join('\n')).toMatch(new RegExp(`took over the DATA_DIR lock left by a process that died holding it \\(pid ${pid}\\)`));
  expect(JSON.parse(await readFile(join(lockDir, 'holder.json'), 'utf8'))).toMatchObject({ pid: process.pid, hostname: hostname() });
});

it('a lock whose holder on this host is alive is never taken over, however stale its mtime: refused naming it', async () => {
  await planted({ pid: process.pid, hostname: hostname() }, 60_000);
  await expect(lock()).rejects.toThrow(DataDirLockedError);
  await expect(lock()).rejects.toThrow(new RegExp(`pid ${process.pid} on host ${hostname()}`));
  expect(warnings.join('\n')).not.toMatch(/took over/);
});

it('a live pid with another start identity (the pid was reused) is taken over', async () => {
  await planted({ pid: process.pid, hostname: hostname(), startId: 'another-boot:1' });
  await lock();
  expect(warnings.join('\n')).toMatch(/now reused by another process/);
});

it('a holder with this hostname but another pid namespace (a container sharing the host name) is judged as another host: its dead-looking pid is not taken over while its lock is fresh', async () => {
  const pid = await deadPid();
  await planted({ pid, hostname: hostname(), pidNamespace: 'pid:[1]' });
  const refreshing = setInterval(() => void utimes(lockDir, new Date(), new Date()).catch(() => undefined), SETTINGS.checkMs);
  try {
    await expect(lock()).rejects.toThrow(DataDirLockedError);
  } finally {
    clearInterval(refreshing);
  }
  expect(warnings.join('\n')).not.toMatch(/took over/);
});

it("another host's lock is taken over only once stale by mtime; a fresh one is refused after waiting the stale window", async () => {
  await planted({ pid: 1, hostname: 'some-other-host' });
  // That holder is alive: it refreshes its lock as ours does.
  const refreshing = setInterval(() => void utimes(lockDir, new Date(), new Date()).catch(() => undefined), SETTINGS.checkMs);
  const started = Date.now();
  try {
    await expect(lock()).rejects.toThrow(/pid 1 on host some-other-host/);
  } finally {
    clearInterval(refreshing);
  }
  expect(Date.now() - started).toBeGreaterThanOrEqual(SETTINGS.staleMs * 1.5);
  await rm(lockDir, { recursive: true });
  await planted({ pid: 1, hostname: 'some-other-host' }, SETTINGS.staleMs * 2);
  await lock();
  expect(warnings.join('\n')).toMatch(/took over the DATA_DIR lock left by host some-other-host/);
});

it('the holder keeps its lock fresh, and finds it lost when another process rewrites it', async () => {
  await lock();
  const past = new Date(Date.now() - 60_000);
  await utimes(lockDir, past, past);
  await waitFor(async () => Date.now() - (await stat(lockDir)).mtimeMs < 1_000);
  expect(lost).toEqual([]);
  await writeFile(join(lockDir, 'holder.json'), JSON.stringify({ pid: 4242, hostname: 'elsewhere', token: 'theirs' }));
  await waitFor(() => lost.length > 0, { timeoutMs: 2_000 });
  expect(lost).toEqual(['the lock now names pid 4242 on host elsewhere']);
});

it('a released lock is free for the next process, and a held one refuses this process a second time', async () => {
  const first = await lock();
  await expect(lockDataDir(dataDir, logger, () => undefined, SETTINGS)).rejects.toThrow(DataDirLockedError);
  await first.release();
  await lock();
  expect(warnings.join('\n')).not.toMatch(/took over/);
});
