import type { RequestDeadline } from '../platform/http/deadline.js';
import type { Logger } from '../platform/logger.js';
import type { PushSubscriptionService } from '../services/realtime/push-subscriptions.js';
import type { StatusFeed } from '../services/realtime/status-feed.js';
import type { TrackingService } from '../services/tracking.js';
import type { RatingService } from '../services/rating/rating-service.js';
import type { DeliveryPromiseService } from '../services/promise/delivery-promise-service.js';
import type { LandedCostService } from '../services/landed-cost/landed-cost-service.js';
import type { ShipmentWatcher } from '../services/realtime/watcher.js';
import type { StatusLog } from '../store/status-log.js';
import type { DocumentLinks } from '../services/shipping/document-links.js';
import type { ShipperOffer, ShippingApi } from '../services/shipping/types.js';
import type { PickupsApi } from '../services/pickups/pickups-api.js';
import type { AddressesWiring } from '../services/addresses/addresses-service.js';
import type { OutboxStore } from '../store/outbox-store.js';
import type { TrackingLoaders } from './loaders.js';
import type { DivisionsOf } from '../domain/carrier.js';

/** Per-request context: services are shared, loaders are new for every request (their cache lives one request). */
export interface GraphQLContext {
  /** statusLog/statusFeed: null on a server built without a store. */
  services: { tracking: TrackingService; divisionsOf: DivisionsOf; statusLog: StatusLog | null; statusFeed: StatusFeed | null; push?: PushSubscriptionService; watcher?: ShipmentWatcher | null; rating?: RatingService; promise?: DeliveryPromiseService; landedCost?: LandedCostService; addresses?: AddressesWiring | null; shipping?: ShippingContext | null; pickups?: PickupsApi | null; analytics?: AnalyticsContext | null };
  loaders: TrackingLoaders;
  logger: Logger;
  /**
   * The request's overall deadline across its upstream calls (REQUEST_DEADLINE_MS), started when the context is made;
   * absent for subscriptions, whose events each do their own bounded work.
   */
  deadline?: RequestDeadline;
  /** Limits resolvers enforce themselves: the largest page a list field serves (MAX_PAGE_SIZE). */
  limits: { maxPageSize: number };
}

/** What the shipping resolvers need beside the service: input rules from configuration and the document URL signer. */
export interface ShippingContext {
  api: ShippingApi;
  /** Signs `Document.url` (src/services/shipping/document-links.ts). */
  links: DocumentLinks;
  /** The configured shipping connectors (carrier, division, accounts), for input checks. */
  shippers: readonly ShipperOffer[];
  /** DOCUMENT_INLINE_MAX_BYTES: the largest document `Document.base64` answers. */
  documentInlineMaxBytes: number;
}

/** The analytics outbox for `analyticsOutbox`, `analyticsDeadLetters` and `requeueAnalyticsEvent` (issue 11). */
export interface AnalyticsContext {
  outbox: OutboxStore;
  /** Whether this server exports (ANALYTICS_BRIDGE_BASE_URL set). */
  exportConfigured: boolean;
}
