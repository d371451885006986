import { authConfigFrom } from './auth-config.js';
import type { PlatformEnv } from './config-schema.js';

/**
 * The parsed platform variables as the configuration the code reads. Each setting is written here once: its type is
 * inferred (`PlatformConfig` in config.ts), its variable, default and check are in config-schema.ts.
 */
export function toPlatformConfig(env: PlatformEnv) {
  const production = env.NODE_ENV === 'production';
  return {
    server: {
      host: env.HOST,
      port: env.PORT,
      logLevel: env.LOG_LEVEL,
      /** auto: pretty in development at a terminal, JSON otherwise (src/platform/logger.ts resolveLogFormat). */
      logFormat: env.LOG_FORMAT,
      maxTrackingNumbersPerRequest: env.MAX_TRACKING_NUMBERS_PER_REQUEST,
      /** `_entities` answer from a stored snapshot updated within this age, with no carrier call. */
      entityStoreMaxAgeMs: env.ENTITY_STORE_MAX_AGE_MS,
      /** NODE_ENV=production: safe defaults (no introspection, landing page or field suggestions). */
      production,
      /** Bound on a SIGTERM/SIGINT shutdown: drain, stop workers, close the store; past it the process exits 1. */
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      /**
       * Quiet time (no HTTP request but probes and scrapes) before one memory-reducing garbage collection; 0 (the
       * default): never. Off by default because the next burst of requests pays for the young generation growing back.
       */
      idleGcMs: env.IDLE_GC_MS,
      /** Introspection and the landing page (default: on unless production). */
      introspection: env.GRAPHQL_INTROSPECTION ?? !production,
      /** "Did you mean ...?" in error messages (default: on unless production). */
      fieldSuggestions: env.GRAPHQL_FIELD_SUGGESTIONS ?? !production,
      /** Query operations kept compiled (graphql-jit), least recently used dropped first; 0: graphql-js only. */
      compiledQueriesMax: env.GRAPHQL_COMPILED_QUERIES_MAX,
    },
    /** Limits on every operation, over HTTP and graphql-ws alike; each error names its variable. */
    limits: {
      maxDepth: env.MAX_QUERY_DEPTH,
      maxAliases: env.MAX_QUERY_ALIASES,
      maxTokens: env.MAX_QUERY_TOKENS,
      maxCost: env.MAX_QUERY_COST,
      /** Largest `first` (or `limit`) a list field accepts. */
      maxPageSize: env.MAX_PAGE_SIZE,
      /** Overall deadline of one request's upstream work. */
      requestDeadlineMs: env.REQUEST_DEADLINE_MS,
      wsConnectionInitTimeoutMs: env.WS_CONNECTION_INIT_TIMEOUT_MS,
      wsMaxPayloadBytes: env.WS_MAX_PAYLOAD_BYTES,
      wsMaxSubscriptionsPerConnection: env.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION,
      /** How often subscriptions' feed reads the log besides notifications. */
      statusFeedPollIntervalMs: env.STATUS_FEED_POLL_INTERVAL_MS,
    },
    /** Rate shopping: each carrier's deadline, and the cache of identical rate requests (0 ms disables it). */
    rating: { carrierDeadlineMs: env.RATE_CARRIER_DEADLINE_MS, cacheTtlMs: env.RATE_CACHE_TTL_MS, cacheMaxEntries: env.RATE_CACHE_MAX_ENTRIES },
    /** Only the router reaches the subgraph (DESIGN.md, "Running in production"). */
    routerAccess: {
      /** Required on /graphql (HTTP and graphql-ws) when set. */
      sharedSecret: env.ROUTER_SHARED_SECRET ?? null,
      secretHeader: env.ROUTER_SECRET_HEADER,
      /** Hosts the subscription-callback plugin may post to. Unset: loopback outside production, none in production. */
      callbackAllowedHosts: env.SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS ?? (production ? [] : ['localhost', '127.0.0.1', '[::1]']),
    },
    /** @authenticated / @requiresScopes in this process, and the production opt-outs in effect (auth-config.ts). */
    auth: authConfigFrom(env),
    sandbox: { mode: env.SANDBOX, seed: env.SANDBOX_SEED, latencyMs: env.SANDBOX_LATENCY_MS, timeScale: env.SANDBOX_TIME_SCALE },
    http: {
      connectTimeoutMs: env.UPSTREAM_CONNECT_TIMEOUT_MS,
      headersTimeoutMs: env.UPSTREAM_HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: env.UPSTREAM_BODY_TIMEOUT_MS,
      retryBaseDelayMs: env.UPSTREAM_RETRY_BASE_DELAY_MS,
      /** UPSTREAM_POOL_CONNECTIONS: every upstream's pool size unless its own variable overrides it. */
      poolConnections: env.UPSTREAM_POOL_CONNECTIONS,
      /** The per-upstream overrides that were set, by upstream name (declared by the carrier modules; poolConnectionsFor). */
      poolConnectionsByUpstream: {} as Partial<Record<string, number>> | undefined,
    },
    /** Batching across requests and the freshness window of tracking answers (src/services/tracking-batcher.ts). */
    trackingSharing: {
      windowMs: env.TRACKING_BATCH_WINDOW_MS,
      burstMin: env.TRACKING_BATCH_BURST_MIN,
      splitSize: env.TRACKING_BATCH_SPLIT_SIZE,
      freshnessMs: env.TRACKING_FRESHNESS_MS,
      freshnessMaxEntries: env.TRACKING_FRESHNESS_MAX_ENTRIES,
      refreshAhead: env.TRACKING_REFRESH_AHEAD,
    },
    /** Signed document URLs (DOCUMENT_URL_*, PUBLIC_BASE_URL). */
    documents: {
      urlSecret: env.DOCUMENT_URL_SECRET ?? null,
      urlTtlSeconds: env.DOCUMENT_URL_TTL_SECONDS,
      publicBaseUrl: env.PUBLIC_BASE_URL ?? null,
      inlineMaxBytes: env.DOCUMENT_INLINE_MAX_BYTES as number | undefined,
    },
    /** Analytics export: null when ANALYTICS_BRIDGE_BASE_URL is unset (the three variables come together). */
    analytics: env.ANALYTICS_BRIDGE_BASE_URL
      ? {
          /** `{base_url}`: the analytics service's host, without `/bridge` (the client adds it to every call). */
          baseUrl: env.ANALYTICS_BRIDGE_BASE_URL,
          /** Identifies the Project; never sent to `/import`, which refuses it. */
          projectToken: env.ANALYTICS_PROJECT_TOKEN!,
          /** The Server key: `/bridge/import` by HTTP Basic (docs/assumptions.md AB2). */
          serverKey: env.ANALYTICS_SERVER_KEY!,
          /** PERSONAL_PROPERTY_NAMES allowed out; every other personal property is dropped by the shaping. */
          personalDataAllowList: env.ANALYTICS_PERSONAL_DATA_ALLOW_LIST,
        }
      : null,
    /** Polling watchers; a null interval takes the mode's default (short in sandbox mode, see watcher-settings.ts). */
    watchers: {
      enabled: env.WATCHERS_ENABLED,
      tickMs: env.WATCH_POLL_TICK_MS ?? null,
      defaultIntervalMs: env.WATCH_DEFAULT_INTERVAL_MS ?? null,
      nearDeliveryIntervalMs: env.WATCH_NEAR_DELIVERY_INTERVAL_MS ?? null,
      maxBackoffMs: env.WATCH_MAX_BACKOFF_MS ?? null,
      batchLimit: env.WATCH_BATCH_LIMIT,
      /** WATCH_NOT_FOUND_GIVE_UP_POLLS: failed polls in a row, the last "not found", after which a watch stops. */
      notFoundGiveUpPolls: env.WATCH_NOT_FOUND_GIVE_UP_POLLS as number | undefined,
    },
    /** Label purchases (src/services/shipping): key lifetime, job deadline, worker timing (ShippingSettings). */
    shipping: {
      idempotencyTtlHours: env.SHIPPING_IDEMPOTENCY_TTL_HOURS,
      jobDeadlineMs: env.SHIPPING_JOB_DEADLINE_MS,
      workerIntervalMs: env.SHIPPING_WORKER_INTERVAL_MS,
      workerEnabled: env.SHIPPING_WORKER_ENABLED,
      leaseMs: env.SHIPPING_LEASE_MS,
      retryBaseMs: env.SHIPPING_RETRY_BASE_MS,
      retryMaxMs: env.SHIPPING_RETRY_MAX_MS,
      lateWatchMs: env.SHIPPING_LATE_WATCH_MS as number | undefined,
      lateWatchIntervalMs: env.SHIPPING_LATE_WATCH_INTERVAL_MS as number | undefined,
    },
    /** The analytics exporter's timing (ANALYTICS_EXPORT_*); used when `analytics` is set. */
    analyticsExport: {
      enabled: env.ANALYTICS_EXPORT_ENABLED,
      intervalMs: env.ANALYTICS_EXPORT_INTERVAL_MS,
      batchSize: env.ANALYTICS_EXPORT_BATCH_SIZE,
      leaseMs: env.ANALYTICS_EXPORT_LEASE_MS,
      retryBaseMs: env.ANALYTICS_EXPORT_RETRY_BASE_MS,
      retryMaxMs: env.ANALYTICS_EXPORT_RETRY_MAX_MS,
      unauthorizedRetryMs: env.ANALYTICS_EXPORT_UNAUTHORIZED_RETRY_MS,
    },
    /** Address resolution (src/services/addresses): inputs per request, cache of answers (0 s disables it). */
    addresses: { maxInputsPerRequest: env.MAX_ADDRESSES_PER_REQUEST, cacheTtlSeconds: env.ADDRESS_CACHE_TTL_SECONDS, cacheMaxEntries: env.ADDRESS_CACHE_MAX_ENTRIES },
    store: {
      databaseUrl: env.DATABASE_URL ?? null,
      dataDir: env.DATA_DIR,
      lock: { staleMs: env.DATA_DIR_LOCK_STALE_MS, checkMs: env.DATA_DIR_LOCK_CHECK_MS },
      pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS,
    },
    /** Our webhook: public callback URL (derived from the listening address when unset), body cap, optional TLS, inbox. */
    webhook: {
      publicUrl: env.WEBHOOK_PUBLIC_URL ?? null,
      maxBodyBytes: env.WEBHOOK_MAX_BODY_BYTES,
      /** false: store and acknowledge webhook calls but leave their processing to other replicas. */
      inboxProcessing: env.WEBHOOK_INBOX_PROCESSING,
      /** Processed webhook calls are deleted after this long (the status log keeps what they recorded). */
      inboxRetentionMs: env.WEBHOOK_INBOX_RETENTION_HOURS * 3_600_000,
      /** Failed processing attempts of one notification before it is moved to the dead letters. */
      inboxMaxAttempts: env.WEBHOOK_INBOX_MAX_ATTEMPTS,
      /** Group commit of accepted calls (assumption WI1): extra wait for a group (0 = none) and its largest size. */
      inboxGroupWindowMs: env.WEBHOOK_INBOX_GROUP_WINDOW_MS,
      inboxGroupMax: env.WEBHOOK_INBOX_GROUP_MAX,
      /** Notifications per processing transaction, and the least time between processing runs (assumption WI3). */
      inboxBatchSize: env.WEBHOOK_INBOX_BATCH_SIZE,
      inboxProcessIntervalMs: env.WEBHOOK_INBOX_PROCESS_INTERVAL_MS,
      tls: env.WEBHOOK_TLS_CERT_FILE && env.WEBHOOK_TLS_KEY_FILE ? { certFile: env.WEBHOOK_TLS_CERT_FILE, keyFile: env.WEBHOOK_TLS_KEY_FILE } : null,
    },
    /** Who may read /metrics (METRICS_TOKEN, METRICS_HOST, METRICS_PORT); src/server/metrics-endpoint.ts. */
    metricsAccess: { token: env.METRICS_TOKEN ?? null, host: env.METRICS_HOST, port: env.METRICS_PORT ?? null },
    /** The retention job (RETENTION_*; src/services/retention): small batches, a pause between them, each lifetime. */
    retention: {
      enabled: env.RETENTION_ENABLED,
      intervalMs: env.RETENTION_INTERVAL_MS,
      /** Null: the store's default (retention-job.ts). */
      batchSize: env.RETENTION_BATCH_SIZE ?? null,
      /** Null: the store's default (retention-job.ts). */
      storeSharePercent: env.RETENTION_STORE_SHARE_PERCENT ?? null,
      /** Batches between two checkpoints of embedded PGlite (retention-job.ts). */
      checkpointEvery: env.RETENTION_CHECKPOINT_EVERY,
      outboxExportedMs: env.RETENTION_OUTBOX_EXPORTED_HOURS * HOUR_MS,
      outboxDeadMs: env.RETENTION_OUTBOX_DEAD_DAYS * DAY_MS,
      statusLogMs: env.RETENTION_STATUS_LOG_DAYS * DAY_MS,
      documentContentMs: env.RETENTION_DOCUMENT_CONTENT_DAYS * DAY_MS,
      pickupsMs: env.RETENTION_PICKUPS_DAYS * DAY_MS,
      watchesMs: env.RETENTION_WATCHES_DAYS * DAY_MS,
    },
  };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
