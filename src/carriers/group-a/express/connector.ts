import type { TrackOutcome, TrackRequest } from '../../../domain/tracking.js';
import type { QuotaLimiter } from '../../../platform/quota-limiter.js';
import type { TrackingConnector } from '../../types.js';
import { missingPayload } from '../../missing-payload.js';
import { trackEach } from '../shared.js';
import type { ExpressHttpClient } from './client.js';
import { mapExpressShipment } from './mapping.js';
import { expressTrackingAnswer } from './wire.js';

export { createExpressHttpClient, expressBaseUrl, expressQuotaKey, type ExpressHttpClient, type ExpressHttpClientOptions } from './client.js';

const UPSTREAM = 'group-a/express';

export interface ExpressConnectorOptions {
  /** The express origin's client (createExpressHttpClient), shared with every other express capability. */
  client: ExpressHttpClient;
}

/**
 * Group A express tracking (interface B): `GET /tracking?shipmentTrackingNumber=` through the express client (HTTP
 * Basic, the daily quota: src/carriers/group-a/express/client.ts).
 */
export class ExpressTrackingConnector implements TrackingConnector {
  readonly upstream = UPSTREAM;
  readonly maxBatchSize = 1;
  readonly client: ExpressHttpClient;

  constructor(options: ExpressConnectorOptions) {
    this.client = options.client;
  }

  /** The express daily quota's limiter (the client's), null when none is configured. */
  get limiter(): QuotaLimiter | null {
    return this.client.limiter;
  }

  track(requests: readonly TrackRequest[]): Promise<TrackOutcome[]> {
    return trackEach(UPSTREAM, requests, (request) => this.trackOne(request));
  }

  /** Closes the client (standalone use: tests). Inside a module the module closes its clients, each once. */
  async close(): Promise<void> {
    await this.client.close();
  }

  private async trackOne(request: TrackRequest): Promise<TrackOutcome> {
    const answer = await this.client.call({
      operation: 'track',
      method: 'GET',
      path: '/tracking',
      query: { shipmentTrackingNumber: request.trackingNumber },
      schema: expressTrackingAnswer,
    });
    if (answer.shipments.length === 0) return { ok: false, error: missingPayload(UPSTREAM, 'track', 'any shipment') };
    const warnings = answer.warnings ?? [];
    return { ok: true, shipments: answer.shipments.map((shipment) => mapExpressShipment(shipment, warnings)) };
  }
}
