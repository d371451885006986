/**
 * Under an older Node every entry point says "Node 24 is required" instead of dying inside undici with a stack trace
 * (issue 7, item 14). Runs each entry with an older node found on PATH (this machine's /usr/bin/node is 20); skipped
 * where there is none.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

function olderNode(): string | null {
  const candidates = spawnSync('which', ['-a', 'node'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
  for (const candidate of candidates) {
    try {
      const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim();
      if (Number(/^v(\d+)/.exec(version)?.[1]) < 24) return candidate;
    } catch {
      // not runnable: try the next
    }
  }
  return null;
}

const node = olderNode();

describe.skipIf(node === null)(`entry points under ${node ?? 'an older node'}`, () => {
  for (const entry of [['src/main.ts'], ['scripts/subscribe.ts', '123456789013'], ['sandbox/main.ts'], ['bench/main.ts']]) {
    it(`tsx ${entry[0]} says "Node 24 is required" and exits 1, with no stack trace`, () => {
      const run = spawnSync(node!, ['node_modules/tsx/dist/cli.mjs', ...entry], {
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'production', SANDBOX: 'on', PORT: '0', DATA_DIR: 'memory://' },
        timeout: 60_000,
      });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/^Node 24 is required \(this is Node \d+/m);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }, 90_000);
  }
});
