import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
