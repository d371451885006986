import type { TrackOutcome, TrackRequest } from '../../../domain/tracking.js';
import type { GroupAExpressConfig } from '../../../platform/config.js';
import { basicAuth } from '../../../platform/http/auth.js';
import { UpstreamClient, type HttpTimeouts } from '../../../platform/http/upstream-client.js';
import type { Logger } from '../../../platform/logger.js';
import type { Metrics } from '../../../platform/metrics.js';
import type { TrackingConnector } from '../../types.js';
import { notFound, readProblem, trackEach } from '../shared.js';
import { mapExpressShipment } from './mapping.js';
import { expressTrackingAnswer } from './wire.js';

const UPSTREAM = 'group-a/express';

export interface ExpressConnectorOptions {
  config: GroupAExpressConfig;
  timeouts: HttpTimeouts;
  retryBaseDelayMs: number;
  metrics: Metrics;
  logger: Logger;
}

/** "`{express_url}/expressapi`, test `{express_url}/expressapi/test`". */
export function expressBaseUrl(config: Pick<GroupAExpressConfig, 'baseUrl' | 'environment'>): string {
  const root = config.baseUrl.replace(/\/+$/, '');
  return `${root}${config.environment === 'test' ? '/expressapi/test' : '/expressapi'}`;
}

/** Group A express tracking (interface B): HTTP Basic sent pre-emptively, `GET /tracking?shipmentTrackingNumber=`. */
export class ExpressTrackingConnector implements TrackingConnector {
  readonly upstream = UPSTREAM;
  readonly maxBatchSize = 1;
  private readonly client: UpstreamClient;

  constructor(options: ExpressConnectorOptions) {
    this.client = new UpstreamClient({
      upstream: UPSTREAM,
      baseUrl: expressBaseUrl(options.config),
      auth: basicAuth(options.config.username, options.config.password),
      timeouts: options.timeouts,
      metrics: options.metrics,
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
    const answer = await this.client.call({
      operation: 'track',
      method: 'GET',
      path: '/tracking',
      query: { shipmentTrackingNumber: request.trackingNumber },
      schema: expressTrackingAnswer,
    });
    if (answer.shipments.length === 0) return { ok: false, error: notFound(UPSTREAM) };
    const warnings = answer.warnings ?? [];
    return { ok: true, shipments: answer.shipments.map((shipment) => mapExpressShipment(shipment, warnings)) };
  }
}
