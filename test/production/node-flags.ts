import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startChildServer, type ChildServer } from '../push/child-server.js';
import { SAFEGUARDS_WAIVED } from './auth-support.js';

/**
 * The node command line `npm run start:prod` runs, after `node` and without `--env-file-if-exists` (the image and the
 * benches pass their environment themselves): its node and V8 flags (SU2), the tracing preload, then the entry. The
 * Dockerfile's CMD must carry exactly these (dockerfile.test.ts), and the startup and load benches start the subgraph
 * with them, so what is measured and tested is what production runs.
 */
export function startProdNodeArgs(root = '.'): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts['start:prod']!.split(/\s+/).filter(Boolean);
  const node = words.indexOf('node');
  if (node < 0) throw new Error(`start:prod does not run node: ${pkg.scripts['start:prod']}`);
  return words.slice(node + 1).filter((w) => !w.startsWith('--env-file'));
}

/**
 * The variables `npm run start:prod` sets for node itself, before `exec node` (`NAME=${NAME:-value}`: the value unless
 * the environment already has one): glibc's malloc reads them when the process starts, so neither .env nor the code
 * can set them. The Dockerfile's ENV must carry the same (dockerfile.test.ts), and the benches and production tests
 * start the subgraph with them.
 */
export function startProdEnv(root = '.', env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts['start:prod']!.split(/\s+/).filter(Boolean);
  const assignments = words.slice(0, words.indexOf('exec'));
  const out: Record<string, string> = {};
  for (const word of assignments) {
    const match = /^([A-Z0-9_]+)=\$\{\1:-([^}]*)\}$/.exec(word);
    if (!match) throw new Error(`start:prod: expected NAME=\${NAME:-value} before exec, found ${word}`);
    out[match[1]!] = env[match[1]!] ?? match[2]!;
  }
  return out;
}

/**
 * The compiled build started as production starts it (start:prod's node command line, NODE_ENV=production, the
 * safeguards waived for test keys, the in-process sandbox off, JSON logs), with `env` on top (the sandbox's upstreams,
 * DATA_DIR, the setting under test); `nodeArgs` go before start:prod's own (e.g. a preload).
 */
export function startProdChild(env: Record<string, string>, nodeArgs: readonly string[] = []): Promise<ChildServer> {
  return startChildServer(
    { ...startProdEnv(), NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, SANDBOX: 'off', LOG_FORMAT: 'json', ...env },
    undefined,
    { command: [resolve('node_modules/.bin/node'), ...nodeArgs, ...startProdNodeArgs()], startTimeoutMs: 90_000 },
  );
}
