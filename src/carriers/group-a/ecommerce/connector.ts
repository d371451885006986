import type { TrackOutcome, TrackRequest } from '../../../domain/tracking.js';
import type { GroupAEcommerceConfig } from '../../../platform/config.js';
import { OAuthClientCredentials } from '../../../platform/http/auth.js';
import { UpstreamClient, type HttpTimeouts } from '../../../platform/http/upstream-client.js';
import type { Logger } from '../../../platform/logger.js';
import type { Metrics } from '../../../platform/metrics.js';
import type { TrackingConnector } from '../../types.js';
import { missingPayload } from '../../missing-payload.js';
import { readProblem, trackEach } from '../shared.js';
import { mapEcommercePackage } from './mapping.js';
import { ecommerceTrackingAnswer } from './wire.js';

const UPSTREAM = 'group-a/ecommerce';
/** "exchange `client_id` and `client_secret` at `/auth/v4/accesstoken`". */
export const ECOMMERCE_TOKEN_PATH = '/auth/v4/accesstoken';

export interface EcommerceConnectorOptions {
  config: GroupAEcommerceConfig;
  timeouts: HttpTimeouts;
  retryBaseDelayMs: number;
  metrics: Metrics;
  logger: Logger;
}

/**
 * Group A e-commerce tracking (interface C): client credentials, bearer on every call (cached, re-minted before
 * expiry and once on a 401), tracking by the caller's package id or the carrier's id (assumption E1).
 */
export class EcommerceTrackingConnector implements TrackingConnector {
  readonly upstream = UPSTREAM;
  readonly maxBatchSize = 1;
  private readonly client: UpstreamClient;

  constructor(private readonly options: EcommerceConnectorOptions) {
    const { config, metrics } = options;
    this.client = new UpstreamClient({
      upstream: UPSTREAM,
      baseUrl: config.baseUrl,
      auth: (client) =>
        new OAuthClientCredentials(client, {
          tokenPath: ECOMMERCE_TOKEN_PATH,
          clientId: config.clientId,
          clientSecret: config.clientSecret,
          onMint: () => metrics.tokenMints.inc({ upstream: UPSTREAM }),
        }),
      timeouts: options.timeouts,
      metrics,
      logger: options.logger,
      readError: readProblem,
      retryBaseDelayMs: options.retryBaseDelayMs,
    });
  }

  track(requests: readonly TrackRequest[]): Promise<TrackOutcome[]> {
    return trackEach(UPSTREAM, requests, (request) => this.trackOne(request));
  }

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
