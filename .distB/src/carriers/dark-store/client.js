import { UpstreamClient } from '../../platform/http/upstream-client.js';
/** One health read at a time (the monitor's rule): a small pool is plenty. */
export const DARK_STORE_POOL_CONNECTIONS = 2;
/**
 * One client for `{fulfilment_url}`, with no credential: "`/health` needs no credential", and the backend's
 * "credential scheme, token or key: not shown" (the operator's dashboard login is not an interface for us).
 */
export function createDarkStoreHttpClient(options) {
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
export function readDarkStoreError(_status, body) {
    return { carrierCode: null, message: typeof body === 'string' && body.length > 0 ? body.slice(0, 200) : null };
}
