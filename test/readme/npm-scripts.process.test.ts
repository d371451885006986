/**
 * What a user sees from the npm scripts, run as a user runs them (child processes, in a directory without `.env`):
 * at most one ".env not found" line per script (Node says it once per process: a script that is one process says it
 * once), and `npm run sandbox` on a busy port stops with one line naming the port and SANDBOX_PORT_BASE, not an
 * EADDRINUSE stack.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startChildServer } from '../push/child-server.js';

const ENV_MESSAGE = /\.env not found/g;

/** Runs an npm script to its end (or `timeoutMs`), with the environment given; its whole output and exit code. */
function runScript(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const held: Server[] = [];
afterAll(async () => {
  await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('npm scripts', () => {
  it('npm run sandbox on a busy port fails with one line naming the port and SANDBOX_PORT_BASE, no stack, one .env message at most', async () => {
    // The third simulator's port is taken: two listen first, and the start must close them again.
    const base = await freePort();
    const busy = createServer();
    await new Promise<void>((resolve, reject) => {
      busy.once('error', reject);
      busy.listen(base + 2, '127.0.0.1', resolve);
    });
    held.push(busy);
    const run = await runScript(['sandbox'], { SANDBOX_PORT_BASE: String(base) });
    expect(run.code).toBe(1);
    const lines = run.stderr.split('\n').filter((line) => line.trim() !== '' && !ENV_MESSAGE.test(line));
    ENV_MESSAGE.lastIndex = 0;
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toContain(`port ${base + 2}`);
    expect(lines[0]).toContain('SANDBOX_PORT_BASE');
    expect(run.stderr).not.toMatch(/EADDRINUSE|\n\s+at /);
    expect((run.stderr + run.stdout).match(ENV_MESSAGE)?.length ?? 0).toBeLessThanOrEqual(1);
  }, 90_000);

  it('npm start says ".env not found" at most once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'carrier-subgraph-env-message-'));
    const server = await startChildServer({ SANDBOX: 'on', DATA_DIR: dataDir, WATCHERS_ENABLED: 'false' }, undefined, { command: ['npm', 'start'], startTimeoutMs: 90_000 });
    try {
      expect(server.output().match(ENV_MESSAGE)?.length ?? 0, server.output().slice(0, 2000)).toBeLessThanOrEqual(1);
    } finally {
      await server.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('npm run analytics:backfill says ".env not found" at most once', async () => {
    // An unknown option: the script stops at once, after Node has read (or missed) .env.
    const run = await runScript(['analytics:backfill', '--', '--no-such-option'], {});
    expect((run.stderr + run.stdout).match(ENV_MESSAGE)?.length ?? 0, run.stderr).toBeLessThanOrEqual(1);
  }, 90_000);
});
