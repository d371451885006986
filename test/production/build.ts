import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const INPUTS = ['src', 'sandbox', 'schema', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];

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
  const built = await stat('dist/src/main.js').then((s) => s.mtimeMs, () => 0);
  const inputs = Math.max(...(await Promise.all(INPUTS.map(newestMtime))));
  if (built > inputs) return;
  await run('npm', ['run', 'build'], { maxBuffer: 64 * 1024 * 1024 });
}
