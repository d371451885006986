/**
 * The start loads the Node modules the application uses before PGlite sets its WebAssembly flags (SU2, SU3,
 * src/platform/node-modules.ts): a Node module first loaded after that compiles without Node's built-in code cache.
 * On the compiled build, in a child process: after the preload, importing the whole application (the start's module
 * graph, `dist/src/server/start.js`) loads no public Node module that the list lacks, and `node:http` is required,
 * never imported (its ES facade would load Node's bundled undici).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from './build.js';

const run = promisify(execFile);

const PROBE = `
const { preloadNodeModules } = await import('./dist/src/platform/node-modules.js');
preloadNodeModules();
const before = new Set(process.moduleLoadList);
await import('./dist/src/server/start.js');
const after = process.moduleLoadList.filter((m) => !before.has(m));
console.log(JSON.stringify({
  publicModulesLoadedAfter: after.filter((m) => m.startsWith('NativeModule ') && !m.includes('internal/')).map((m) => m.slice(13)),
  bundledUndici: process.moduleLoadList.some((m) => m.includes('internal/deps/undici/undici')),
}));
`;

describe("Node modules loaded before PGlite's WebAssembly flags", () => {
  beforeAll(async () => {
    await ensureBuilt();
  }, 300_000);

  it("the application loads no public Node module after the preload, and never loads Node's bundled undici", async () => {
    const { stdout } = await run('node_modules/.bin/node', ['--input-type=module', '-e', PROBE], { env: { ...process.env, NODE_ENV: 'production' } });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as { publicModulesLoadedAfter: string[]; bundledUndici: boolean };
    expect(seen.publicModulesLoadedAfter).toEqual([]);
    expect(seen.bundledUndici).toBe(false);
  }, 60_000);
});
