import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { PERSONAL_PROPERTY_NAMES } from '../domain/analytics.js';
import { authConfigFrom, authEnvShape, authProblems, type AuthConfig } from './auth-config.js';

/**
 * Configuration comes from the environment only, parsed once at start. A missing or malformed variable stops the
 * start with one line per problem naming the variable. Every variable is documented in .env.example.
 */
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const ms = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const url = z.url({ protocol: /^https?$/ });
const list = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
const optionalText = z.string().trim().min(1).optional();
const decimalAmount = (fallback: string) =>
  z.string().trim().regex(/^\d{1,9}(\.\d{1,4})?$/, 'a non-negative decimal amount such as 0.30').default(fallback);

const envSchema = z.object({
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // Read by the tracing preload (src/platform/tracing.ts) before this parse; checked here so a typo stops the start.
  OTEL_EXPORTER_OTLP_ENDPOINT: url.optional(),
  // SIGTERM/SIGINT: drain and stop within this, else exit non-zero (below Kubernetes' 30 s grace; docs/assumptions.md PL1).
  SHUTDOWN_TIMEOUT_MS: positive(20_000),
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
  ROUTER_SECRET_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/, 'an HTTP header name').default('Router-Secret'),
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
  // Per-upstream overrides of the pool size (PF3, PC3); unset: UPSTREAM_POOL_CONNECTIONS (the dark store: 2).
  UPSTREAM_POOL_CONNECTIONS_CARRIER_B: z.coerce.number().int().positive().optional(),
  UPSTREAM_POOL_CONNECTIONS_GROUP_A_TRACK: z.coerce.number().int().positive().optional(),
  UPSTREAM_POOL_CONNECTIONS_GROUP_A_EXPRESS: z.coerce.number().int().positive().optional(),
  UPSTREAM_POOL_CONNECTIONS_GROUP_A_ECOM: z.coerce.number().int().positive().optional(),
  UPSTREAM_POOL_CONNECTIONS_DARK_STORE: z.coerce.number().int().positive().optional(),
  TRACKING_BATCH_WINDOW_MS: ms(5),
  TRACKING_FRESHNESS_MS: ms(2_000),
  TRACKING_FRESHNESS_MAX_ENTRIES: positive(10_000),

  CARRIER_B_BASE_URL: url.optional(),
  CARRIER_B_CLIENT_ID: optionalText,
  CARRIER_B_CLIENT_SECRET: optionalText,
  CARRIER_B_ACCOUNT_NUMBER: optionalText,
  CARRIER_B_LOCALE: z.string().regex(/^[a-z]{2}_[A-Z]{2}$/, 'shape xx_XX').optional(),
  // How long after a creation was sent the carrier may still be creating it (a held request): a reference lookup
  // proves "not created" only after it (label-jobs.ts).
  CARRIER_B_SHIP_PROCESSING_GRACE_MS: positive(600_000),

  GROUP_A_DIVISIONS: list.default(['express', 'ecommerce']),
  GROUP_A_TRACK_BASE_URL: url.optional(),
  GROUP_A_TRACK_API_KEY: optionalText,
  GROUP_A_TRACK_MIN_INTERVAL_MS: ms(5_000),
  GROUP_A_TRACK_DAILY_QUOTA: positive(250),
  GROUP_A_TRACK_MAX_WAIT_MS: ms(20_000),
  GROUP_A_TRACK_CACHE_TTL_MS: ms(300_000),
  GROUP_A_TRACK_PAGE_LIMIT: positive(5),

  GROUP_A_EXPRESS_BASE_URL: url.optional(),
  GROUP_A_EXPRESS_ENVIRONMENT: z.enum(['test', 'production']).default('test'),
  GROUP_A_EXPRESS_USERNAME: optionalText,
  GROUP_A_EXPRESS_PASSWORD: optionalText,
  GROUP_A_EXPRESS_ACCOUNT_NUMBERS: list.optional(),
  GROUP_A_EXPRESS_DAILY_QUOTA: z.coerce.number().int().positive().optional(),
  // Cash-on-delivery value-added service code in express rate requests (the seed shows none: assumption XR7).
  GROUP_A_EXPRESS_COD_SERVICE_CODE: z.string().trim().regex(/^[A-Z0-9]{1,4}$/, 'a value-added service code such as KB').default('KB'),

  GROUP_A_ECOM_BASE_URL: url.optional(),
  GROUP_A_ECOM_CLIENT_ID: optionalText,
  GROUP_A_ECOM_CLIENT_SECRET: optionalText,
  GROUP_A_ECOM_PICKUP_ACCOUNT: optionalText,
  GROUP_A_ECOM_TRACK_PATH: z.string().startsWith('/').default('/tracking/v4/package'),
  GROUP_A_ECOM_TRACK_PARAM_PACKAGE_ID: z.string().min(1).default('packageId'),
  GROUP_A_ECOM_TRACK_PARAM_CARRIER_ID: z.string().min(1).default('carrierPackageId'),
  GROUP_A_ECOM_SHIP_PROCESSING_GRACE_MS: positive(600_000),
  // Products and duty and tax (docs/assumptions.md E7-E10): the distribution center parcels leave from, its country.
  GROUP_A_ECOM_DISTRIBUTION_CENTER: optionalText,
  GROUP_A_ECOM_DISTRIBUTION_CENTER_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code').default('US'),
  GROUP_A_ECOM_DUTY_TAX_PATH: z.string().startsWith('/').default('/shipping/v4/dutytax'),

  // Dark-store network (seed 002 A): only `GET /health` is published; the catchment and the charges are ours to set.
  DARK_STORE_BASE_URL: url.optional(),
  DARK_STORE_PINCODES: z.string().optional(),
  DARK_STORE_PINCODES_FILE: optionalText,
  DARK_STORE_HEALTH_INTERVAL_MS: positive(15_000),
  DARK_STORE_HEALTH_MAX_AGE_MS: z.coerce.number().int().positive().optional(),
  DARK_STORE_COUNTRY: z.string().regex(/^[A-Z]{2}$/, 'an ISO 3166-1 alpha-2 code in upper case').default('IN'),
  DARK_STORE_CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code in upper case').default('INR'),
  DARK_STORE_STORAGE_PER_UNIT_PER_DAY: decimalAmount('0.30'),
  DARK_STORE_ORDER_PROCESSING_PER_ITEM: decimalAmount('2'),
  DARK_STORE_COD_HANDLING_PER_ORDER: decimalAmount('20'),

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

  GROUP_A_PUSH_BASE_URL: url.optional(),
  GROUP_A_PUSH_SUBSCRIPTIONS_PATH: z.string().startsWith('/').default('/push/v1/subscriptions'),
  GROUP_A_PUSH_SECRET_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/, 'an HTTP header name').default('Carrier-Push-Secret'),
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

  // Documents served at /documents/{id} behind signed, expiring URLs (src/services/shipping/document-links.ts).
  DOCUMENT_URL_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  DOCUMENT_URL_TTL_SECONDS: positive(900),
  // The largest stored document `Document.base64` answers inline (bytes); larger ones are fetched by their URL.
  DOCUMENT_INLINE_MAX_BYTES: positive(1_048_576),
  PUBLIC_BASE_URL: url.optional(),
});

/** Every environment variable the server reads (each is documented in .env.example; a test keeps them in step). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

type Env = z.infer<typeof envSchema>;

export interface CarrierBConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  accountNumber: string;
  locale: string | null;
  /** CARRIER_B_SHIP_PROCESSING_GRACE_MS (optional for hand-built configurations; default 10 minutes). */
  processingGraceMs?: number;
}

export interface GroupATrackingConfig {
  baseUrl: string;
  apiKey: string;
  minIntervalMs: number;
  dailyQuota: number;
  maxWaitMs: number;
  cacheTtlMs: number;
  pageLimit: number;
}

export interface GroupAExpressConfig {
  baseUrl: string;
  /** "the test environment uses the prefix `/expressapi/test`". */
  environment: 'test' | 'production';
  username: string;
  password: string;
  /** One credential pair can serve several account numbers (they travel in the body). */
  accountNumbers: string[];
  /**
   * Calls per UTC day per credential (seed 000: "test environment quota | interface B | 500 service invocations per
   * day"); null = no limit of ours (production quotas: "not shown"). Absent = none.
   */
  dailyQuota?: number | null;
  /** Value-added service code of cash on delivery in rate requests (GROUP_A_EXPRESS_COD_SERVICE_CODE, assumption XR7). */
  codServiceCode?: string;
}

export interface GroupAEcommerceConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  pickupAccount: string | null;
  trackPath: string;
  trackParamPackageId: string;
  trackParamCarrierId: string;
  /** GROUP_A_ECOM_SHIP_PROCESSING_GRACE_MS (optional for hand-built configurations; default 10 minutes). */
  processingGraceMs?: number;
  // Optional so configurations written before rating stay valid; loadConfig always sets them (defaults: rating-config.ts).
  /** Label request's `distributionCenter`, sent on products and duty and tax; rating is refused without it. */
  distributionCenter?: string | null;
  /** Country of the distribution center: the only origin country the e-commerce interface quotes (E9). */
  distributionCenterCountry?: string;
  /** Duty and tax path ("not shown": E10). */
  dutyTaxPath?: string;
}

/** The dark-store network (seed 002 A); the catchment is read and checked by src/carriers/dark-store/catchment.ts. */
/** The analytics bridge (seed 002 B): where shipment lifecycle events are exported (src/services/analytics/). */
export interface AnalyticsConfig {
  /** `{base_url}`: the analytics service's host, without `/bridge` (the client adds it to every call). */
  baseUrl: string;
  /** Identifies the Project; never sent to `/import`, which refuses it (seed 002 B). */
  projectToken: string;
  /** The Server key: `/bridge/import` by HTTP Basic (docs/assumptions.md AB2). */
  serverKey: string;
  /** PERSONAL_PROPERTY_NAMES allowed out; every other personal property is dropped by the shaping. */
  personalDataAllowList: string[];
}

export interface DarkStoreConfig {
  /** `{fulfilment_url}`: `/health` is appended. */
  baseUrl: string;
  /** DARK_STORE_PINCODES as given (comma-separated), null when unset. */
  pincodes: string | null;
  /** DARK_STORE_PINCODES_FILE: one pincode per line, `#` comments. */
  pincodesFile: string | null;
  healthIntervalMs: number;
  /** A health reading older than this counts as unhealthy; default three intervals. */
  healthMaxAgeMs: number;
  /** ISO 3166-1 alpha-2 country the store delivers in (lanes elsewhere are refused). */
  country: string;
  /** ISO 4217 currency of the charges (the seed says "currency units"). */
  currency: string;
  /** Seed 002 A "Stated charges", decimal strings. */
  charges: { storagePerUnitPerDay: string; orderProcessingPerItem: string; codHandlingPerOrder: string };
}

export interface Config {
  server: {
    host: string;
    port: number;
    logLevel: Env['LOG_LEVEL'];
    /** auto: pretty in development at a terminal, JSON otherwise (src/platform/logger.ts resolveLogFormat). */
    logFormat: Env['LOG_FORMAT'];
    maxTrackingNumbersPerRequest: number;
    /** `_entities` answer from a stored snapshot updated within this age, with no carrier call (ENTITY_STORE_MAX_AGE_MS). */
    entityStoreMaxAgeMs: number;
    /** NODE_ENV=production: safe defaults (no introspection, landing page or field suggestions). */
    production: boolean;
    /** Bound on a SIGTERM/SIGINT shutdown: drain, stop workers, close the store; past it the process exits 1. */
    shutdownTimeoutMs: number;
    /** Introspection and the landing page (GRAPHQL_INTROSPECTION; default: on unless production). */
    introspection: boolean;
    /** "Did you mean ...?" in error messages (GRAPHQL_FIELD_SUGGESTIONS; default: on unless production). */
    fieldSuggestions: boolean;
  };
  /** Limits on every operation, over HTTP and graphql-ws alike; each error names its variable. */
  limits: {
    maxDepth: number;
    maxAliases: number;
    maxTokens: number;
    maxCost: number;
    /** Largest `first` (or `limit`) a list field accepts (MAX_PAGE_SIZE). */
    maxPageSize: number;
    /** Overall deadline of one request's upstream work. */
    requestDeadlineMs: number;
    wsConnectionInitTimeoutMs: number;
    wsMaxPayloadBytes: number;
    wsMaxSubscriptionsPerConnection: number;
    /** STATUS_FEED_POLL_INTERVAL_MS: how often subscriptions' feed reads the log besides notifications. */
    statusFeedPollIntervalMs: number;
  };
  /** Rate shopping: each carrier's deadline, and the cache of identical rate requests (0 ms disables it). */
  rating: { carrierDeadlineMs: number; cacheTtlMs: number; cacheMaxEntries: number };
  /** Only the router reaches the subgraph (DESIGN.md, "Running in production"). */
  routerAccess: {
    /** Required on /graphql (HTTP and graphql-ws) when set. */
    sharedSecret: string | null;
    secretHeader: string;
    /** Hosts (host or host:port) the subscription-callback plugin may post to. */
    callbackAllowedHosts: string[];
  };
  /** @authenticated / @requiresScopes in this process, and the production opt-outs in effect (auth-config.ts). */
  auth: AuthConfig;
  sandbox: { mode: 'auto' | 'on' | 'off'; seed: string; latencyMs: number; timeScale: number };
  http: {
    connectTimeoutMs: number;
    headersTimeoutMs: number;
    bodyTimeoutMs: number;
    retryBaseDelayMs: number;
    /** UPSTREAM_POOL_CONNECTIONS: every upstream's pool size unless its own variable overrides it. */
    poolConnections: number;
    /** UPSTREAM_POOL_CONNECTIONS_<UPSTREAM>: the overrides that were set (read through poolConnectionsFor). */
    poolConnectionsByUpstream?: Partial<Record<PooledUpstream, number>>;
  };
  /** Issue 12: batching across requests and the freshness window of tracking answers (src/services/tracking-batcher.ts). */
  trackingSharing: { windowMs: number; freshnessMs: number; freshnessMaxEntries: number };
  groupADivisions: string[];
  /**
   * Signed document URLs (DOCUMENT_URL_*, PUBLIC_BASE_URL). Optional so configurations built by hand stay valid;
   * loadConfig always sets it.
   */
  documents?: { urlSecret: string | null; urlTtlSeconds: number; publicBaseUrl: string | null; inlineMaxBytes?: number };
  carrierB: CarrierBConfig | null;
  groupATracking: GroupATrackingConfig | null;
  groupAExpress: GroupAExpressConfig | null;
  groupAEcommerce: GroupAEcommerceConfig | null;
  darkStore: DarkStoreConfig | null;
  /** Analytics export (issue 11): null when ANALYTICS_BRIDGE_BASE_URL is unset. Optional for hand-built configs. */
  analytics?: AnalyticsConfig | null;
  /** Polling watchers; a null interval takes the mode's default (short in sandbox mode, see watcher-settings.ts). */
  watchers: {
    enabled: boolean;
    tickMs: number | null;
    defaultIntervalMs: number | null;
    nearDeliveryIntervalMs: number | null;
    maxBackoffMs: number | null;
    batchLimit: number;
    /** WATCH_NOT_FOUND_GIVE_UP_POLLS: failed polls in a row, the last "not found", after which a watch stops. */
    notFoundGiveUpPolls?: number;
  };
  /** Label purchases (src/services/shipping): key lifetime, job deadline, worker timing (ShippingSettings). */
  shipping: {
    idempotencyTtlHours: number;
    jobDeadlineMs: number;
    workerIntervalMs: number;
    workerEnabled: boolean;
    leaseMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    lateWatchMs?: number;
    lateWatchIntervalMs?: number;
  };
  /** Address resolution (src/services/addresses): inputs per request, cache of answers (0 s disables it). Optional for hand-built configs. */
  addresses?: { maxInputsPerRequest: number; cacheTtlSeconds: number; cacheMaxEntries: number };
  /** The analytics exporter's timing (ANALYTICS_EXPORT_*); used when `analytics` is set. Optional for hand-built configs. */
  analyticsExport?: {
    enabled: boolean;
    intervalMs: number;
    batchSize: number;
    leaseMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    unauthorizedRetryMs: number;
  };
  store: { databaseUrl: string | null; dataDir: string; lock: { staleMs: number; checkMs: number } };
  /** Group A push (docs/assumptions.md P1-P4); the push base URL defaults to the unified tracking base URL. */
  groupAPush: { baseUrl: string | null; subscriptionsPath: string; secretHeader: string };
  /** Our webhook: public callback URL (derived from the listening address when unset), body cap, optional TLS. */
  webhook: {
    publicUrl: string | null;
    maxBodyBytes: number;
    tls: { certFile: string; keyFile: string } | null;
    /** false: store and acknowledge webhook calls but leave their processing to other replicas. */
    inboxProcessing: boolean;
    /** Processed webhook calls are deleted after this long (the status log keeps what they recorded). */
    inboxRetentionMs: number;
    /** Failed processing attempts of one notification before it is moved to the dead letters. */
    inboxMaxAttempts: number;
    /** Group commit of accepted calls (assumption WI1): extra wait for a group (0 = none) and its largest size. */
    inboxGroupWindowMs: number;
    inboxGroupMax: number;
    /** Notifications per processing transaction, and the least time between processing runs (assumption WI3). */
    inboxBatchSize: number;
    inboxProcessIntervalMs: number;
  };
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Each upstream is configured on its own: setting its base URL makes its credentials required. */
const UPSTREAM_GROUPS: Array<{ base: keyof Env; required: Array<keyof Env> }> = [
  { base: 'CARRIER_B_BASE_URL', required: ['CARRIER_B_CLIENT_ID', 'CARRIER_B_CLIENT_SECRET', 'CARRIER_B_ACCOUNT_NUMBER'] },
  { base: 'GROUP_A_TRACK_BASE_URL', required: ['GROUP_A_TRACK_API_KEY'] },
  { base: 'GROUP_A_EXPRESS_BASE_URL', required: ['GROUP_A_EXPRESS_USERNAME', 'GROUP_A_EXPRESS_PASSWORD', 'GROUP_A_EXPRESS_ACCOUNT_NUMBERS'] },
  { base: 'GROUP_A_ECOM_BASE_URL', required: ['GROUP_A_ECOM_CLIENT_ID', 'GROUP_A_ECOM_CLIENT_SECRET'] },
  // All three together: export is on exactly when the bridge is configured (issue 11 item 1).
  { base: 'ANALYTICS_BRIDGE_BASE_URL', required: ['ANALYTICS_PROJECT_TOKEN', 'ANALYTICS_SERVER_KEY'] },
  // Both or neither: either one set makes the other required (one line, not one per direction).
  { base: 'WEBHOOK_TLS_CERT_FILE', required: ['WEBHOOK_TLS_KEY_FILE'] },
];

/**
 * `serves: false` is for commands that answer no request (the analytics backfill): the production rules about who may
 * reach /graphql (auth-config.ts) do not apply to them; every value is still checked.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env, { serves = true }: { serves?: boolean } = {}): ConfigResult {
  // An empty variable counts as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  // Missing members of a group are reported beside malformed values, so one start names every problem at once.
  for (const group of UPSTREAM_GROUPS) {
    const setKeys = [group.base, ...group.required].filter((key) => cleaned[key] !== undefined);
    if (setKeys.length === 0) continue;
    for (const key of [group.base, ...group.required]) {
      if (cleaned[key] === undefined) problems.push(`${key}: required when ${setKeys[0]} is set`);
    }
  }
  problems.push(...tlsFileProblems(cleaned.WEBHOOK_TLS_CERT_FILE?.trim(), cleaned.WEBHOOK_TLS_KEY_FILE?.trim()));
  // The holder refreshes at least twice per stale window, so a live one never looks stale to another host.
  if (parsed.success && parsed.data.DATA_DIR_LOCK_CHECK_MS * 2 >= parsed.data.DATA_DIR_LOCK_STALE_MS) {
    problems.push('DATA_DIR_LOCK_CHECK_MS: must be under half of DATA_DIR_LOCK_STALE_MS');
  }
  problems.push(...authProblems(cleaned, { serves }));
  if (!parsed.success || problems.length > 0) return { ok: false, problems };
  return { ok: true, config: toConfig(parsed.data) };
}

/**
 * WEBHOOK_TLS_CERT_FILE / WEBHOOK_TLS_KEY_FILE are read now, so an unreadable file, a file that is not a PEM
 * certificate or unencrypted private key, or a key that does not belong to the certificate stops the start with a
 * line naming the variable instead of an OpenSSL or ENOENT stack once everything else is up. The key's content is
 * never quoted.
 */
function tlsFileProblems(certFile: string | undefined, keyFile: string | undefined): string[] {
  const problems: string[] = [];
  const read = (variable: string, path: string): Buffer | null => {
    try {
      return readFileSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'a directory, not a file' : (code ?? 'unreadable');
      problems.push(`${variable}: cannot read ${path} (${reason})`);
      return null;
    }
  };
  const certPem = certFile ? read('WEBHOOK_TLS_CERT_FILE', certFile) : null;
  const keyPem = keyFile ? read('WEBHOOK_TLS_KEY_FILE', keyFile) : null;
  let cert: X509Certificate | null = null;
  if (certPem) {
    try {
      cert = new X509Certificate(certPem);
    } catch {
      problems.push(`WEBHOOK_TLS_CERT_FILE: ${certFile} is not a PEM certificate`);
    }
  }
  let key: KeyObject | null = null;
  if (keyPem) {
    try {
      key = createPrivateKey(keyPem);
    } catch {
      problems.push(`WEBHOOK_TLS_KEY_FILE: ${keyFile} is not an unencrypted PEM private key`);
    }
  }
  if (cert && key && !cert.checkPrivateKey(key)) {
    problems.push(`WEBHOOK_TLS_KEY_FILE: the key in ${keyFile} does not belong to the certificate in ${certFile}`);
  }
  return problems;
}

function toConfig(env: Env): Config {
  return {
    server: {
      host: env.HOST,
      port: env.PORT,
      logLevel: env.LOG_LEVEL,
      logFormat: env.LOG_FORMAT,
      maxTrackingNumbersPerRequest: env.MAX_TRACKING_NUMBERS_PER_REQUEST,
      entityStoreMaxAgeMs: env.ENTITY_STORE_MAX_AGE_MS,
      production: env.NODE_ENV === 'production',
      shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
      introspection: env.GRAPHQL_INTROSPECTION ?? env.NODE_ENV !== 'production',
      fieldSuggestions: env.GRAPHQL_FIELD_SUGGESTIONS ?? env.NODE_ENV !== 'production',
    },
    limits: {
      maxDepth: env.MAX_QUERY_DEPTH,
      maxAliases: env.MAX_QUERY_ALIASES,
      maxTokens: env.MAX_QUERY_TOKENS,
      maxCost: env.MAX_QUERY_COST,
      maxPageSize: env.MAX_PAGE_SIZE,
      requestDeadlineMs: env.REQUEST_DEADLINE_MS,
      wsConnectionInitTimeoutMs: env.WS_CONNECTION_INIT_TIMEOUT_MS,
      wsMaxPayloadBytes: env.WS_MAX_PAYLOAD_BYTES,
      wsMaxSubscriptionsPerConnection: env.WS_MAX_SUBSCRIPTIONS_PER_CONNECTION,
      statusFeedPollIntervalMs: env.STATUS_FEED_POLL_INTERVAL_MS,
    },
    rating: {
      carrierDeadlineMs: env.RATE_CARRIER_DEADLINE_MS,
      cacheTtlMs: env.RATE_CACHE_TTL_MS,
      cacheMaxEntries: env.RATE_CACHE_MAX_ENTRIES,
    },
    routerAccess: {
      sharedSecret: env.ROUTER_SHARED_SECRET ?? null,
      secretHeader: env.ROUTER_SECRET_HEADER,
      // Unset: loopback only outside production (a router beside the process), none in production until configured.
      callbackAllowedHosts:
        env.SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS ?? (env.NODE_ENV === 'production' ? [] : ['localhost', '127.0.0.1', '[::1]']),
    },
    auth: authConfigFrom(env),
    sandbox: { mode: env.SANDBOX, seed: env.SANDBOX_SEED, latencyMs: env.SANDBOX_LATENCY_MS, timeScale: env.SANDBOX_TIME_SCALE },
    http: {
      connectTimeoutMs: env.UPSTREAM_CONNECT_TIMEOUT_MS,
      headersTimeoutMs: env.UPSTREAM_HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: env.UPSTREAM_BODY_TIMEOUT_MS,
      retryBaseDelayMs: env.UPSTREAM_RETRY_BASE_DELAY_MS,
      poolConnections: env.UPSTREAM_POOL_CONNECTIONS,
      poolConnectionsByUpstream: Object.fromEntries(
        Object.entries({
          'carrier-b': env.UPSTREAM_POOL_CONNECTIONS_CARRIER_B,
          'group-a/tracking': env.UPSTREAM_POOL_CONNECTIONS_GROUP_A_TRACK,
          'group-a/express': env.UPSTREAM_POOL_CONNECTIONS_GROUP_A_EXPRESS,
          'group-a/ecommerce': env.UPSTREAM_POOL_CONNECTIONS_GROUP_A_ECOM,
          'dark-store': env.UPSTREAM_POOL_CONNECTIONS_DARK_STORE,
        }).filter(([, count]) => count !== undefined),
      ) as Partial<Record<PooledUpstream, number>>,
    },
    trackingSharing: {
      windowMs: env.TRACKING_BATCH_WINDOW_MS,
      freshnessMs: env.TRACKING_FRESHNESS_MS,
      freshnessMaxEntries: env.TRACKING_FRESHNESS_MAX_ENTRIES,
    },
    groupADivisions: env.GROUP_A_DIVISIONS,
    documents: { urlSecret: env.DOCUMENT_URL_SECRET ?? null, urlTtlSeconds: env.DOCUMENT_URL_TTL_SECONDS, publicBaseUrl: env.PUBLIC_BASE_URL ?? null, inlineMaxBytes: env.DOCUMENT_INLINE_MAX_BYTES },
    carrierB: env.CARRIER_B_BASE_URL
      ? {
          baseUrl: env.CARRIER_B_BASE_URL,
          clientId: env.CARRIER_B_CLIENT_ID!,
          clientSecret: env.CARRIER_B_CLIENT_SECRET!,
          accountNumber: env.CARRIER_B_ACCOUNT_NUMBER!,
          locale: env.CARRIER_B_LOCALE ?? null,
          processingGraceMs: env.CARRIER_B_SHIP_PROCESSING_GRACE_MS,
        }
      : null,
    groupATracking: env.GROUP_A_TRACK_BASE_URL
      ? {
          baseUrl: env.GROUP_A_TRACK_BASE_URL,
          apiKey: env.GROUP_A_TRACK_API_KEY!,
          minIntervalMs: env.GROUP_A_TRACK_MIN_INTERVAL_MS,
          dailyQuota: env.GROUP_A_TRACK_DAILY_QUOTA,
          maxWaitMs: env.GROUP_A_TRACK_MAX_WAIT_MS,
          cacheTtlMs: env.GROUP_A_TRACK_CACHE_TTL_MS,
          pageLimit: env.GROUP_A_TRACK_PAGE_LIMIT,
        }
      : null,
    groupAExpress: env.GROUP_A_EXPRESS_BASE_URL
      ? {
          baseUrl: env.GROUP_A_EXPRESS_BASE_URL,
          environment: env.GROUP_A_EXPRESS_ENVIRONMENT,
          username: env.GROUP_A_EXPRESS_USERNAME!,
          password: env.GROUP_A_EXPRESS_PASSWORD!,
          accountNumbers: env.GROUP_A_EXPRESS_ACCOUNT_NUMBERS!,
          dailyQuota: env.GROUP_A_EXPRESS_DAILY_QUOTA ?? (env.GROUP_A_EXPRESS_ENVIRONMENT === 'test' ? 500 : null),
          codServiceCode: env.GROUP_A_EXPRESS_COD_SERVICE_CODE,
        }
      : null,
    groupAEcommerce: env.GROUP_A_ECOM_BASE_URL
      ? {
          baseUrl: env.GROUP_A_ECOM_BASE_URL,
          clientId: env.GROUP_A_ECOM_CLIENT_ID!,
          clientSecret: env.GROUP_A_ECOM_CLIENT_SECRET!,
          pickupAccount: env.GROUP_A_ECOM_PICKUP_ACCOUNT ?? null,
          trackPath: env.GROUP_A_ECOM_TRACK_PATH,
          trackParamPackageId: env.GROUP_A_ECOM_TRACK_PARAM_PACKAGE_ID,
          trackParamCarrierId: env.GROUP_A_ECOM_TRACK_PARAM_CARRIER_ID,
          processingGraceMs: env.GROUP_A_ECOM_SHIP_PROCESSING_GRACE_MS,
          distributionCenter: env.GROUP_A_ECOM_DISTRIBUTION_CENTER ?? null,
          distributionCenterCountry: env.GROUP_A_ECOM_DISTRIBUTION_CENTER_COUNTRY,
          dutyTaxPath: env.GROUP_A_ECOM_DUTY_TAX_PATH,
        }
      : null,
    darkStore: env.DARK_STORE_BASE_URL
      ? {
          baseUrl: env.DARK_STORE_BASE_URL,
          pincodes: env.DARK_STORE_PINCODES ?? null,
          pincodesFile: env.DARK_STORE_PINCODES_FILE ?? null,
          healthIntervalMs: env.DARK_STORE_HEALTH_INTERVAL_MS,
          healthMaxAgeMs: env.DARK_STORE_HEALTH_MAX_AGE_MS ?? 3 * env.DARK_STORE_HEALTH_INTERVAL_MS,
          country: env.DARK_STORE_COUNTRY,
          currency: env.DARK_STORE_CURRENCY,
          charges: {
            storagePerUnitPerDay: env.DARK_STORE_STORAGE_PER_UNIT_PER_DAY,
            orderProcessingPerItem: env.DARK_STORE_ORDER_PROCESSING_PER_ITEM,
            codHandlingPerOrder: env.DARK_STORE_COD_HANDLING_PER_ORDER,
          },
        }
      : null,
    analytics: env.ANALYTICS_BRIDGE_BASE_URL
      ? {
          baseUrl: env.ANALYTICS_BRIDGE_BASE_URL,
          projectToken: env.ANALYTICS_PROJECT_TOKEN!,
          serverKey: env.ANALYTICS_SERVER_KEY!,
          personalDataAllowList: env.ANALYTICS_PERSONAL_DATA_ALLOW_LIST,
        }
      : null,
    watchers: {
      enabled: env.WATCHERS_ENABLED,
      tickMs: env.WATCH_POLL_TICK_MS ?? null,
      defaultIntervalMs: env.WATCH_DEFAULT_INTERVAL_MS ?? null,
      nearDeliveryIntervalMs: env.WATCH_NEAR_DELIVERY_INTERVAL_MS ?? null,
      maxBackoffMs: env.WATCH_MAX_BACKOFF_MS ?? null,
      batchLimit: env.WATCH_BATCH_LIMIT,
      notFoundGiveUpPolls: env.WATCH_NOT_FOUND_GIVE_UP_POLLS,
    },
    shipping: {
      idempotencyTtlHours: env.SHIPPING_IDEMPOTENCY_TTL_HOURS,
      jobDeadlineMs: env.SHIPPING_JOB_DEADLINE_MS,
      workerIntervalMs: env.SHIPPING_WORKER_INTERVAL_MS,
      workerEnabled: env.SHIPPING_WORKER_ENABLED,
      leaseMs: env.SHIPPING_LEASE_MS,
      retryBaseMs: env.SHIPPING_RETRY_BASE_MS,
      retryMaxMs: env.SHIPPING_RETRY_MAX_MS,
      lateWatchMs: env.SHIPPING_LATE_WATCH_MS,
      lateWatchIntervalMs: env.SHIPPING_LATE_WATCH_INTERVAL_MS,
    },
    analyticsExport: {
      enabled: env.ANALYTICS_EXPORT_ENABLED,
      intervalMs: env.ANALYTICS_EXPORT_INTERVAL_MS,
      batchSize: env.ANALYTICS_EXPORT_BATCH_SIZE,
      leaseMs: env.ANALYTICS_EXPORT_LEASE_MS,
      retryBaseMs: env.ANALYTICS_EXPORT_RETRY_BASE_MS,
      retryMaxMs: env.ANALYTICS_EXPORT_RETRY_MAX_MS,
      unauthorizedRetryMs: env.ANALYTICS_EXPORT_UNAUTHORIZED_RETRY_MS,
    },
    addresses: {
      maxInputsPerRequest: env.MAX_ADDRESSES_PER_REQUEST,
      cacheTtlSeconds: env.ADDRESS_CACHE_TTL_SECONDS,
      cacheMaxEntries: env.ADDRESS_CACHE_MAX_ENTRIES,
    },
    store: {
      databaseUrl: env.DATABASE_URL ?? null,
      dataDir: env.DATA_DIR,
      lock: { staleMs: env.DATA_DIR_LOCK_STALE_MS, checkMs: env.DATA_DIR_LOCK_CHECK_MS },
    },
    groupAPush: {
      baseUrl: env.GROUP_A_PUSH_BASE_URL ?? env.GROUP_A_TRACK_BASE_URL ?? null,
      subscriptionsPath: env.GROUP_A_PUSH_SUBSCRIPTIONS_PATH,
      secretHeader: env.GROUP_A_PUSH_SECRET_HEADER,
    },
    webhook: {
      publicUrl: env.WEBHOOK_PUBLIC_URL ?? null,
      maxBodyBytes: env.WEBHOOK_MAX_BODY_BYTES,
      inboxProcessing: env.WEBHOOK_INBOX_PROCESSING,
      inboxRetentionMs: env.WEBHOOK_INBOX_RETENTION_HOURS * 3_600_000,
      inboxMaxAttempts: env.WEBHOOK_INBOX_MAX_ATTEMPTS,
      inboxGroupWindowMs: env.WEBHOOK_INBOX_GROUP_WINDOW_MS,
      inboxGroupMax: env.WEBHOOK_INBOX_GROUP_MAX,
      inboxBatchSize: env.WEBHOOK_INBOX_BATCH_SIZE,
      inboxProcessIntervalMs: env.WEBHOOK_INBOX_PROCESS_INTERVAL_MS,
      tls:
        env.WEBHOOK_TLS_CERT_FILE && env.WEBHOOK_TLS_KEY_FILE
          ? { certFile: env.WEBHOOK_TLS_CERT_FILE, keyFile: env.WEBHOOK_TLS_KEY_FILE }
          : null,
    },
  };
}

/** True when no upstream is configured: the sandbox then stands in for all of them. */
/** The carrier upstreams whose pool size has its own variable (UPSTREAM_POOL_CONNECTIONS_<UPSTREAM>). */
export type PooledUpstream = 'carrier-b' | 'group-a/tracking' | 'group-a/express' | 'group-a/ecommerce' | 'dark-store';

/**
 * How many connections one upstream's pool may open: its own variable when set, else `ownDefault` where the upstream
 * has a smaller rule of its own (the dark store: one health read at a time, 2), else UPSTREAM_POOL_CONNECTIONS.
 */
export function poolConnectionsFor(http: Config['http'], upstream: PooledUpstream, ownDefault?: number): number {
  return http.poolConnectionsByUpstream?.[upstream] ?? ownDefault ?? http.poolConnections;
}

export function noUpstreamConfigured(config: Config): boolean {
  return !config.carrierB && !config.groupATracking && !config.groupAExpress && !config.groupAEcommerce && !config.darkStore;
}
