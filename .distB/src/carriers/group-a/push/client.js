import { staticHeaderAuth } from '../../../platform/http/auth.js';
import { UpstreamClient } from '../../../platform/http/upstream-client.js';
import { readProblem } from '../shared.js';
import { createSubscriptionAnswer, deleteSubscriptionAnswer, verifySubscriptionAnswer, } from './wire.js';
/** Group A push interface: create, verify and delete a subscription (assumption P1-P2). */
export class GroupAPushClient {
    http;
    path;
    constructor(options) {
        this.path = options.subscriptionsPath.replace(/\/+$/, '');
        this.http = new UpstreamClient({
            upstream: 'group-a/tracking',
            baseUrl: options.baseUrl,
            auth: staticHeaderAuth('Carrier-API-Key', options.apiKey),
            timeouts: options.timeouts,
            metrics: options.metrics,
            logger: options.logger,
            readError: readProblem,
            retryBaseDelayMs: options.retryBaseDelayMs,
            connections: 4,
        });
    }
    /** Not idempotent: a retried create could subscribe twice, so only the client's 429 handling applies. */
    async create(request) {
        return this.http.call({
            operation: 'push create subscription',
            method: 'POST',
            path: this.path,
            json: {
                type: request.type,
                value: request.value,
                ...(request.service ? { service: request.service } : {}),
                callbackUrl: request.callbackUrl,
            },
            schema: createSubscriptionAnswer,
        });
    }
    /** Verifying with the same secret twice is harmless, so it may be retried. */
    async verify(carrierSubscriptionId, validationSecret) {
        return this.http.call({
            operation: 'push verify subscription',
            method: 'POST',
            path: `${this.path}/${encodeURIComponent(carrierSubscriptionId)}/verify`,
            json: { validationSecret },
            schema: verifySubscriptionAnswer,
            idempotent: true,
        });
    }
    async delete(carrierSubscriptionId) {
        await this.http.call({
            operation: 'push delete subscription',
            method: 'DELETE',
            path: `${this.path}/${encodeURIComponent(carrierSubscriptionId)}`,
            schema: deleteSubscriptionAnswer,
        });
    }
    async close() {
        await this.http.close();
    }
}
