import { createHash } from 'node:crypto';
import type { TrackOutcome, TrackRequest } from '../../../domain/tracking.js';
import type { GroupAExpressConfig } from '../../../platform/config.js';
import { basicAuth } from '../../../platform/http/auth.js';
import { UpstreamClient, type HttpTimeouts } from '../../../platform/http/upstream-client.js';
import type { Logger } from '../../../platform/logger.js';
import type { Metrics } from '../../../platform/metrics.js';
import type { QuotaCounter } from '../../../platform/quota.js';
import { QuotaLimiter } from '../../../platform/quota-limiter.js';
import { MemoryQuotaCounter } from '../../../platform/quota-memory.js';
import type { TrackingConnector } from '../../types.js';
import { missingPayload } from '../../missing-payload.js';
import { readProblem, trackEach } from '../shared.js';
import { mapExpressShipment } from './mapping.js';
import { expressTrackingAnswer } from './wire.js';

const UPSTREAM = 'group-a/express';

export interface ExpressConnectorOptions {
  config: GroupAExpressConfig;
  timeouts: HttpTimeouts;
  retryBaseDelayMs: number;
  metrics: Metrics;
  logger: Logger;
  /** Shared counter (the store's) so replicas share the daily quota; defaults to an in-process counter. */
  quotaCounter?: QuotaCounter;
  now?: () => number;
}

/** The daily quota is per credential; the key names it by a hash, so the user name never reaches the store. */
export function expressQuotaKey(config: Pick<GroupAExpressConfig, 'username' | 'environment'>): string {
  return `${UPSTREAM}:${config.environment}:${createHash('sha256').update(config.username, 'utf8').digest('hex').slice(0, 16)}`;
}

/** "`{express_url}/expressapi`, test `{express_url}/expressapi/test`". */
export function expressBaseUrl(config: Pick<GroupAExpressConfig, 'baseUrl' | 'environment'>): string {
  const root = config.baseUrl.replace(/\/+$/, '');
  return `${root}${config.environment === 'test' ? '/expressapi/test' : '/expressapi'}`;
}

/**
 * Group A express tracking (interface B): HTTP Basic sent pre-emptively, `GET /tracking?shipmentTrackingNumber=`.
 * With a daily quota (the test environment's 500 a day by default), every HTTP attempt (retries included) reserves
 * one call first; a spent day answers UPSTREAM_RATE_LIMITED with retryAt (next 00:00 UTC) without calling.
 */
export class ExpressTrackingConnector implements TrackingConnector {
  readonly upstream = UPSTREAM;
  readonly maxBatchSize = 1;
  readonly limiter: QuotaLimiter | null;
  private readonly client: UpstreamClient;

  constructor(options: ExpressConnectorOptions) {
    const dailyQuota = options.config.dailyQuota ?? null;
    this.limiter =
      dailyQuota === null
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
    const limiter = this.limiter;
    this.client = new UpstreamClient({
      upstream: UPSTREAM,
      baseUrl: expressBaseUrl(options.config),
      auth: basicAuth(options.config.username, options.config.password),
      timeouts: options.timeouts,
      metrics: options.metrics,
      logger: options.logger,
      readError: readProblem,
      retryBaseDelayMs: options.retryBaseDelayMs,
      ...(limiter ? { beforeAttempt: () => limiter.acquire() } : {}),
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
    if (answer.shipments.length === 0) return { ok: false, error: missingPayload(UPSTREAM, 'track', 'any shipment') };
    const warnings = answer.warnings ?? [];
    return { ok: true, shipments: answer.shipments.map((shipment) => mapExpressShipment(shipment, warnings)) };
  }
}
