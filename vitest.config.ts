import { accessSync, chmodSync, constants, globSync, mkdtempSync, statfsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, matchesGlob } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const require = createRequire(import.meta.url);

/**
 * Four projects, each with the settings its files need (docs/testing.md has the map and the timings). A new file lands
 * in one by where it is and how it is named, never by a list to keep up to date:
 * - unit: pure code and the carrier connectors against in-process simulators.
 * - process: files that start the server as its own process (`tsx src/main.ts`, the compiled build, `npm start`):
 *   test/production, any `*.process.test.ts`, and the files listed below that predate the suffix.
 * - isolated: `*.isolated.test.ts`, files that change a module or a global before the server's modules load (and count
 *   what happens through the change): each runs in a fresh worker, so the modules load after its change.
 * - integration: the rest (in-process servers, both stores); an unclassified file runs here.
 * unit and integration are not isolated: one worker runs many files one after the other without loading the modules
 * again for each (the server's modules and PGlite's compiled WebAssembly load once a worker, about 1.5-2 s of CPU a
 * file saved). Every file still starts and closes its own servers and stores; module-level caches are shared.
 */
const UNIT = [
  'test/carriers/**/*.test.ts',
  'test/sandbox/**/*.test.ts',
  'test/input/**/*.test.ts',
  'test/fixtures/**/*.test.ts',
  'test/support/**/*.test.ts',
  'test/**/*.unit.test.ts',
];
const PROCESS = [
  'test/production/**/*.test.ts',
  'test/**/*.process.test.ts',
  'test/analytics/export-crash.test.ts',
  'test/carriers/dark-store/catchment.test.ts',
  'test/documents/documents-production.test.ts',
  'test/limits/production-defaults.test.ts',
  'test/observability/log-format.test.ts',
  'test/observability/tracing.test.ts',
  'test/push/sigkill.test.ts',
  'test/push/two-replicas.test.ts',
  'test/push/webhook-tls.test.ts',
];
/** Run each in a fresh worker (see above). */
const ISOLATED = ['test/**/*.isolated.test.ts'];
/** Under the unit folders, but starting a whole server in process: integration. */
const UNIT_BUT_SERVER = ['test/**/*.e2e.test.ts', 'test/**/*.sandbox-mode.test.ts'];

type Project = 'unit' | 'integration' | 'process' | 'isolated';

/** The one project a test file belongs to. */
export function projectOf(file: string): Project {
  const matches = (globs: string[]): boolean => globs.some((glob) => matchesGlob(file, glob));
  if (matches(PROCESS)) return 'process';
  if (matches(ISOLATED)) return 'isolated';
  if (matches(UNIT) && !matches(UNIT_BUT_SERVER)) return 'unit';
  return 'integration';
}

/**
 * vitest runs the projects one after the other (by name) in the shared workers; this starts the child-process files
 * first, then the isolated integration files, the non-isolated unit files last, each project in vitest's own order
 * (longest last time first, else largest first): the long files start early and short ones fill the end.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification): number => ({ process: 0, isolated: 1, integration: 1, unit: 2 })[spec.project.name] ?? 1;
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/**
 * The run's temporary files in memory when the machine has a tmpfs at /dev/shm with room (Linux's default), unless
 * TMPDIR is set: the tests copy PGlite data directories (about a thousand files each) for every server they start and
 * delete them after, and on ext4 creating files just deleted costs the kernel a search of recently freed inodes. A run
 * on tmpfs spent about half the system time (docs/testing.md). The workers, the PostgreSQL server and the child servers
 * inherit TMPDIR; test/support/global-setup.ts removes the directory when the run ends.
 */
function inMemoryTmpdir(): void {
  if (process.env.TMPDIR) return;
  try {
    accessSync('/dev/shm', constants.W_OK);
    const { bavail, bsize } = statfsSync('/dev/shm');
    if (bavail * bsize < 4 * 1024 ** 3) return;
    const dir = mkdtempSync(join('/dev/shm', 'carrier-subgraph-tests-'));
    // As /tmp is (sticky, everyone's): the PostgreSQL server runs as its own user when the tests run as root.
    chmodSync(dir, 0o1777);
    process.env.TMPDIR = dir;
    process.env.CARRIER_TESTS_OWN_TMPDIR = '1';
  } catch {
    // No /dev/shm (macOS, some containers): the system's temporary directory.
  }
}
inMemoryTmpdir();

const files = globSync('test/**/*.test.ts').sort();
const filesOf = (project: Project): string[] => files.filter((file) => projectOf(file) === project);

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (index.js, what Node's own resolver and @apollo/subgraph load) and ESM (index.mjs, what
    // Vite would pick). Two copies in one process break instanceof checks (the router's `_entities` fails with
    // "Cannot use GraphQLObjectType from another module or realm"), so tests load the one Node loads in production.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    // One PostgreSQL server and the migrated store templates for the run (test/support/global-setup.ts).
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Four workers on two cores: the files wait (child processes starting, sockets, timers) more than they compute;
    // with two workers the machine's load stayed under 1.5 and the suite took 581 s, with four 251 s (docs/testing.md).
    maxWorkers: 4,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: filesOf('unit'), isolate: false },
      },
      {
        extends: true,
        test: { name: 'integration', include: filesOf('integration'), isolate: false },
      },
      {
        extends: true,
        test: { name: 'process', include: filesOf('process') },
      },
      {
        extends: true,
        test: { name: 'isolated', include: filesOf('isolated') },
      },
    ],
  },
});
