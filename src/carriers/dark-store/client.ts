import type { DarkStoreConfig } from './config.js';
import { UpstreamClient, type CarrierErrorReading, type HttpTimeouts } from '../../platform/http/upstream-client.js';
import type { Logger } from '../../platform/logger.js';
import type { Metrics } from '../../platform/metrics.js';

export interface DarkStoreClientOptions {
  config: Pick<DarkStoreConfig, 'baseUrl'>;
  timeouts: HttpTimeouts;
  retryBaseDelayMs: number;
  metrics: Metrics;
  logger: Logger;
  /** Connections of the pool (UPSTREAM_POOL_CONNECTIONS_DARK_STORE); DARK_STORE_POOL_CONNECTIONS when absent. */
  connections?: number;
}

/** One health read at a time (the monitor's rule): a small pool is plenty. */
export const DARK_STORE_POOL_CONNECTIONS = 2;

/**
 * One client for `{fulfilment_url}`, with no credential: "`/health` needs no credential", and the backend's
 * "credential scheme, token or key: not shown" (the operator's dashboard login is not an interface for us).
 */
export function createDarkStoreHttpClient(options: DarkStoreClientOptions): UpstreamClient {
  return new UpstreamClient({
    upstream: 'dark-store',
    baseUrl: options.config.baseUrl,
    timeouts: options.timeouts,
    metrics: options.metrics,
    logger: options.logger,
    retryBaseDelayMs: options.retryBaseDelayMs,
    readError: readDarkStoreError,
    connections: options.connections ?? DARK_STORE_POOL_CONNECTIONS,
  });
}

/** Unknown paths "give a plain-text 404 reading `Cannot GET /<path>`"; other error bodies: not shown. Kept short. */
export function readDarkStoreError(_status: number, body: unknown): CarrierErrorReading {
  return { carrierCode: null, message: typeof body === 'string' && body.length > 0 ? body.slice(0, 200) : null };
}
