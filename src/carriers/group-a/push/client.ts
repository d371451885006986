import type { Logger } from '../../../platform/logger.js';
import type { Metrics } from '../../../platform/metrics.js';
import { staticHeaderAuth } from '../../../platform/http/auth.js';
import { UpstreamClient, type HttpTimeouts } from '../../../platform/http/upstream-client.js';
import { readProblem } from '../shared.js';
import {
  createSubscriptionAnswer,
  deleteSubscriptionAnswer,
  verifySubscriptionAnswer,
  type CreateSubscriptionAnswer,
  type VerifySubscriptionAnswer,
} from './wire.js';

export interface GroupAPushClientOptions {
  /** "base is the same host family" as unified tracking (`{track_url}`). */
  baseUrl: string;
  /** "same header": `Carrier-API-Key`. */
  apiKey: string;
  subscriptionsPath: string;
  timeouts: HttpTimeouts;
  retryBaseDelayMs: number;
  metrics: Metrics;
  logger: Logger;
}

export interface CreateSubscriptionRequest {
  type: 'trackingNumber' | 'customerAccount';
  value: string;
  service: string | null;
  callbackUrl: string;
}

/** Group A push interface: create, verify and delete a subscription (assumption P1-P2). */
export class GroupAPushClient {
  private readonly http: UpstreamClient;
  private readonly path: string;

  constructor(options: GroupAPushClientOptions) {
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
  async create(request: CreateSubscriptionRequest): Promise<CreateSubscriptionAnswer> {
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
  async verify(carrierSubscriptionId: string, validationSecret: string): Promise<VerifySubscriptionAnswer> {
    return this.http.call({
      operation: 'push verify subscription',
      method: 'POST',
      path: `${this.path}/${encodeURIComponent(carrierSubscriptionId)}/verify`,
      json: { validationSecret },
      schema: verifySubscriptionAnswer,
      idempotent: true,
    });
  }

  async delete(carrierSubscriptionId: string): Promise<void> {
    await this.http.call({
      operation: 'push delete subscription',
      method: 'DELETE',
      path: `${this.path}/${encodeURIComponent(carrierSubscriptionId)}`,
      schema: deleteSubscriptionAnswer,
    });
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}
