import { loadConfig } from './platform/config.js';
import { createLogger } from './platform/logger.js';
import { startServer } from './server/start.js';

/** `npm start`: configuration from the environment, then the server; a bad configuration stops the start. */
const result = loadConfig(process.env);
if (!result.ok) {
  for (const problem of result.problems) process.stderr.write(`config error: ${problem}\n`);
  process.stderr.write('carrier-subgraph did not start: fix the variables above (see .env.example).\n');
  process.exit(1);
}

const logger = createLogger(result.config.server.logLevel);
try {
  const server = await startServer({ config: result.config, logger });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
} catch (error) {
  logger.fatal({ err: error }, 'carrier-subgraph failed to start');
  process.exit(1);
}
