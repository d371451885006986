// First: under an older Node this stops with "Node 24 is required" before any dependency fails to load.
import './platform/require-node.js';
import { CatchmentConfigError } from './carriers/dark-store/catchment.js';
import { loadConfig } from './platform/config.js';
import { createLogger, resolveLogFormat } from './platform/logger.js';
import { DataDirLockedError } from './store/data-dir-lock.js';
import { StartRefusedError } from './server/sandbox-mode.js';
import { exitOnTerminationSignals } from './server/shutdown.js';
import { startServer } from './server/start.js';

/** `npm start`: configuration from the environment, then the server; a bad configuration stops the start. */
const result = loadConfig(process.env);
if (!result.ok) {
  for (const problem of result.problems) process.stderr.write(`config error: ${problem}\n`);
  process.stderr.write('carrier-subgraph did not start: fix the variables above (see .env.example).\n');
  process.exit(1);
}

const logger = createLogger(result.config.server.logLevel, undefined, resolveLogFormat(result.config.server.logFormat));
try {
  const server = await startServer({ config: result.config, logger });
  exitOnTerminationSignals(server, logger, result.config.server.shutdownTimeoutMs);
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
