import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { CARRIER_MODULES } from '../carriers/registry.js';
import type { CarrierModule } from '../carriers/module-contract.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import { createMetrics, registerRealtimeGauges } from '../platform/metrics.js';
import { loadMigrations } from '../store/migrations.js';
import { StoreQuotaCounter } from '../store/quota-counter.js';
import type { StatusFeed } from '../services/realtime/status-feed.js';
import { openStore, storeOptionsOf, type Store } from '../store/store.js';
import { startApp, type RunningApp } from './app.js';
import { createServices } from './container.js';
import { healthRouter } from './health.js';
import { Lifecycle } from './lifecycle.js';
import { createPushRuntime, type PushRuntime } from './push-runtime.js';
import { sandboxWanted, startInProcessSandbox, type InProcessSandbox } from './sandbox-mode.js';
import { documentLinksFrom } from '../services/shipping/document-links.js';
import { documentsRouter } from './documents.js';
import type { ShippingContext } from '../graphql/context.js';

export interface StartedServer extends RunningApp {
  config: Config;
  sandbox: InProcessSandbox | null;
  store: Store;
  /** The process-wide status feed (null without a store); tests read its subscriber count. */
  statusFeed: StatusFeed | null;
  push: PushRuntime;
  /** Draining or not, the shutdown step in progress, requests in flight (for /readyz and the shutdown deadline). */
  lifecycle: Lifecycle;
}

/** The longest a background job waits after the start for its first pass (see startServer). */
const FIRST_PASS_DELAY_MAX_MS = 1_000;

/**
 * The composition root. The sandbox simulators start in process with SANDBOX=on, or with SANDBOX=auto and no carrier
 * configured outside production (production refuses that start: sandbox-mode.ts); every connection then points at
 * them, and the first log lines say so.
 */
export async function startServer({
  config,
  logger,
  store: opening,
  modules = CARRIER_MODULES,
}: {
  config: Config;
  logger: Logger;
  /** The carrier modules; default the registry's list (a test may add a module of its own here). */
  modules?: readonly CarrierModule[];
  /** The store already being opened by the caller (main.ts overlaps it with module loading, SU3); else opened here. */
  store?: Promise<Store>;
}): Promise<StartedServer> {
  // How long the start kept the event loop from answering (PGlite's init and migrations run on it): logged at ready.
  const startLoopDelay = monitorEventLoopDelay({ resolution: 10 });
  startLoopDelay.enable();
  const wantSandbox = sandboxWanted(config, modules);
  // A waived production safeguard is said at every start (and in /readyz), never silently.
  for (const warning of config.auth.warnings) logger.warn({ security: true }, `PRODUCTION SAFEGUARD WAIVED: ${warning}`);
  // The store first: a DATA_DIR held by another process refuses the start before anything else is started.
  // Embedded PGlite in DATA_DIR by default (locked to this process), PostgreSQL when DATABASE_URL is set; migrations
  // are applied here.
  const store = await (opening ??
    openStore({
      ...storeOptionsOf(config.store),
      logger,
    }));
  logger.info({ store: store.kind }, store.kind === 'postgres' ? 'storage: PostgreSQL' : `storage: embedded PGlite in ${config.store.dataDir}`);
  let sandbox: InProcessSandbox | null = null;
  let effective = config;
  if (wantSandbox) {
    try {
      sandbox = await startInProcessSandbox(config, logger, modules);
    } catch (error) {
      await store.close();
      throw error;
    }
    effective = sandbox.config;
  }
  const metrics = createMetrics({ collectDefault: true });
  const expectedMigration = (await loadMigrations()).at(-1)?.version ?? 0;
  // Daily quotas live in the store, so every replica on one database shares them.
  const services = createServices({ config: effective, logger, metrics, quotaCounter: new StoreQuotaCounter(store), store, sandboxMode: sandbox !== null, modules });
  // One LISTEN per process on the status log; subscribers attach to it in memory.
  await services.statusFeed?.start();
  // Inbound push (the module that declares one): subscriptions and webhook inbox in the store; the callback URL follows
  // the listening address.
  const push = createPushRuntime({
    config: effective,
    logger,
    metrics,
    store,
    ...(services.statusLog ? { statusLog: services.statusLog } : {}),
    push: modules.find((module) => module.policies?.push)?.policies?.push ?? null,
    divisions: services.registry.divisions,
    // Pushed changes in the reading a query gives (a Group A `transit` of an express shipment in the express word).
    refine: (changes) => services.registry.tracking.refinePushed(changes),
  });
  // Labels bought here are tracked from birth: by a push subscription where the label's module says so and push is configured.
  services.attachPush({ subscriptions: push.subscriptions, configured: push.configured });
  // Documents: signed, expiring URLs at /documents/{id}; the origin is known once the server listens.
  let listeningOrigin = '';
  const documentLinks = documentLinksFrom(
    effective.documents ?? { urlSecret: null, urlTtlSeconds: 900, publicBaseUrl: null },
    () => listeningOrigin,
    logger,
  );
  const shippingService = services.shipping;
  const shipping: ShippingContext | undefined = shippingService
    ? {
        api: shippingService,
        links: documentLinks,
        shippers: services.registry.shippingConnectors.map((c) => ({ carrier: c.carrier, division: c.division, accountNumbers: c.accountNumbers })),
        documentInlineMaxBytes: effective.documents?.inlineMaxBytes ?? 1_048_576,
      }
    : undefined;
  const documents = shippingService
    ? documentsRouter({ links: documentLinks, lookup: (id) => shippingService.documentContent(id), logger })
    : undefined;
  registerRealtimeGauges(metrics, {
    subscribers: () => services.statusFeed?.subscriberCount ?? 0,
    inboxPending: () => push.inbox.pendingCount(),
    inboxBacklog: () => push.inbox.backlog(),
  });
  const metricsAccess = effective.metricsAccess;
  if (effective.server.production && metricsAccess && metricsAccess.token === null && metricsAccess.port === null) {
    logger.warn({ security: true }, '/metrics is closed (403): set METRICS_TOKEN, or METRICS_PORT to serve it on a listener of its own');
  }
  const lifecycle = new Lifecycle();
  const mode = sandbox ? 'sandbox' : 'configured';
  const health = healthRouter({ config: effective, store, lifecycle, mode, expectedMigration, upstreams: services.registry.upstreams });
  const app = await startApp({ config: effective, logger, metrics, services, mode, push, health, ...(documents ? { documents } : {}), ...(shipping ? { shipping } : {}) });
  lifecycle.track(app.httpServer);
  push.setListeningOrigin(app.url.replace(/\/graphql$/, ''));
  listeningOrigin = app.url.replace(/\/graphql$/, '');
  // What a crash left in the webhook inbox is processed now: an acknowledged notification is never lost.
  await push.start();
  // The background jobs below make their first pass a moment after the start (their own interval, at most a second),
  // not all in the same instant as it: the embedded store runs each statement on this event loop, and their first
  // passes (each statement planned for the first time) kept the first requests, /readyz among them, waiting about
  // 80 ms. The other jobs (inbox sweep, retention, status feed poll) already wait one interval.
  const firstPassAfter = (intervalMs: number) => Math.min(intervalMs, FIRST_PASS_DELAY_MAX_MS);
  // Polling watchers for the carriers without push; replicas share due shipments through the store (SKIP LOCKED).
  if (effective.watchers.enabled && services.watcher) services.watcher.start(firstPassAfter(services.watcher.settings.tickMs));
  // The label worker (async jobs, reconciliations of lost answers, expired leases) needs the store open; the service
  // reads SHIPPING_WORKER_ENABLED. Stopped on shutdown before the store closes.
  services.shipping?.start(firstPassAfter(effective.shipping?.workerIntervalMs ?? FIRST_PASS_DELAY_MAX_MS));
  // The analytics exporter: replicas share the outbox through the store (SKIP LOCKED). Stopped on shutdown before the
  // store closes; a batch it was sending when killed is sent again after its lease.
  if (effective.analyticsExport?.enabled ?? true) services.analyticsExporter?.start(firstPassAfter(effective.analyticsExport?.intervalMs ?? FIRST_PASS_DELAY_MAX_MS));
  // Retention (RETENTION_*): replicas may all run it (SKIP LOCKED); stopped on shutdown before the store closes.
  if (effective.retention?.enabled) services.retention?.start();
  const origin = app.url.replace(/\/graphql$/, '');
  startLoopDelay.disable();
  logger.info(
    {
      url: app.url,
      health: `${origin}/healthz`,
      ready: `${origin}/readyz`,
      metrics: app.metricsUrl ?? `${origin}/metrics`,
      mode,
      // Milliseconds since the process started, and the longest the event loop was blocked during startServer.
      startMs: Math.round(performance.now()),
      startLoopBlockMaxMs: Math.round(startLoopDelay.max / 1e6),
    },
    'carrier-subgraph ready',
  );
  let closing: Promise<void> | null = null;
  return {
    ...app,
    config: effective,
    sandbox,
    store,
    statusFeed: services.statusFeed,
    push,
    lifecycle,
    /**
     * Readiness fails at once; then in order: HTTP drains (in-flight requests finish, graphql-ws subscribers get
     * 1001, callback subscriptions end), the webhook inbox and the push client stop, watchers, the status feed and
     * the upstream pools stop, the store closes (releasing DATA_DIR), the simulators stop. Nothing is left holding
     * the event loop. Idempotent: a second call waits for the first.
     */
    close() {
      closing ??= lifecycle.runSteps([
        ['http', () => app.close()],
        ['push', () => push.close()],
        ['shipping', () => services.shipping?.stop()],
        ['analytics', () => services.analyticsExporter?.stop()],
        ['retention', () => services.retention?.stop()],
        ['services', () => services.close()],
        ['store', () => store.close()],
        ['sandbox', () => sandbox?.close()],
      ]);
      return closing;
    },
  };
}
