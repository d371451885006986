import { z } from 'zod';
import { PERSONAL_PROPERTY_NAMES } from '../domain/analytics.js';
import { authEnvShape } from './auth-config.js';
import { flag, headerName, list, ms, optionalText, positive, url } from './env-schema.js';

/**
 * The variables of everything that is not a carrier: the server, limits, store, real time, shipping, analytics. Each
 * carrier module declares its own section (src/carriers/<name>/config.ts); src/config.ts composes them. Every variable
 * is documented in .env.example.
 */
export const platformEnvShape = {
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // Read by the tracing preload (src/platform/tracing.ts) before this parse; checked here so a typo stops the start.
  OTEL_EXPORTER_OTLP_ENDPOINT: url.optional(),
  // SIGTERM/SIGINT: drain and stop within this, else exit non-zero (below Kubernetes' 30 s grace; docs/assumptions.md PL1).
  SHUTDOWN_TIMEOUT_MS: positive(20_000),
  // After this many ms without an HTTP request (probes and /metrics aside), one memory-reducing garbage collection hands the young
  // generation back (src/platform/idle-gc.ts, docs/assumptions.md SR4); 0 (the default) turns it off.
  IDLE_GC_MS: ms(0),
  MAX_TRACKING_NUMBERS_PER_REQUEST: positive(3000),
  // `_entities` by id answer from a stored answer updated (tracked, pushed, polled) within this age (assumptions I4).
  ENTITY_STORE_MAX_AGE_MS: ms(900_000),
  // production: introspection, the landing page and "Did you mean" suggestions default to off (DESIGN.md), and the
  // start fails closed (auth-config.ts). Any other value is refused: a typo must not start a development server.
  NODE_ENV: z
    .string()
    .trim()
    .pipe(z.enum(['production', 'development', 'test'], { error: (issue) => `${JSON.stringify(issue.input)} is not a value this service knows; use production, development or test (unset means development)` }))
    .default('development'),
  GRAPHQL_INTROSPECTION: flag.optional(),
  GRAPHQL_FIELD_SUGGESTIONS: flag.optional(),
  // Queries kept compiled by graphql-jit (src/graphql/jit-executor.ts); 0 runs every operation through graphql-js.
  GRAPHQL_COMPILED_QUERIES_MAX: z.coerce.number().int().nonnegative().default(1_000),
  // Limits on the operation as executed, on every transport (docs/assumptions.md L1-L9).
  MAX_QUERY_DEPTH: positive(12),
  MAX_QUERY_ALIASES: positive(100),
  MAX_QUERY_TOKENS: positive(5_000),
  MAX_QUERY_COST: positive(300_000),
  MAX_PAGE_SIZE: positive(500),
  REQUEST_DEADLINE_MS: positive(25_000),
  // Rate shopping (docs/assumptions.md RT7): each carrier's own deadline, and the cache of identical rate requests.
  RATE_CARRIER_DEADLINE_MS: positive(5_000),
  RATE_CACHE_TTL_MS: ms(60_000),
  RATE_CACHE_MAX_ENTRIES: positive(1_000),
  WS_CONNECTION_INIT_TIMEOUT_MS: positive(5_000),
  WS_MAX_PAYLOAD_BYTES: positive(1_048_576),
  WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: positive(50),
  // The status feed's safety-net read of the log (a notification lost while LISTEN was down is found by it).
  STATUS_FEED_POLL_INTERVAL_MS: positive(3_000),
  // Only the router reaches the subgraph: the shared secret (required in production unless waived, auth-config.ts), and
  // callback hosts for HTTP-callback subscriptions.
  ROUTER_SHARED_SECRET: z.string().min(16, 'at least 16 characters').optional(),
  ROUTER_SECRET_HEADER: headerName.default('Router-Secret'),
  SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS: list.optional(),
  // Production fails closed: the opt-outs, and the JWKS behind @authenticated / @requiresScopes (auth-config.ts).
  ...authEnvShape,

  SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  SANDBOX_SEED: z.string().default('carrier-subgraph'),
  SANDBOX_LATENCY_MS: ms(20),
  SANDBOX_TIME_SCALE: z.coerce.number().positive().default(60),

  UPSTREAM_CONNECT_TIMEOUT_MS: positive(5_000),
  UPSTREAM_HEADERS_TIMEOUT_MS: positive(15_000),
  UPSTREAM_BODY_TIMEOUT_MS: positive(15_000),
  UPSTREAM_RETRY_BASE_DELAY_MS: ms(100),
  // Performance (issue 12, docs/assumptions.md PF1-PF4): connections per upstream, sharing and freshness of tracking.
  UPSTREAM_POOL_CONNECTIONS: positive(64),
  TRACKING_BATCH_WINDOW_MS: ms(3),
  // Distinct lookups a window must hold to go when the burst feeding it ends, before its time; 0 = always wait the window.
  TRACKING_BATCH_BURST_MIN: z.coerce.number().int().nonnegative().default(10),
  // Distinct lookups at which a window goes at once, as a full one does, before the burst feeding it ends; 0 = off.
  TRACKING_BATCH_SPLIT_SIZE: z.coerce.number().int().nonnegative().default(0),
  TRACKING_FRESHNESS_MS: ms(2_000),
  TRACKING_FRESHNESS_MAX_ENTRIES: positive(10_000),
  // The last part of the freshness window (a fraction of it) in which a read refreshes the answer in the background; 0 = off.
  TRACKING_REFRESH_AHEAD: z.coerce.number().min(0).max(0.9).default(0.25),

  // Analytics bridge (seed 002 B; issue 11): `{base_url}`, the host; every call goes under its `/bridge` prefix.
  ANALYTICS_BRIDGE_BASE_URL: url
    .refine((v) => !/\/bridge\/?$/.test(new URL(v).pathname), 'the service host ({base_url}) without /bridge: the client adds the /bridge prefix')
    .optional(),
  ANALYTICS_PROJECT_TOKEN: optionalText,
  ANALYTICS_SERVER_KEY: optionalText,
  ANALYTICS_PERSONAL_DATA_ALLOW_LIST: list
    .refine((names) => names.every((n) => (PERSONAL_PROPERTY_NAMES as readonly string[]).includes(n)), {
      message: `only these names: ${PERSONAL_PROPERTY_NAMES.join(', ')}`,
    })
    .default([]),
  // The exporter (issue 11; src/services/analytics/exporter.ts): on with the bridge unless turned off on this replica.
  ANALYTICS_EXPORT_ENABLED: flag.default(true),
  ANALYTICS_EXPORT_INTERVAL_MS: positive(1_000),
  ANALYTICS_EXPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(2_000).default(200),
  ANALYTICS_EXPORT_LEASE_MS: positive(60_000),
  ANALYTICS_EXPORT_RETRY_BASE_MS: positive(1_000),
  ANALYTICS_EXPORT_RETRY_MAX_MS: positive(300_000),
  ANALYTICS_EXPORT_UNAUTHORIZED_RETRY_MS: positive(600_000),

  WEBHOOK_PUBLIC_URL: url.optional(),
  WEBHOOK_MAX_BODY_BYTES: positive(262_144),
  WEBHOOK_TLS_CERT_FILE: optionalText,
  WEBHOOK_TLS_KEY_FILE: optionalText,
  WEBHOOK_INBOX_PROCESSING: flag.default(true),
  WEBHOOK_INBOX_RETENTION_HOURS: positive(168),
  WEBHOOK_INBOX_MAX_ATTEMPTS: positive(5),
  WEBHOOK_INBOX_GROUP_WINDOW_MS: ms(2),
  WEBHOOK_INBOX_GROUP_MAX: positive(200),
  WEBHOOK_INBOX_BATCH_SIZE: positive(50),
  WEBHOOK_INBOX_PROCESS_INTERVAL_MS: ms(50),

  WATCHERS_ENABLED: flag.default(true),
  WATCH_POLL_TICK_MS: z.coerce.number().int().positive().optional(),
  WATCH_DEFAULT_INTERVAL_MS: z.coerce.number().int().positive().optional(),
  WATCH_NEAR_DELIVERY_INTERVAL_MS: z.coerce.number().int().positive().optional(),
  WATCH_MAX_BACKOFF_MS: z.coerce.number().int().positive().optional(),
  WATCH_BATCH_LIMIT: positive(300),
  WATCH_NOT_FOUND_GIVE_UP_POLLS: positive(8),

  // Label purchases (issue 9): idempotency keys live at least 24 hours (the issue's floor); the job and its worker.
  SHIPPING_IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(24, 'at least 24 (keys live at least 24 hours)').default(24),
  SHIPPING_JOB_DEADLINE_MS: positive(3_600_000),
  SHIPPING_WORKER_INTERVAL_MS: positive(2_000),
  SHIPPING_WORKER_ENABLED: flag.default(true),
  SHIPPING_LEASE_MS: positive(120_000),
  SHIPPING_RETRY_BASE_MS: positive(2_000),
  SHIPPING_RETRY_MAX_MS: positive(300_000),
  // A label failed by a reconciliation ("not created") is looked up again this long, this often (a late appearance).
  SHIPPING_LATE_WATCH_MS: positive(86_400_000),
  SHIPPING_LATE_WATCH_INTERVAL_MS: positive(900_000),
  // Address resolution (issue 10, docs/assumptions.md AR3-AR4): inputs per request, and the cache of carriers' answers.
  MAX_ADDRESSES_PER_REQUEST: positive(500),
  ADDRESS_CACHE_TTL_SECONDS: z.coerce.number().int().nonnegative().default(300),
  ADDRESS_CACHE_MAX_ENTRIES: positive(10_000),

  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // The embedded store's DATA_DIR lock (src/store/data-dir-lock.ts): when another host's lock counts as stale, and how
  // often the holder refreshes and checks its own.
  DATA_DIR_LOCK_STALE_MS: z.coerce.number().int().min(200).default(10_000),
  DATA_DIR_LOCK_CHECK_MS: z.coerce.number().int().min(20).default(1_000),
  // The embedded store's PostgreSQL buffer pool (src/store/pglite-store.ts, SU1, SM24-1): PostgreSQL's memory units.
  PGLITE_SHARED_BUFFERS: z
    .string()
    .refine((value) => { const kb = pgliteSizeKb(value); return kb >= 128 && kb <= 1_048_576; }, "a size in PostgreSQL's units from 128kB (its least) to 1GB (PGlite's memory is 2GB at most), like 4MB or 512kB")
    .default('4MB'),

  // /metrics access and data retention (README "Metrics access" and "Data retention"; docs/assumptions.md RN1-RN8).
  // METRICS_TOKEN: /metrics wants `Authorization: Bearer <token>`; in production /metrics is closed without it.
  METRICS_TOKEN: z.string().min(16, 'at least 16 characters').optional(),
  // METRICS_PORT: /metrics is served on its own listener (METRICS_HOST:METRICS_PORT) and no longer on PORT.
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  // The retention job (src/services/retention): how often it runs, rows per DELETE, and each kind of row's lifetime.
  RETENTION_ENABLED: flag.default(true),
  RETENTION_INTERVAL_MS: positive(300_000),
  // Rows per batch. Unset: 100 on embedded PGlite (a batch holds the server's one thread, and every request's statement
  // waits behind it), 500 on PostgreSQL.
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).optional(),
  // The most of the store's time the job's batches take (percent): after each batch it pauses so that batches fill at
  // most this share. Unset: 10 on embedded PGlite (its SQL runs on the server's own thread, every request waits while a
  // batch runs), 33 on PostgreSQL (the batches run in the database's processes).
  RETENTION_STORE_SHARE_PERCENT: z.coerce.number().int().min(1).max(90).optional(),
  // Embedded PGlite only: the job checkpoints after this many batches and at the end of each pass (PGlite runs no
  // checkpointer: without it, the WAL grows until the process stops). PostgreSQL's own checkpointer does this there.
  RETENTION_CHECKPOINT_EVERY: z.coerce.number().int().min(1).max(10_000).default(100),
  RETENTION_OUTBOX_EXPORTED_HOURS: positive(168),
  RETENTION_OUTBOX_DEAD_DAYS: positive(30),
  RETENTION_STATUS_LOG_DAYS: positive(90),
  RETENTION_DOCUMENT_CONTENT_DAYS: positive(90),
  RETENTION_PICKUPS_DAYS: positive(180),
  RETENTION_WATCHES_DAYS: positive(30),

  // Documents served at /documents/{id} behind signed, expiring URLs (src/services/shipping/document-links.ts).
  DOCUMENT_URL_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  DOCUMENT_URL_TTL_SECONDS: positive(900),
  // The largest stored document `Document.base64` answers inline (bytes); larger ones are fetched by their URL.
  DOCUMENT_INLINE_MAX_BYTES: positive(1_048_576),
  PUBLIC_BASE_URL: url.optional(),
};

export type PlatformEnv = z.output<z.ZodObject<typeof platformEnvShape>>;

/** A PostgreSQL memory size (`4MB`, `512kB`, `1GB`) in kB. */
function pgliteSizeKb(value: string): number {
  const match = /^(\d+)(kB|MB|GB)$/.exec(value);
  if (!match) return Number.NaN;
  return Number(match[1]) * { kB: 1, MB: 1024, GB: 1_048_576 }[match[2] as 'kB' | 'MB' | 'GB'];
}
