import type { GroupAEcommerceConfig } from '../config.js';
import { OAuthClientCredentials } from '../../../platform/http/auth.js';
import { UpstreamClient, type HttpTimeouts } from '../../../platform/http/upstream-client.js';
import type { Logger } from '../../../platform/logger.js';
import type { Metrics } from '../../../platform/metrics.js';
import { readProblem } from '../shared.js';

const UPSTREAM = 'group-a/ecommerce';
/** "exchange `client_id` and `client_secret` at `/auth/v4/accesstoken`". */
export const ECOMMERCE_TOKEN_PATH = '/auth/v4/accesstoken';

export interface EcommerceHttpClientOptions {
  config: GroupAEcommerceConfig;
  timeouts: HttpTimeouts;
  retryBaseDelayMs: number;
  metrics: Metrics;
  logger: Logger;
  /** Connections of the pool (UPSTREAM_POOL_CONNECTIONS_<UPSTREAM>, else UPSTREAM_POOL_CONNECTIONS); the client's default when absent. */
  connections?: number;
  /** Clock of the token cache (tests step it to reach the re-mint point). */
  now?: () => number;
}

/**
 * The one client of the e-commerce origin: client credentials, bearer on every call (cached, re-minted before expiry,
 * one mint in flight, once more on a 401). Every e-commerce capability (tracking, products, duty and tax) calls through
 * it, so they share one undici pool and one token.
 */
export function createEcommerceHttpClient(options: EcommerceHttpClientOptions): UpstreamClient {
  const { config, metrics } = options;
  return new UpstreamClient({
    upstream: UPSTREAM,
    baseUrl: config.baseUrl,
    auth: (client) =>
      new OAuthClientCredentials(client, {
        tokenPath: ECOMMERCE_TOKEN_PATH,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        ...(options.now ? { now: options.now } : {}),
        onMint: () => metrics.tokenMints.inc({ upstream: UPSTREAM }),
      }),
    timeouts: options.timeouts,
    metrics,
    logger: options.logger,
    readError: readProblem,
    ...(options.connections !== undefined ? { connections: options.connections } : {}),
    retryBaseDelayMs: options.retryBaseDelayMs,
  });
}
