import { OAuthClientCredentials } from '../../../platform/http/auth.js';
import { UpstreamClient } from '../../../platform/http/upstream-client.js';
import { readProblem } from '../shared.js';
const UPSTREAM = 'group-a/ecommerce';
/** "exchange `client_id` and `client_secret` at `/auth/v4/accesstoken`". */
export const ECOMMERCE_TOKEN_PATH = '/auth/v4/accesstoken';
/**
 * The one client of the e-commerce origin: client credentials, bearer on every call (cached, re-minted before expiry,
 * one mint in flight, once more on a 401). Every e-commerce capability (tracking, products, duty and tax) calls through
 * it, so they share one undici pool and one token.
 */
export function createEcommerceHttpClient(options) {
    const { config, metrics } = options;
    return new UpstreamClient({
        upstream: UPSTREAM,
        baseUrl: config.baseUrl,
        auth: (client) => new OAuthClientCredentials(client, {
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
