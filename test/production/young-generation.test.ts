/**
 * V8's young generation under `npm run start:prod`'s node flags (SR1): its semi-spaces are capped at 4 MB, so after a
 * burst of short-lived allocations (what a warm-up of requests is) the new space stays at 8 MB instead of growing to
 * V8's default 64 MB, most of it resident for as long as the process lives. In a child process with start:prod's flags
 * (the entry and the tracing preload left out: the flags are what is tested).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startProdNodeArgs } from './node-flags.js';

const run = promisify(execFile);

/** ~3 million short-lived objects, then the new space's size (MB) as V8 reports it. */
const PROBE = `
const { getHeapSpaceStatistics } = await import('node:v8');
let keep = [];
for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 20000) keep = []; }
const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
console.log(JSON.stringify({ newSpaceMb: space.space_size / 2 ** 20 }));
`;

function nodeFlags(): string[] {
  const args = startProdNodeArgs().slice(0, -1);
  const imported = args.indexOf('--import');
  if (imported >= 0) args.splice(imported, 2);
  return args;
}

async function newSpaceMb(flags: string[]): Promise<number> {
  const { stdout } = await run('node_modules/.bin/node', [...flags, '--input-type=module', '-e', PROBE]);
  return (JSON.parse(stdout.trim()) as { newSpaceMb: number }).newSpaceMb;
}

describe("start:prod's young generation (SR1)", () => {
  it('start:prod caps the young generation at 4 MB semi-spaces: 8 MB of new space after a burst of allocations, against V8 default growth', async () => {
    const [capped, uncapped] = await Promise.all([newSpaceMb(nodeFlags()), newSpaceMb([])]);
    expect(capped).toBeLessThanOrEqual(8);
    // The probe does make V8's default grow the new space: what the cap prevents.
    expect(uncapped).toBeGreaterThan(16);
  }, 30_000);
});
