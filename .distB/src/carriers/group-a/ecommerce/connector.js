import { missingPayload } from '../../missing-payload.js';
import { trackEach } from '../shared.js';
import { mapEcommercePackage } from './mapping.js';
import { ecommerceTrackingAnswer } from './wire.js';
export { ECOMMERCE_TOKEN_PATH, createEcommerceHttpClient } from './client.js';
const UPSTREAM = 'group-a/ecommerce';
/**
 * Group A e-commerce tracking (interface C): tracking by the caller's package id or the carrier's id (assumption E1),
 * through the e-commerce client (OAuth client credentials: src/carriers/group-a/ecommerce/client.ts).
 */
export class EcommerceTrackingConnector {
    options;
    upstream = UPSTREAM;
    maxBatchSize = 1;
    client;
    constructor(options) {
        this.options = options;
        this.client = options.client;
    }
    track(requests) {
        return trackEach(UPSTREAM, requests, (request) => this.trackOne(request));
    }
    /** Closes the client (standalone use: tests). Inside a module the module closes its clients, each once. */
    async close() {
        await this.client.close();
    }
    async trackOne(request) {
        const { config } = this.options;
        const idType = request.ecommerceIdType ?? 'CARRIER_PACKAGE_ID';
        const param = idType === 'PACKAGE_ID' ? config.trackParamPackageId : config.trackParamCarrierId;
        const answer = await this.client.call({
            operation: 'track',
            method: 'GET',
            path: config.trackPath,
            query: { [param]: request.trackingNumber },
            schema: ecommerceTrackingAnswer,
        });
        if (answer.packages.length === 0)
            return { ok: false, error: missingPayload(UPSTREAM, 'track', 'any package') };
        return { ok: true, shipments: answer.packages.map((pkg) => mapEcommercePackage(pkg, request.trackingNumber)) };
    }
}
