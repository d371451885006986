/**
 * Start: the production preload turns on Node's compile cache, so a start on a machine that has run the subgraph
 * before reads the compiled modules instead of compiling them again. On the compiled build, in a child process started
 * with start:prod's preload and NODE_ENV=production: the cache directory is the OS temporary directory's
 * node-compile-cache, NODE_COMPILE_CACHE moves it, NODE_DISABLE_COMPILE_CACHE=1 turns it off.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './build.js';

const run = promisify(execFile);
const PROBE = `const { getCompileCacheDir } = await import('node:module'); await import('./dist/src/platform/config.js'); console.log(JSON.stringify({ dir: getCompileCacheDir() ?? null }));`;

async function probe(env: Record<string, string>): Promise<string | null> {
  // Node reads either variable as soon as it is set, even empty: the child gets only the ones the case sets.
  const { NODE_COMPILE_CACHE: _dir, NODE_DISABLE_COMPILE_CACHE: _off, ...inherited } = process.env;
  const { stdout } = await run('node_modules/.bin/node', ['--import', './dist/src/platform/tracing.js', '--input-type=module', '-e', PROBE], {
    env: { ...inherited, NODE_ENV: 'production', ...env },
  });
  return (JSON.parse(stdout.trim().split('\n').at(-1)!) as { dir: string | null }).dir;
}

describe("Node's compile cache on a production start", () => {
  let tmp: string;
  beforeAll(async () => {
    await ensureBuilt();
    tmp = await mkdtemp(join(tmpdir(), 'compile-cache-'));
  }, 300_000);
  afterAll(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('the preload keeps compiled modules in the temporary directory, where the next start reads them', async () => {
    const dir = await probe({ TMPDIR: tmp });
    // (Node keeps one subdirectory per version and flags inside it.)
    expect(dir?.startsWith(join(tmp, 'node-compile-cache'))).toBe(true);
    expect((await readdir(dir!)).length).toBeGreaterThan(0);
  }, 60_000);

  it('NODE_COMPILE_CACHE moves it and NODE_DISABLE_COMPILE_CACHE=1 turns it off', async () => {
    expect((await probe({ NODE_COMPILE_CACHE: join(tmp, 'elsewhere') }))?.startsWith(join(tmp, 'elsewhere'))).toBe(true);
    expect(await probe({ TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: '1' })).toBeNull();
  }, 60_000);
});
