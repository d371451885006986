/**
 * PGlite's WebAssembly is compiled on a worker thread that the start begins early (src/store/pglite-wasm.ts,
 * src/store/pglite-early.ts): the worker boots while the main thread loads the application, and compiles when the
 * store's open asks. On the compiled build, in child processes, so that each has its own module state and blocks only
 * its own main thread.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../production/build.js';

const run = promisify(execFile);

async function probe(script: string, env: Record<string, string> = {}): Promise<{ stdout: string }> {
  const { stdout } = await run('node_modules/.bin/node', ['--input-type=module', '-e', script], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    timeout: 30_000,
  });
  return { stdout: stdout.trim() };
}

/** Blocks the main thread, as loading the application does during a start. */
const BLOCK = 'for (const until = Date.now() + 1500; Date.now() < until;);';

describe("PGlite's WebAssembly compiled on an early worker", () => {
  beforeAll(async () => {
    await ensureBuilt();
  }, 300_000);

  it('a worker started early and never asked to compile does not keep its process alive', async () => {
    const { stdout } = await probe(`
      const { startPgliteWasmWorker } = await import('./dist/src/store/pglite-wasm.js');
      startPgliteWasmWorker();
      setTimeout(() => console.log('main done'), 300);
    `);
    // Waiting on its flag, a referenced worker would hold the process until the timeout killed it (an error here).
    expect(stdout).toBe('main done');
  }, 60_000);

  it('the module compiled while the main thread was busy reaches it, and PGlite runs on it', async () => {
    const { stdout } = await probe(`
      const { compilePgliteWasm, startPgliteWasmWorker } = await import('./dist/src/store/pglite-wasm.js');
      const { PGlite } = await import('@electric-sql/pglite');
      startPgliteWasmWorker();
      ${BLOCK}
      const compiling = compilePgliteWasm();
      // The worker compiles, posts the module and ends while the main thread cannot read its messages.
      ${BLOCK}
      const module = await compiling;
      const again = await compilePgliteWasm();
      const db = await PGlite.create('memory://', { pgliteWasmModule: module });
      const { rows } = await db.query('SELECT 1 + 1 AS two');
      await db.close();
      console.log(JSON.stringify({ isModule: module instanceof WebAssembly.Module, same: again === module, two: rows[0].two }));
    `);
    expect(JSON.parse(stdout.split('\n').at(-1)!)).toEqual({ isModule: true, same: true, two: 2 });
  }, 60_000);

  it('without an early start, the first compile starts a worker of its own', async () => {
    const { stdout } = await probe(`
      const { compilePgliteWasm } = await import('./dist/src/store/pglite-wasm.js');
      const module = await compilePgliteWasm();
      console.log(JSON.stringify({ isModule: module instanceof WebAssembly.Module, exports: WebAssembly.Module.exports(module).length > 0 }));
    `);
    expect(JSON.parse(stdout.split('\n').at(-1)!)).toEqual({ isModule: true, exports: true });
  }, 60_000);

  it('pglite-early.ts (the second import of the entry) starts the worker only for the embedded store: with DATABASE_URL it starts none', async () => {
    // Node publishes every worker it starts on the 'worker_threads' diagnostics channel.
    const script = `
      const { subscribe } = await import('node:diagnostics_channel');
      let workers = 0;
      subscribe('worker_threads', () => { workers += 1; });
      await import('./dist/src/store/pglite-early.js');
      console.log(JSON.stringify({ workers }));
    `;
    const workers = async (env: Record<string, string>): Promise<number> =>
      (JSON.parse((await probe(script, env)).stdout.split('\n').at(-1)!) as { workers: number }).workers;
    expect(await workers({ DATABASE_URL: '' })).toBe(1);
    expect(await workers({ DATABASE_URL: 'postgres://127.0.0.1:1/none' })).toBe(0);
  }, 60_000);
});
