/**
 * The compiled server (`npm run build`, then `npm run start:prod` / `node dist/src/main.js`) in production: shutdown
 * drains and exits 0 on SIGINT, a request stuck past SHUTDOWN_TIMEOUT_MS makes the exit non-zero, and the files of
 * the Docker runtime stage (no sandbox, tsx or esbuild) run, reading .env (issue 7, items 1 and 14).
 */
import { cp, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEnv } from '../../sandbox/env.js';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { startChildServer } from '../push/child-server.js';
import { ensureBuilt } from './build.js';
import { copyLines, dockerStages, removedModules } from './dockerfile-stage.js';
import { observeDrain, type DrainObservation } from './drain-scenario.js';
import { SAFEGUARDS_WAIVED } from './auth-support.js';

beforeAll(async () => {
  await ensureBuilt();
}, 180_000);

describe('npm run start:prod, NODE_ENV=production, SIGINT', () => {
  let seen: DrainObservation;
  beforeAll(async () => {
    // An operator's first start: the compiled build initialises the empty DATA_DIR (PGlite's initdb, every migration).
    seen = await observeDrain({ command: ['npm', 'run', 'start:prod'], signal: 'SIGINT', firstStart: true });
  }, 180_000);

  it('an HTTP request in flight when SIGINT arrives completes with its answer', () => {
    expect(seen.slow?.status, seen.output).toBe(200);
    expect(JSON.parse(seen.slow!.body)).toMatchObject({ data: { shipment: { trackingNumber: '100000000003' } } });
  });

  it('/readyz answers 503 draining once shutdown began', () => {
    expect(seen.readyWhileDraining?.status, seen.output).toBe(503);
    expect(JSON.parse(seen.readyWhileDraining!.body)).toMatchObject({ status: 'not ready', draining: true });
  });

  it('a graphql-ws subscriber is closed with 1001', () => {
    expect(seen.wsCloseCode).toBe(1001);
  });

  it('the process exits 0 by itself once everything stopped', () => {
    expect(seen.exit, seen.output).toEqual({ code: 0, signal: null });
  });

  it("node runs with glibc's malloc thresholds at 128 KiB (freed memory handed back, not kept), unless the environment sets them", () => {
    expect(seen.serverEnviron).toMatchObject({ MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072', NODE_ENV: 'production' });
  });
});

describe('a request stuck past SHUTDOWN_TIMEOUT_MS', () => {
  let seen: DrainObservation;
  beforeAll(async () => {
    seen = await observeDrain({ command: ['node', 'dist/src/main.js'], signal: 'SIGTERM', release: false, env: { SHUTDOWN_TIMEOUT_MS: '3000' } });
  }, 180_000);

  it('makes the exit non-zero, and the log says what was still open', () => {
    expect(seen.exit, seen.output).toEqual({ code: 1, signal: null });
    const line = seen.output.split('\n').find((l) => l.includes('did not finish within SHUTDOWN_TIMEOUT_MS'));
    expect(line, seen.output).toBeDefined();
    // The held request, and the /readyz queued behind it on the same connection.
    expect(JSON.parse(line!)).toMatchObject({ step: 'http' });
    expect(JSON.parse(line!).inFlightRequests).toBeGreaterThanOrEqual(1);
  });
});

describe('the Docker runtime stage\'s files (no sandbox/, tsx or esbuild), started with npm run start:prod', () => {
  let sandbox: Sandbox;
  let tree: string;
  let dataDir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({});
    // The runtime stage's COPY lines, replayed: files from the build stage come from this checkout's build, and
    // node_modules is this checkout's minus what the runtime-deps stage deletes.
    tree = await mkdtemp(join(tmpdir(), 'runtime-tree-'));
    dataDir = join(tree, 'data');
    const stages = dockerStages();
    for (const copy of copyLines(stages.at(-1)!)) {
      const destination = join(tree, copy.destination);
      for (const source of copy.sources) {
        const local = source.replace(/^\/app\//, '');
        if (local === 'node_modules') {
          const removed = new Set(removedModules(stages.find((st) => st.name === copy.fromStage)!));
          await mkdir(join(destination, '.bin'), { recursive: true });
          for (const entry of await readdir('node_modules')) {
            if (entry !== '.bin' && !removed.has(entry)) await symlink(resolve('node_modules', entry), join(destination, entry));
          }
          for (const entry of await readdir('node_modules/.bin')) {
            if (!removed.has(`.bin/${entry}`)) await symlink(resolve('node_modules/.bin', entry), join(destination, '.bin', entry));
          }
        } else {
          await cp(local, destination, { recursive: true });
        }
      }
    }
    // The upstreams come from .env only: a production start with none configured is refused, so starting proves
    // that npm run start:prod read it (the environment below carries no upstream).
    const dotenv = Object.entries(sandboxEnv(sandbox)).map(([key, value]) => `${key}=${value}`);
    await writeFile(join(tree, '.env'), `${dotenv.join('\n')}\n`);
  }, 60_000);
  afterAll(async () => {
    await sandbox?.close();
    await rm(tree, { recursive: true, force: true });
  });

  it('has no sandbox/, tsx or esbuild', async () => {
    await expect(stat(join(tree, 'dist/sandbox'))).rejects.toThrow();
    await expect(stat(join(tree, 'node_modules/tsx'))).rejects.toThrow();
    await expect(stat(join(tree, 'node_modules/esbuild'))).rejects.toThrow();
    await expect(stat(join(tree, 'dist/src/main.js'))).resolves.toBeTruthy();
  });

  it('starts in production with the upstreams of .env, serves them and stops with exit 0', async () => {
    const child = await startChildServer({ NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, SANDBOX: 'off', DATA_DIR: dataDir }, undefined, {
      command: ['npm', 'run', 'start:prod'],
      cwd: tree,
      startTimeoutMs: 90_000,
    });
    try {
      const ready = await fetch(`${child.origin}/readyz`);
      expect(await ready.json()).toMatchObject({ status: 'ready', mode: 'configured', upstreams: { 'carrier-b': 'configured' } });
      const answer = await fetch(`${child.origin}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ shipment(carrier: CARRIER_B, trackingNumber: "100000000003") { trackingNumber } }' }),
      });
      expect(await answer.json()).toMatchObject({ data: { shipment: { trackingNumber: '100000000003' } } });
      child.process.kill('SIGTERM');
      expect(await child.exited).toEqual({ code: 0, signal: null });
    } finally {
      await child.kill();
    }
  }, 180_000);

  it('the same files with SANDBOX=on fail for want of the simulators (so the start above never loaded them)', async () => {
    await expect(
      // The data directory of the start above (initialised already, released at its exit): the refusal comes sooner.
      startChildServer({ NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, SANDBOX: 'on', DATA_DIR: dataDir }, undefined, {
        command: [resolve('node_modules/.bin/node'), 'dist/src/main.js'],
        cwd: tree,
        startTimeoutMs: 90_000,
      }),
    ).rejects.toThrow(/sandbox\/index\.js/);
  }, 180_000);
});
