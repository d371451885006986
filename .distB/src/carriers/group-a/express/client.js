import { createHash } from 'node:crypto';
import { basicAuth } from '../../../platform/http/auth.js';
import { UpstreamClient } from '../../../platform/http/upstream-client.js';
import { QuotaLimiter } from '../../../platform/quota-limiter.js';
import { MemoryQuotaCounter } from '../../../platform/quota-memory.js';
import { readProblem } from '../shared.js';
const UPSTREAM = 'group-a/express';
/** The daily quota is per credential; the key names it by a hash, so the user name never reaches the store. */
export function expressQuotaKey(config) {
    return `${UPSTREAM}:${config.environment}:${createHash('sha256').update(config.username, 'utf8').digest('hex').slice(0, 16)}`;
}
/** "`{express_url}/expressapi`, test `{express_url}/expressapi/test`". */
export function expressBaseUrl(config) {
    const root = config.baseUrl.replace(/\/+$/, '');
    return `${root}${config.environment === 'test' ? '/expressapi/test' : '/expressapi'}`;
}
/**
 * HTTP Basic sent pre-emptively. With a daily quota (the test environment's 500 a day by default), every HTTP attempt
 * (retries included) reserves one call first; a spent day answers UPSTREAM_RATE_LIMITED with retryAt (next 00:00 UTC)
 * without calling.
 */
export function createExpressHttpClient(options) {
    const dailyQuota = options.config.dailyQuota ?? null;
    const limiter = dailyQuota === null
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
