// First: under an older Node this stops with "Node 24 is required" before any dependency fails to load.
import './platform/require-node.js';
// Second: PGlite's WebAssembly worker boots while the rest loads (pglite-early.ts).
import './store/pglite-early.js';
import { CatchmentConfigError } from './carriers/dark-store/catchment.js';
import { loadConfig } from './config.js';
import { createLogger, resolveLogFormat } from './platform/logger.js';
import { DataDirLockedError } from './store/data-dir-lock.js';
import { openStore, storeOptionsOf } from './store/store.js';
import { preloadNodeModules } from './platform/node-modules.js';
import { StartRefusedError, sandboxWanted } from './server/sandbox-mode.js';
import { exitOnTerminationSignals } from './server/shutdown.js';
import type { startServer as StartServer } from './server/start.js';

/** `npm start`: configuration from the environment, then the server; a bad configuration stops the start. */
const result = loadConfig(process.env);
if (!result.ok) {
  for (const problem of result.problems) process.stderr.write(`config error: ${problem}\n`);
  process.stderr.write('carrier-subgraph did not start: fix the variables above (see .env.example).\n');
  process.exit(1);
}

const { config } = result;
const logger = createLogger(config.server.logLevel, undefined, resolveLogFormat(config.server.logFormat));
try {
  // A production start with nothing to serve is refused before the store is touched (no DATA_DIR created or locked).
  sandboxWanted(config);
  // The store opens while the rest of the application loads (SU3): PGlite's WebAssembly, read by a worker thread
  // started by the second import above, is compiled there meanwhile. Opening PGlite sets its WebAssembly flags (SU2),
  // and Node compiles its own modules without their built-in code cache under flags other than V8's defaults, so the
  // Node modules the application uses are loaded first (node-modules.ts). startServer awaits the store before anything
  // else, so a locked DATA_DIR still refuses the start first. Until then a rejection is held here, not reported as
  // unhandled.
  preloadNodeModules();
  const opening = openStore({ ...storeOptionsOf(config.store), logger });
  opening.catch(() => undefined);
  const { startServer } = (await import('./server/start.js')) as { startServer: typeof StartServer };
  const server = await startServer({ config, logger, store: opening });
  exitOnTerminationSignals(server, logger, config.server.shutdownTimeoutMs);
} catch (error) {
  if (error instanceof StartRefusedError || error instanceof DataDirLockedError || error instanceof CatchmentConfigError) {
    // The operator's fix is in the message; a stack trace would only bury it.
    logger.fatal(error.message);
    process.stderr.write(`carrier-subgraph did not start: ${error.message}\n`);
  } else {
    logger.fatal({ err: error }, 'carrier-subgraph failed to start');
  }
  process.exit(1);
}
