import { noUpstreamConfigured, type Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import { createMetrics, registerRealtimeGauges } from '../platform/metrics.js';
import { StoreQuotaCounter } from '../store/quota-counter.js';
import type { StatusFeed } from '../services/realtime/status-feed.js';
import { openStore, type Store } from '../store/store.js';
import { startApp, type RunningApp } from './app.js';
import { createServices } from './container.js';
import { createPushRuntime, type PushRuntime } from './push-runtime.js';
import { startInProcessSandbox, type InProcessSandbox } from './sandbox-mode.js';

export interface StartedServer extends RunningApp {
  config: Config;
  sandbox: InProcessSandbox | null;
  store: Store;
  /** The process-wide status feed (null without a store); tests read its subscriber count. */
  statusFeed: StatusFeed | null;
  push: PushRuntime;
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
  // Embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set; migrations are applied here.
  const store = await openStore({
    ...(config.store.databaseUrl ? { databaseUrl: config.store.databaseUrl } : { dataDir: config.store.dataDir }),
    logger,
  });
  logger.info({ store: store.kind }, store.kind === 'postgres' ? 'storage: PostgreSQL' : `storage: embedded PGlite in ${config.store.dataDir}`);
  // Group A's quota lives in the store, so every replica on one database shares it.
  const services = createServices({ config: effective, logger, metrics, quotaCounter: new StoreQuotaCounter(store), store, sandboxMode: sandbox !== null });
  // One LISTEN per process on the status log; subscribers attach to it in memory.
  await services.statusFeed?.start();
  // Group A push: subscriptions and webhook inbox in the store; the callback URL follows the listening address.
  const push = createPushRuntime({ config: effective, logger, metrics, store, ...(services.statusLog ? { statusLog: services.statusLog } : {}) });
  registerRealtimeGauges(metrics, {
    subscribers: () => services.statusFeed?.subscriberCount ?? 0,
    inboxPending: () => push.inbox.pendingCount(),
  });
  const app = await startApp({ config: effective, logger, metrics, services, mode: sandbox ? 'sandbox' : 'configured', push });
  push.setListeningOrigin(app.url.replace(/\/graphql$/, ''));
  // What a crash left in the webhook inbox is processed now: an acknowledged notification is never lost.
  await push.start();
  // Polling watchers for the carriers without push; replicas share due shipments through the store (SKIP LOCKED).
  if (effective.watchers.enabled) services.watcher?.start();
  logger.info({ url: app.url, health: app.url.replace(/\/graphql$/, '/healthz') }, 'carrier-subgraph ready');
  return {
    ...app,
    config: effective,
    sandbox,
    store,
    statusFeed: services.statusFeed,
    push,
    async close() {
      await app.close();
      await push.close();
      await services.close();
      await store.close();
      await sandbox?.close();
    },
  };
}
