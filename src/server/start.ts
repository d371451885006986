import { noUpstreamConfigured, type Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import { createMetrics } from '../platform/metrics.js';
import { startApp, type RunningApp } from './app.js';
import { createServices } from './container.js';
import { startInProcessSandbox, type InProcessSandbox } from './sandbox-mode.js';

export interface StartedServer extends RunningApp {
  config: Config;
  sandbox: InProcessSandbox | null;
}

/**
 * The composition root: with no carrier configured (or SANDBOX=on) the sandbox simulators start in process and every
 * connection points at them, and the first log lines say so.
 */
export async function startServer({ config, logger }: { config: Config; logger: Logger }): Promise<StartedServer> {
  const useSandbox = config.sandbox.mode === 'on' || (config.sandbox.mode === 'auto' && noUpstreamConfigured(config));
  let sandbox: InProcessSandbox | null = null;
  let effective = config;
  if (useSandbox) {
    sandbox = await startInProcessSandbox(config, logger);
    effective = sandbox.config;
  }
  const metrics = createMetrics({ collectDefault: true });
  const services = createServices({ config: effective, logger, metrics });
  const app = await startApp({ config: effective, logger, metrics, services, mode: sandbox ? 'sandbox' : 'configured' });
  logger.info({ url: app.url, health: app.url.replace(/\/graphql$/, '/healthz') }, 'carrier-subgraph ready');
  return {
    ...app,
    config: effective,
    sandbox,
    async close() {
      await app.close();
      await services.close();
      await sandbox?.close();
    },
  };
}
