/**
 * The last step of `npm run build` (SR2, ST1): the server's start graph, compiled by tsc into dist/src, is bundled with
 * esbuild twice, into dist/src/bundle/ (a start without tracing: graphql, express and the OpenTelemetry API inside)
 * and dist/src/bundle-traced/ (those left to node_modules, where the tracing preload hooks them), each the entry and
 * the chunks of what it imports lazily, and dist/src/main.js becomes a short entry that checks the Node version and
 * imports the one that fits. A start then loads a few large files instead
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
import { createRequire } from 'node:module';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { asciiOnly } from './bundle-ascii.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SRC = join(ROOT, 'dist', 'src');
const OUT = join(SRC, 'bundle');
const OUT_TRACED = join(SRC, 'bundle-traced');

/**
 * Packages loaded from node_modules as they are, not copied into the bundle:
 * - PGlite finds its WebAssembly and data files beside its own module, and the store starts workers on its path;
 * - pg is imported only with DATABASE_URL (and traced there);
 * - the OpenTelemetry SDK and its instrumentations are the preload's (src/platform/tracing.ts), loaded only when
 *   tracing is configured;
 * - pino starts its transports (pino-pretty) in worker threads by file path.
 */
export const EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  'pg',
  '@opentelemetry/sdk-*',
  '@opentelemetry/exporter-*',
  '@opentelemetry/instrumentation-*',
  'import-in-the-middle',
  'pino',
  'pino-pretty',
  'thread-stream',
];

/**
 * Left out as well by the bundle a traced start loads (dist/src/bundle-traced/): graphql and express are what the
 * preload instruments by hooking their loading (a copy inside the bundle would never be hooked), graphql must then be
 * the one copy graphql-scalars' modules (loaded at run time) use, and the OpenTelemetry API must be the preload's one
 * copy. A start without tracing loads dist/src/bundle/, which holds them: their ~250 module files, resolved, read and
 * compiled one by one from node_modules, were the largest part of the module loading left (docs/benchmarks.md, "Start
 * and memory").
 */
export const TRACED_EXTERNAL_PACKAGES = [...EXTERNAL_PACKAGES, '@opentelemetry/*', 'graphql', 'express'];

/**
 * Relative imports left to tsc's output instead of copied into the bundle, as the bundle's own relative imports:
 * - the simulators (dist/sandbox): only a development start with SANDBOX=on imports them;
 * - PGlite's WebAssembly worker (dist/src/store/pglite-wasm.js, pglite-early.js): the entry (dist/src/main.js) starts it
 *   before it loads the bundle, and the bundle's store must find that same worker, so both import the one module.
 */
const OUTSIDE = /(^|\/)sandbox\/|(^|\/)store\/pglite-early\.js$|^\.\/pglite-wasm\.js$/;
const outside = (outdir) => ({
  name: 'outside',
  setup(plugin) {
    plugin.onResolve({ filter: OUTSIDE }, (args) => {
      if (!args.path.startsWith('.')) return undefined;
      const target = resolve(args.resolveDir, args.path);
      const path = relative(outdir, target);
      return { path: path.startsWith('.') ? path : `./${path}`, external: true };
    });
  },
});

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

/**
 * Apollo Server's `whatwg-mimetype` is src/server/apollo-mime-type.ts, which remembers `parse`'s answers per string
 * (Apollo parses every request's Content-Type for its essence). Only Apollo's imports; the module itself imports the real
 * one.
 */
const apolloMimeType = {
  name: 'apollo-mime-type',
  setup(plugin) {
    plugin.onResolve({ filter: /^whatwg-mimetype$/ }, (args) =>
      /[\\/]node_modules[\\/]@apollo[\\/]server[\\/]/.test(args.importer) ? { path: join(SRC, 'server', 'apollo-mime-type.js') } : undefined,
    );
  },
};

/**
 * The application imports only undici's `Pool` (src/platform/http/upstream-client.ts) and calls its `dispatch`
 * (collect.ts). undici's entry requires all of undici to export it (fetch, WebSocket, EventSource, the mocks, the
 * caches and interceptors, ~1.3 MB), about a tenth of a start's module evaluation; in the bundles the application's
 * `undici` is the module that defines `Pool`, with what it needs (its clients, HTTP/1 and HTTP/2, the connector). The
 * entry also installs `request`, `stream`, `pipeline`, `connect` and `upgrade` on every dispatcher; nothing here calls
 * them. A name the application imports and this module lacks stops the build (esbuild: no matching export).
 */
const undiciPoolOnly = {
  name: 'undici-pool-only',
  setup(plugin) {
    plugin.onResolve({ filter: /^undici$/ }, (args) =>
      args.importer.startsWith(SRC + '/') ? { path: 'undici', namespace: 'undici-pool-only' } : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: 'undici-pool-only' }, () => ({
      contents: `import Pool from ${JSON.stringify(join(dirname(createRequire(import.meta.url).resolve('undici')), 'lib', 'dispatcher', 'pool.js'))};\nexport { Pool };\n`,
      resolveDir: ROOT,
      loader: 'js',
    }));
  },
};

/**
 * graphql-jit requires fast-json-stringify (and through it ajv, its formats and fast-uri) when it loads, and calls it
 * only for `compileQuery`'s `customJSONSerializer` option, which the application never sets
 * (src/graphql/jit-executor.ts): answers are serialised by JSON.stringify. In the bundles graphql-jit gets a stand-in
 * that says so if it is ever called; loading the real one was about 2 % of a start's main thread.
 */
const jsonSerializerUnused = {
  name: 'json-serializer-unused',
  setup(plugin) {
    plugin.onResolve({ filter: /^fast-json-stringify$/ }, (args) =>
      /[\\/]node_modules[\\/]graphql-jit[\\/]/.test(args.importer) ? { path: 'fast-json-stringify', namespace: 'json-serializer-unused' } : undefined,
    );
    plugin.onLoad({ filter: /.*/, namespace: 'json-serializer-unused' }, () => ({
      contents: "export default function fastJsonStringify() { throw new Error('graphql-jit customJSONSerializer is not in this build (scripts/bundle.mjs leaves fast-json-stringify out)'); }\n",
      loader: 'js',
    }));
  },
};

/**
 * A package's JSON files stay JSON files, required from node_modules at run time: bundled, each becomes JavaScript (an
 * object literal V8 parses and keeps as source and bytecode), which cost resident memory (mime-db, iconv-lite's
 * code tables, read only when such a charset comes) and parses slower than `JSON.parse`. Only a package installed at
 * the top of node_modules, which the bundle's own `require` finds by name.
 */
const packageJsonOutside = {
  name: 'package-json-outside',
  setup(plugin) {
    plugin.onResolve({ filter: /\.json$/ }, async (args) => {
      if (args.pluginData === 'package-json-outside') return undefined;
      const resolved = await plugin.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'package-json-outside' });
      const parts = resolved.path.split(/[\\/]node_modules[\\/]/);
      if (resolved.errors.length > 0 || parts.length !== 2) return undefined;
      return { path: parts[1].split(sep).join('/'), external: true };
    });
  },
};

/**
 * In the self-contained bundle, graphql-scalars' three modules are bundled in place of src/graphql/scalar-modules.ts
 * (which imports them at run time from node_modules, where they would bring a second graphql: its `instanceof` checks
 * would then refuse the bundle's schema). Their files are found beside the package entry, as that module finds them;
 * if a release moves them, the entry is bundled instead.
 */
const { SCALAR_FILES } = await import(pathToFileURL(join(SRC, 'graphql', 'scalar-modules.js')).href);
const bundledScalars = {
  name: 'bundled-scalars',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/scalar-modules\.js$/ }, () => ({ path: 'scalar-modules', namespace: 'bundled-scalars' }));
    plugin.onLoad({ filter: /.*/, namespace: 'bundled-scalars' }, () => {
      const entry = fileURLToPath(import.meta.resolve('graphql-scalars'));
      const files = Object.entries(SCALAR_FILES).map(([name, file]) => [name, join(dirname(entry), file)]);
      const beside = files.every(([, file]) => existsSync(file));
      const names = Object.keys(SCALAR_FILES).join(', ');
      const imports = beside ? files.map(([name, file]) => `import { ${name} } from ${JSON.stringify(file)};`).join('\n') : `import { ${names} } from 'graphql-scalars';`;
      return {
        contents: `${imports}\nexport async function loadScalars() { return { ${names} }; }\n`,
        resolveDir: ROOT,
        loader: 'js',
      };
    });
  },
};

/**
 * The federated schema's SDL is validated once, here, by building it as a start does (dist/src/server/schema.js,
 * which reads dist/schema/, the files the build copied and every start reads): an invalid schema stops the build. The
 * bundles then build it without validating the SDL again (`assumeValidSDL`, in @apollo/subgraph's call to graphql's
 * `buildASTSchema`), which was ~5 % of a start's main thread for the same answer every time; the schema itself is
 * still validated at every start (`validateSchema`, as before). Code that builds the schema outside the bundles (the
 * tests, `npm start`) validates both as before.
 */
const SUBGRAPH_BUILD_CALL = '(0, graphql_1.buildASTSchema)(subgraph.document)';
const sdlValidatedAtBuild = {
  name: 'sdl-validated-at-build',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]@apollo[\\/]subgraph[\\/]dist[\\/]buildSubgraphSchema\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (source.split(SUBGRAPH_BUILD_CALL).length !== 2) throw new Error(`${args.path}: expected one ${SUBGRAPH_BUILD_CALL} (an @apollo/subgraph release changed it: update scripts/bundle.mjs)`);
      return { contents: source.replace(SUBGRAPH_BUILD_CALL, '(0, graphql_1.buildASTSchema)(subgraph.document, { assumeValidSDL: true })'), loader: 'js' };
    });
  },
};

// CommonJS packages inside an ES module bundle call `require` for Node's modules and their externals.
const BANNER = "import { createRequire as __bundleCreateRequire } from 'node:module';\nconst require = __bundleCreateRequire(import.meta.url);";

async function bundle(outdir, external, plugins) {
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: join(SRC, 'main.unbundled.js') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    external: external.flatMap((name) => (name.includes('*') ? [name] : [name, `${name}/*`])),
    plugins: [outside(outdir), nodeCreateHash, apolloNegotiator, apolloMimeType, undiciPoolOnly, jsonSerializerUnused, packageJsonOutside, sdlValidatedAtBuild, ...plugins],
    banner: { js: BANNER },
    logLevel: 'warning',
    legalComments: 'none',
  });
}

// The SDL the bundles build without validating it (sdlValidatedAtBuild) must be valid: buildSchema throws otherwise.
const { buildSchema } = await import(pathToFileURL(join(SRC, 'server', 'schema.js')).href);
buildSchema();

// tsc's main.js is kept beside the bundle as main.unbundled.js (a second run bundles that again).
if (!existsSync(join(SRC, 'main.unbundled.js'))) await rename(join(SRC, 'main.js'), join(SRC, 'main.unbundled.js'));
await bundle(OUT, EXTERNAL_PACKAGES, [bundledScalars]);
await bundle(OUT_TRACED, TRACED_EXTERNAL_PACKAGES, []);
// The version check first, unbundled: under an older Node the bundle might not even link, and the operator must read
// "Node 24 is required", not a link error. The bundle follows the preload: tracing started (src/platform/tracing.ts
// keeps its handle under this symbol) loads the one whose graphql and express the preload can hook.
await writeFile(
  join(SRC, 'main.js'),
  [
    "import './platform/require-node.js';",
    "import './store/pglite-early.js';",
    "const traced = !!globalThis[Symbol.for('carrier-subgraph.tracing')];",
    "await import(traced ? './bundle-traced/main.js' : './bundle/main.js');",
    '',
  ].join('\n'),
);
// Every chunk ASCII only, so V8 keeps its source one byte a character (scripts/bundle-ascii.mjs).
for (const dir of [OUT, OUT_TRACED]) {
  const notAscii = await asciiOnly(dir);
  if (notAscii.length > 0) console.warn(`bundle: left with non-ASCII characters (V8 keeps them two bytes a character): ${notAscii.join(', ')}`);
}
