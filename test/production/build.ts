import { execFile } from 'node:child_process';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const INPUTS = ['src', 'sandbox', 'schema', 'package.json', 'tsconfig.json', 'tsconfig.build.json', 'scripts/bundle.mjs'];

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestMtime(join(path, entry)));
  return newest;
}

/**
 * `npm run build`, as an operator runs it before `npm run start:prod`, unless dist/ is already newer than every
 * input (a second test file or a rerun then starts at once).
 */
export async function ensureBuilt(): Promise<void> {
  // Test files run in parallel workers: one builds while the others wait, rather than two builds removing each
  // other's dist/ (the build starts with rm -rf dist).
  const release = await buildLock();
  try {
    const built = await stat('dist/src/main.js').then((s) => s.mtimeMs, () => 0);
    const inputs = Math.max(...(await Promise.all(INPUTS.map(newestMtime))));
    if (built > inputs) return;
    await run('npm', ['run', 'build'], { maxBuffer: 64 * 1024 * 1024 });
  } finally {
    await release();
  }
}

const LOCK = '.tmp/build.lock';

/** mkdir is atomic: whoever creates the directory holds the lock. One left by a killed run is taken after 5 minutes. */
async function buildLock(): Promise<() => Promise<void>> {
  await mkdir('.tmp', { recursive: true });
  for (;;) {
    try {
      await mkdir(LOCK);
      return () => rm(LOCK, { recursive: true, force: true });
    } catch {
      const since = await stat(LOCK).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (since > 5 * 60_000) await rm(LOCK, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
