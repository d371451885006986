import type { GroupAEcommerceConfig, GroupAExpressConfig, GroupATrackingConfig } from '../../platform/config.js';
import type { HttpTimeouts } from '../../platform/http/upstream-client.js';
import type { Logger } from '../../platform/logger.js';
import type { Metrics } from '../../platform/metrics.js';
import type { QuotaCounter } from '../../platform/quota.js';
import type { TrackingConnector } from '../types.js';
import { EcommerceTrackingConnector } from './ecommerce/connector.js';
import { ExpressTrackingConnector } from './express/connector.js';
import type { TrackingCache } from './unified/cache.js';
import { UnifiedTrackingConnector } from './unified/connector.js';

export type { TrackingCache } from './unified/cache.js';
export { MemoryTrackingCache } from './unified/cache.js';
export { UnifiedTrackingConnector, unifiedQuotaKey } from './unified/connector.js';
export { ExpressTrackingConnector, expressBaseUrl } from './express/connector.js';
export { EcommerceTrackingConnector } from './ecommerce/connector.js';
export { recombineExpressEventTime } from './express/mapping.js';

export type ClosableTrackingConnector = TrackingConnector & { close(): Promise<void> };

export interface GroupAConnectorOptions {
  tracking: GroupATrackingConfig | null;
  express: GroupAExpressConfig | null;
  ecommerce: GroupAEcommerceConfig | null;
  timeouts: HttpTimeouts;
  retryBaseDelayMs: number;
  metrics: Metrics;
  logger: Logger;
  /** Shared quota counter for unified tracking (the store's across replicas); in-memory when absent. */
  quotaCounter?: QuotaCounter;
  /** Cache of unified tracking answers; in-memory TTL map (config.cacheTtlMs) when absent. */
  cache?: TrackingCache;
}

export interface GroupAConnectors {
  unified?: ClosableTrackingConnector;
  express?: ClosableTrackingConnector;
  ecommerce?: ClosableTrackingConnector;
  close(): Promise<void>;
}

/**
 * The three Group A interfaces, each present only when configured. Which one a request goes to is the service
 * layer's choice (express numbers to express when configured, e-commerce ids to e-commerce, the rest to unified).
 */
export function createGroupAConnectors(options: GroupAConnectorOptions): GroupAConnectors {
  const shared = {
    timeouts: options.timeouts,
    retryBaseDelayMs: options.retryBaseDelayMs,
    metrics: options.metrics,
    logger: options.logger,
  };
  const unified = options.tracking
    ? new UnifiedTrackingConnector({
        ...shared,
        config: options.tracking,
        ...(options.quotaCounter ? { quotaCounter: options.quotaCounter } : {}),
        ...(options.cache ? { cache: options.cache } : {}),
      })
    : undefined;
  const express = options.express
    ? new ExpressTrackingConnector({ ...shared, config: options.express, ...(options.quotaCounter ? { quotaCounter: options.quotaCounter } : {}) })
    : undefined;
  const ecommerce = options.ecommerce ? new EcommerceTrackingConnector({ ...shared, config: options.ecommerce }) : undefined;
  const all = [unified, express, ecommerce].filter((c): c is NonNullable<typeof c> => c !== undefined);
  return {
    ...(unified ? { unified } : {}),
    ...(express ? { express } : {}),
    ...(ecommerce ? { ecommerce } : {}),
    close: async () => {
      await Promise.all(all.map((connector) => connector.close()));
    },
  };
}
