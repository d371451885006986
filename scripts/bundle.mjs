/**
 * The last step of `npm run build` (SR2): the server's start graph, compiled by tsc into dist/src, is bundled with
 * esbuild into dist/src/bundle/ (the entry and the chunks of what it imports lazily), and dist/src/main.js becomes a
 * two-line entry that checks the Node version and imports the bundle. A start then loads a few large files instead
 * of ~1,500 modules: Node's ES module loader resolving, reading and compiling them one by one was the largest part of
 * a start. Nothing else changes: the rest of dist/ (analytics-backfill.js, the modules tests import) stays as tsc
 * wrote it.
 *
 * The bundle sits at the same depth as every other directory of dist/src, so the paths the code computes from its own
 * location (the schema, `../../schema/`; the migrations, `../store/migrations/`) and the relative imports left out of
 * it (the sandbox, only imported when the simulators run in process) land where they do for the unbundled modules.
 * Plain JavaScript: it runs where tsx is not (the Docker image's build stage has esbuild, which tsx depends on).
 */
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { asciiOnly } from './bundle-ascii.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'dist', 'src');
const OUT = join(SRC, 'bundle');

/**
 * Packages loaded from node_modules as they are, not copied into the bundle:
 * - PGlite finds its WebAssembly and data files beside its own module, and the store starts workers on its path;
 * - graphql, express and pg are what the OpenTelemetry preload instruments by hooking their loading (a copy inside the
 *   bundle would never be hooked), and graphql must be the one copy graphql-scalars' modules (loaded at run time) use;
 * - OpenTelemetry (the API and the SDK) is the preload's: one copy, loaded by it, and only when tracing is configured;
 * - pino starts its transports (pino-pretty) in worker threads by file path.
 */
export const EXTERNAL_PACKAGES = ['@electric-sql/pglite', 'graphql', 'express', 'pg', '@opentelemetry/*', 'import-in-the-middle', 'pino', 'pino-pretty', 'thread-stream'];

/** The simulators (dist/sandbox) stay outside: only a development start with SANDBOX=on imports them. */
const sandboxOutside = {
  name: 'sandbox-outside',
  setup(plugin) {
    plugin.onResolve({ filter: /(^|\/)sandbox\// }, (args) => {
      if (!args.path.startsWith('.')) return undefined;
      const target = resolve(args.resolveDir, args.path);
      const path = relative(OUT, target);
      return { path: path.startsWith('.') ? path : `./${path}`, external: true };
    });
  },
};

/**
 * Apollo's `createHash` (the sha256 of every query text, the document cache's key) takes Node's crypto only when
 * `module.require` exists, which a CommonJS module inside an esbuild bundle lacks: bundled as it is, it falls back to
 * sha.js, a JavaScript sha256, about 4 % of the CPU of a README query. Every copy of the package is given
 * src/server/apollo-create-hash.ts instead: Node's crypto, one call for one string's digest.
 */
const nodeCreateHash = {
  name: 'node-create-hash',
  setup(plugin) {
    plugin.onResolve({ filter: /^@apollo\/utils\.createhash$/ }, () => ({ path: join(SRC, 'server', 'apollo-create-hash.js') }));
  },
};

/**
 * Apollo Server's `negotiator` is src/server/apollo-negotiator.ts, which remembers `mediaType`'s answers per Accept value
 * (Apollo negotiates on every request with the same lists of types). Only Apollo's imports: express, loaded from
 * node_modules, keeps its own, and the module itself imports the real one.
 */
const apolloNegotiator = {
  name: 'apollo-negotiator',
  setup(plugin) {
    plugin.onResolve({ filter: /^negotiator$/ }, (args) =>
      /[\\/]node_modules[\\/]@apollo[\\/]server[\\/]/.test(args.importer) ? { path: join(SRC, 'server', 'apollo-negotiator.js') } : undefined,
    );
  },
};

// CommonJS packages inside an ES module bundle call `require` for Node's modules and their externals.
const BANNER = "import { createRequire as __bundleCreateRequire } from 'node:module';\nconst require = __bundleCreateRequire(import.meta.url);";

// tsc's main.js is kept beside the bundle as main.unbundled.js (a second run bundles that again).
if (!existsSync(join(SRC, 'main.unbundled.js'))) await rename(join(SRC, 'main.js'), join(SRC, 'main.unbundled.js'));
await rm(OUT, { recursive: true, force: true });
await build({
  entryPoints: { main: join(SRC, 'main.unbundled.js') },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  external: EXTERNAL_PACKAGES.flatMap((name) => (name.endsWith('/*') ? [name] : [name, `${name}/*`])),
  plugins: [sandboxOutside, nodeCreateHash, apolloNegotiator],
  banner: { js: BANNER },
  logLevel: 'warning',
  legalComments: 'none',
});
// The version check first, unbundled: under an older Node the bundle might not even link, and the operator must read
// "Node 24 is required", not a link error.
await writeFile(join(SRC, 'main.js'), "import './platform/require-node.js';\nawait import('./bundle/main.js');\n");
// Every chunk ASCII only, so V8 keeps its source one byte a character (scripts/bundle-ascii.mjs).
const notAscii = await asciiOnly(OUT);
if (notAscii.length > 0) console.warn(`bundle: left with non-ASCII characters (V8 keeps them two bytes a character): ${notAscii.join(', ')}`);
