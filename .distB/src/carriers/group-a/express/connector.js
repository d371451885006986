import { missingPayload } from '../../missing-payload.js';
import { trackEach } from '../shared.js';
import { mapExpressShipment } from './mapping.js';
import { expressTrackingAnswer } from './wire.js';
export { createExpressHttpClient, expressBaseUrl, expressQuotaKey } from './client.js';
const UPSTREAM = 'group-a/express';
/**
 * Group A express tracking (interface B): `GET /tracking?shipmentTrackingNumber=` through the express client (HTTP
 * Basic, the daily quota: src/carriers/group-a/express/client.ts).
 */
export class ExpressTrackingConnector {
    upstream = UPSTREAM;
    maxBatchSize = 1;
    client;
    constructor(options) {
        this.client = options.client;
    }
    /** The express daily quota's limiter (the client's), null when none is configured. */
    get limiter() {
        return this.client.limiter;
    }
    track(requests) {
        return trackEach(UPSTREAM, requests, (request) => this.trackOne(request));
    }
    /** Closes the client (standalone use: tests). Inside a module the module closes its clients, each once. */
    async close() {
        await this.client.close();
    }
    async trackOne(request) {
        const answer = await this.client.call({
            operation: 'track',
            method: 'GET',
            path: '/tracking',
            query: { shipmentTrackingNumber: request.trackingNumber },
            schema: expressTrackingAnswer,
        });
        if (answer.shipments.length === 0)
            return { ok: false, error: missingPayload(UPSTREAM, 'track', 'any shipment') };
        const warnings = answer.warnings ?? [];
        return { ok: true, shipments: answer.shipments.map((shipment) => mapExpressShipment(shipment, warnings)) };
    }
}
