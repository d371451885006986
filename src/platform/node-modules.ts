import { createRequire } from 'node:module';

/**
 * The Node modules the application loads during a start, required up front by src/main.ts before the store opens
 * (SU3). Opening PGlite sets V8 flags for its WebAssembly (SU2), and V8 takes Node's built-in code cache for a Node
 * module only under the flags it was built with: one loaded after that compiles from source (~60 ms over a start).
 * Loading a module that would be loaded anyway costs nothing more. `require`, not `import`: `node:http`'s ES module
 * facade would load Node's bundled undici (see src/server/app.ts). A module missing from the list still works; it
 * only compiles without the cache.
 */
const NODE_MODULES = [
  'node:assert',
  'node:async_hooks',
  'node:buffer',
  'node:child_process',
  'node:console',
  'node:constants',
  'node:crypto',
  'node:diagnostics_channel',
  'node:dns',
  'node:events',
  'node:fs',
  'node:fs/promises',
  'node:http',
  'node:http2',
  'node:https',
  'node:net',
  'node:os',
  'node:path',
  'node:perf_hooks',
  'node:process',
  'node:querystring',
  'node:stream',
  'node:stream/web',
  'node:string_decoder',
  'node:timers/promises',
  'node:tls',
  'node:tty',
  'node:url',
  'node:util',
  'node:util/types',
  'node:v8',
  'node:vm',
  'node:worker_threads',
  'node:zlib',
];

export function preloadNodeModules(): void {
  const require = createRequire(import.meta.url);
  for (const name of NODE_MODULES) require(name);
}
