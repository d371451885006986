import { createCarrierBConnector } from '../carriers/carrier-b/connector.js';
import { createGroupAConnectors } from '../carriers/group-a/index.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { Metrics } from '../platform/metrics.js';
import type { QuotaCounter } from '../platform/quota.js';
import { TrackingService } from '../services/tracking.js';

/** The services one server runs on, built from configuration; `close()` releases every upstream pool. */
export interface Services {
  tracking: TrackingService;
  close(): Promise<void>;
}

export interface ServiceDeps {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  /** Shared quota counter (the store's, so replicas share Group A's quota); in-memory when absent. */
  quotaCounter?: QuotaCounter;
}

export function createServices({ config, logger, metrics, quotaCounter }: ServiceDeps): Services {
  const timeouts = {
    connectTimeoutMs: config.http.connectTimeoutMs,
    headersTimeoutMs: config.http.headersTimeoutMs,
    bodyTimeoutMs: config.http.bodyTimeoutMs,
  };
  const retryBaseDelayMs = config.http.retryBaseDelayMs;
  const carrierB = config.carrierB
    ? createCarrierBConnector({ config: config.carrierB, timeouts, retryBaseDelayMs, metrics, logger })
    : undefined;
  const groupA = createGroupAConnectors({
    tracking: config.groupATracking,
    express: config.groupAExpress,
    ecommerce: config.groupAEcommerce,
    timeouts,
    retryBaseDelayMs,
    metrics,
    logger,
    ...(quotaCounter ? { quotaCounter } : {}),
  });
  const tracking = new TrackingService({
    connectors: {
      ...(carrierB ? { carrierB } : {}),
      ...(groupA.unified ? { groupAUnified: groupA.unified } : {}),
      ...(groupA.express ? { groupAExpress: groupA.express } : {}),
      ...(groupA.ecommerce ? { groupAEcommerce: groupA.ecommerce } : {}),
    },
    divisions: config.groupADivisions,
    maxNumbersPerRequest: config.server.maxTrackingNumbersPerRequest,
  });
  return {
    tracking,
    async close() {
      await Promise.all([carrierB?.close(), groupA.close()]);
    },
  };
}
