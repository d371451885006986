import type { TrackOutcome, TrackRequest } from '../../../domain/tracking.js';
import type { GroupAEcommerceConfig } from '../config.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import type { TrackingConnector } from '../../types.js';
import { missingPayload } from '../../missing-payload.js';
import { trackEach } from '../shared.js';
import { mapEcommercePackage } from './mapping.js';
import { ecommerceTrackingAnswer } from './wire.js';

export { ECOMMERCE_TOKEN_PATH, createEcommerceHttpClient, type EcommerceHttpClientOptions } from './client.js';

const UPSTREAM = 'group-a/ecommerce';

export interface EcommerceConnectorOptions {
  /** The e-commerce origin's client (createEcommerceHttpClient), shared with every other e-commerce capability. */
  client: UpstreamClient;
  config: GroupAEcommerceConfig;
}

/**
 * Group A e-commerce tracking (interface C): tracking by the caller's package id or the carrier's id (assumption E1),
 * through the e-commerce client (OAuth client credentials: src/carriers/group-a/ecommerce/client.ts).
 */
export class EcommerceTrackingConnector implements TrackingConnector {
  readonly upstream = UPSTREAM;
  readonly maxBatchSize = 1;
  readonly client: UpstreamClient;

  constructor(private readonly options: EcommerceConnectorOptions) {
    this.client = options.client;
  }

  track(requests: readonly TrackRequest[]): Promise<TrackOutcome[]> {
    return trackEach(UPSTREAM, requests, (request) => this.trackOne(request));
  }

  /** Closes the client (standalone use: tests). Inside a module the module closes its clients, each once. */
  async close(): Promise<void> {
    await this.client.close();
  }

  private async trackOne(request: TrackRequest): Promise<TrackOutcome> {
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
    if (answer.packages.length === 0) return { ok: false, error: missingPayload(UPSTREAM, 'track', 'any package') };
    return { ok: true, shipments: answer.packages.map((pkg) => mapEcommercePackage(pkg, request.trackingNumber)) };
  }
}
