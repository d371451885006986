import { createHash } from 'node:crypto';
import type { GroupAExpressConfig } from '../config.js';
import { basicAuth } from '../../../platform/http/auth.js';
import { UpstreamClient, type HttpTimeouts } from '../../../platform/http/upstream-client.js';
import type { Logger } from '../../../platform/logger.js';
import type { Metrics } from '../../../platform/metrics.js';
import type { QuotaCounter } from '../../../platform/quota.js';
import { QuotaLimiter } from '../../../platform/quota-limiter.js';
import { MemoryQuotaCounter } from '../../../platform/quota-memory.js';
import { readProblem } from '../shared.js';

const UPSTREAM = 'group-a/express';

export interface ExpressHttpClientOptions {
  config: GroupAExpressConfig;
  timeouts: HttpTimeouts;
  retryBaseDelayMs: number;
  metrics: Metrics;
  logger: Logger;
  /** Connections of the pool (UPSTREAM_POOL_CONNECTIONS_<UPSTREAM>, else UPSTREAM_POOL_CONNECTIONS); the client's default when absent. */
  connections?: number;
  /** Shared counter (the store's) so replicas share the daily quota; defaults to an in-process counter. */
  quotaCounter?: QuotaCounter;
  now?: () => number;
}

/**
 * The one client of the express origin: every express capability (tracking, rates, products, landed cost) calls
 * through it, so they share one undici pool and one daily quota ("500 calls a day" in the test environment counts
 * every call, whatever it asks). `limiter` is null when no daily quota is configured (production by default).
 */
export type ExpressHttpClient = UpstreamClient & { readonly limiter: QuotaLimiter | null };

/** The daily quota is per credential; the key names it by a hash, so the user name never reaches the store. */
export function expressQuotaKey(config: Pick<GroupAExpressConfig, 'username' | 'environment'>): string {
  return `${UPSTREAM}:${config.environment}:${createHash('sha256').update(config.username, 'utf8').digest('hex').slice(0, 16)}`;
}

/** "`{express_url}/expressapi`, test `{express_url}/expressapi/test`". */
export function expressBaseUrl(config: Pick<GroupAExpressConfig, 'baseUrl' | 'environment'>): string {
  const root = config.baseUrl.replace(/\/+$/, '');
  return `${root}${config.environment === 'test' ? '/expressapi/test' : '/expressapi'}`;
}

/**
 * HTTP Basic sent pre-emptively. With a daily quota (the test environment's 500 a day by default), every HTTP attempt
 * (retries included) reserves one call first; a spent day answers UPSTREAM_RATE_LIMITED with retryAt (next 00:00 UTC)
 * without calling.
 */
export function createExpressHttpClient(options: ExpressHttpClientOptions): ExpressHttpClient {
  const dailyQuota = options.config.dailyQuota ?? null;
  const limiter =
    dailyQuota === null
      ? null
      : new QuotaLimiter({
          upstream: UPSTREAM,
          key: expressQuotaKey(options.config),
          rule: { minIntervalMs: 0, dailyLimit: dailyQuota },
          counter: options.quotaCounter ?? new MemoryQuotaCounter(),
          maxWaitMs: 0,
          metrics: options.metrics,
          ...(options.now ? { now: options.now } : {}),
        });
  const client = new UpstreamClient({
    upstream: UPSTREAM,
    baseUrl: expressBaseUrl(options.config),
    auth: basicAuth(options.config.username, options.config.password),
    timeouts: options.timeouts,
    metrics: options.metrics,
    logger: options.logger,
    readError: readProblem,
    retryBaseDelayMs: options.retryBaseDelayMs,
    ...(options.connections !== undefined ? { connections: options.connections } : {}),
    ...(limiter ? { beforeAttempt: () => limiter.acquire() } : {}),
  });
  return Object.assign(client, { limiter });
}
