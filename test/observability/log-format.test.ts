import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLogFormat } from '../../src/platform/logger.js';
import { startChildServer } from '../push/child-server.js';
import { SAFEGUARDS_WAIVED } from '../production/auth-support.js';
import { seedDataDir } from '../support/database.js';

/** Runs the server under a pseudo-terminal (util-linux `script`) until it says it is ready; returns what it printed. */
async function outputAtTerminal(env: Record<string, string>): Promise<string> {
  const proc = spawn('script', ['-qfec', 'exec node_modules/.bin/tsx src/main.ts', '/dev/null'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 150_000);
      proc.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('carrier-subgraph ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(() => reject(new Error(`server exited:\n${output}`)));
    });
  } finally {
    // `script` starts the server in a session of its own, so killing `script`'s group leaves the server (and its
    // store) running: kill every descendant and wait until each is gone before the data directory is removed.
    const tree = [proc.pid!, ...descendantsOf(proc.pid!)];
    for (const pid of tree) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await exited;
    await Promise.all(tree.map(gone));
  }
  return output;
}

/** The process ids below `pid`, children first (read from ps, which lists every process of the machine). */
function descendantsOf(pid: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const found: number[] = [];
  const walk = (parent: number) => {
    for (const [child, ppid] of rows) {
      if (ppid === parent) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}

/** Resolves once `pid` no longer exists. */
async function gone(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('pretty logs in development, JSON in production (issue 7, item 11)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'carrier-subgraph-logformat-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('LOG_FORMAT=auto is pretty only in development at a terminal; json and pretty are taken as given', () => {
    expect(resolveLogFormat('auto', { NODE_ENV: 'development' }, true)).toBe('pretty');
    expect(resolveLogFormat('auto', {}, true)).toBe('pretty');
    expect(resolveLogFormat('auto', { NODE_ENV: 'development' }, false)).toBe('json');
    expect(resolveLogFormat('auto', { NODE_ENV: 'production' }, true)).toBe('json');
    expect(resolveLogFormat('pretty', { NODE_ENV: 'production' }, false)).toBe('pretty');
    expect(resolveLogFormat('json', {}, true)).toBe('json');
  });

  it('with NODE_ENV=production every line the process writes is one JSON object', async () => {
    const child = await startChildServer({ NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, SANDBOX: 'on', DATA_DIR: join(dataDir, 'prod') }, undefined, {
      startTimeoutMs: 150_000,
      // A first start on an empty DATA_DIR, so that what PGlite's initialisation writes is checked too.
      firstStart: true,
    });
    try {
      await fetch(`${child.origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
      const lines = child.output().split('\n').filter((line) => line.trim() !== '');
      expect(lines.length).toBeGreaterThan(3);
      for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      expect(lines.some((line) => (JSON.parse(line) as { msg?: string }).msg === 'carrier-subgraph ready')).toBe(true);
    } finally {
      await child.kill();
    }
  }, 180_000);

  it('in development at a terminal the lines are pino-pretty (level names and messages, not JSON)', async () => {
    await seedDataDir(join(dataDir, 'dev'));
    const output = await outputAtTerminal({ SANDBOX: 'on', DATA_DIR: join(dataDir, 'dev'), NODE_ENV: 'development' });
    const ready = output.split('\n').find((line) => line.includes('carrier-subgraph ready'));
    expect(ready).toBeDefined();
    expect(ready).toMatch(/INFO/);
    expect(ready!.trim().startsWith('{')).toBe(false);
  }, 180_000);
});
