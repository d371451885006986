import { buildRegistry, CARRIER_MODULES, type CarrierRegistry } from '../carriers/registry.js';
import type { CarrierModule } from '../carriers/module-contract.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { Metrics } from '../platform/metrics.js';
import type { QuotaCounter } from '../platform/quota.js';
import { recordUpstreamFailure } from '../platform/upstream-failures.js';
import { SnapshotTrackingConnector } from '../services/realtime/snapshot-tracking.js';
import { StatusFeed } from '../services/realtime/status-feed.js';
import { StoredShipments } from '../services/stored-shipments.js';
import { ShipmentWatcher } from '../services/realtime/watcher.js';
import { watcherSettingsFor } from '../services/realtime/watcher-settings.js';
import { TrackingService } from '../services/tracking.js';
import { RatingService } from '../services/rating/rating-service.js';
import { createRatingMetrics } from '../services/rating/rating-metrics.js';
import { LandedCostService } from '../services/landed-cost/landed-cost-service.js';
import { DeliveryPromiseService } from '../services/promise/delivery-promise-service.js';
import { StatusLog } from '../store/status-log.js';
import type { Store } from '../store/store.js';
import { ShippingService } from '../services/shipping/shipping-service.js';
import { PickupsService } from '../services/pickups/pickups-service.js';
import type { PushSubscriptionService } from '../services/realtime/push-subscriptions.js';
import { AddressesService, type AddressesWiring } from '../services/addresses/addresses-service.js';
import { AnalyticsExporter } from '../services/analytics/exporter.js';
import { createBridgeClient } from '../services/analytics/bridge-client.js';
import { exportMetrics } from '../services/analytics/export-metrics.js';
import { shapeEvent } from '../services/analytics/shape.js';
import { OutboxStore } from '../store/outbox-store.js';
import { RetentionJob } from '../services/retention/retention-job.js';
import { lookupReferenceAcrossCarriers, trackFromBirth } from './shipping-wiring.js';

/** The services one server runs on, built from configuration; `close()` releases every upstream pool. */
export interface Services {
  /** Every carrier module's capabilities (rating, landed cost, postal validation, health, tracking routes). */
  registry: CarrierRegistry;
  tracking: TrackingService;
  /** Rate shopping and serviceability over the registry's rating connectors. */
  rating: RatingService;
  /** The earliest credible delivery: the dark store's 2-4 hours or the couriers' options (issue 8 item 5). */
  promise: DeliveryPromiseService;
  /** Duty and tax estimates over the registry's landed-cost connectors. */
  landedCost: LandedCostService;
  /** Address resolution, service points and email notifications (issue 10); needs no store. */
  addresses: AddressesWiring;
  /** The durable status-change log and the process-wide feed over it; null without a store. */
  statusLog: StatusLog | null;
  /** Not started here: `await statusFeed.start()` before serving (startServer does). */
  statusFeed: StatusFeed | null;
  /** Polling watchers over the store; null without a store. Not started here: startServer starts it. */
  watcher: ShipmentWatcher | null;
  /** Label purchases, tendering, returns and documents (issue 9); null without a store. Its worker: startServer. */
  shipping: ShippingService | null;
  /** Pickups over the registry's pickup connectors (issue 10); null without a store. No worker of its own. */
  pickups: PickupsService | null;
  /** The analytics outbox (issue 11): its state and dead letters for GraphQL; null without a store. */
  outbox: OutboxStore | null;
  /** Sends the outbox to the analytics bridge; null without a store or without ANALYTICS_BRIDGE_BASE_URL. startServer starts it. */
  analyticsExporter: AnalyticsExporter | null;
  /** Deletes what is past its lifetime, in small batches (RETENTION_*); null without a store. startServer starts it. */
  retention: RetentionJob | null;
  /** Group A push for labels tracked from birth: the push runtime is built after the services (startServer). */
  attachPush(push: { subscriptions: PushSubscriptionService; configured: boolean }): void;
  close(): Promise<void>;
}

export interface ServiceDeps {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  /** Shared quota counter (the store's, so replicas share Group A's quota); in-memory when absent. */
  quotaCounter?: QuotaCounter;
  /** The store: enables the status log, the feed, and tracking answers from fresh snapshots. */
  store?: Store;
  /** Sandbox mode: watchers poll every few seconds by default (the simulators' clock runs fast). */
  sandboxMode?: boolean;
  /** The carrier modules; default the registry's list (a test's server may add a module of its own). */
  modules?: readonly CarrierModule[];
}

/** Labels one worker pass claims at most (a pass is bounded work; the next pass takes the rest). */
const SHIPPING_WORKER_BATCH = 50;

export function createServices({ config, logger, metrics, quotaCounter, store, sandboxMode, modules = CARRIER_MODULES }: ServiceDeps): Services {
  const statusLog = store ? new StatusLog(store) : null;
  const statusFeed =
    store && statusLog
      ? new StatusFeed(store, statusLog, { pollIntervalMs: config.limits.statusFeedPollIntervalMs, onError: (err: unknown) => logger.warn({ err }, 'status feed: reading the log failed; next notification or poll retries') })
      : null;
  const timeouts = {
    connectTimeoutMs: config.http.connectTimeoutMs,
    headersTimeoutMs: config.http.headersTimeoutMs,
    bodyTimeoutMs: config.http.bodyTimeoutMs,
  };
  const retryBaseDelayMs = config.http.retryBaseDelayMs;
  const registry = buildRegistry({
    config,
    timeouts,
    retryBaseDelayMs,
    metrics,
    logger,
    ...(quotaCounter ? { quotaCounter } : {}),
    // An interface the carrier pushes (Group A unified tracking) answers from fresh stored snapshots when there is a store.
    decorateTracking: ({ connector, snapshotMaxAgeMs }) =>
      statusLog && snapshotMaxAgeMs !== undefined
        ? new SnapshotTrackingConnector(connector, statusLog, {
            maxAgeMs: snapshotMaxAgeMs,
            onStoreError: (err, operation) => logger.warn({ err, operation }, 'tracking snapshot store failed; asking upstream'),
          })
        : connector,
  }, modules);
  const tracking = new TrackingService({
    routes: registry.tracking,
    divisions: registry.divisions,
    maxNumbersPerRequest: config.server.maxTrackingNumbersPerRequest,
    sharing: config.trackingSharing,
    onFailure: (error) => recordUpstreamFailure(error, { metrics, logger }),
    stored: statusLog
      ? new StoredShipments(statusLog, {
          maxAgeMs: config.server.entityStoreMaxAgeMs,
          onStoreError: (err) => logger.warn({ err }, 'stored shipment read failed; asking the carrier'),
        })
      : null,
  });
  const rating = new RatingService({
    connectors: registry.ratingConnectors,
    postalValidators: registry.postalValidators,
    carrierDeadlineMs: config.rating.carrierDeadlineMs,
    cacheTtlMs: config.rating.cacheTtlMs,
    cacheMaxEntries: config.rating.cacheMaxEntries,
    input: { expressAccountNumbers: registry.rateAccounts, divisions: registry.divisions },
    onFailure: (error) => recordUpstreamFailure(error, { metrics, logger }),
    onAnswer: createRatingMetrics(metrics.registry),
    onUnexpected: (err, connector) => logger.error({ err, upstream: connector.upstream }, 'rating connector rejected (a bug): shown as its failure'),
  });
  const landedCost = new LandedCostService({
    connectors: registry.landedCostConnectors,
    input: { expressAccountNumbers: registry.rateAccounts },
    carrierDeadlineMs: config.rating.carrierDeadlineMs,
    onFailure: (error) => recordUpstreamFailure(error, { metrics, logger }),
    onUnexpected: (err, connector) => logger.error({ err, upstream: connector.upstream }, 'landed-cost connector rejected (a bug): shown as its failure'),
  });
  const addressSettings = config.addresses ?? { maxInputsPerRequest: 500, cacheTtlSeconds: 300, cacheMaxEntries: 10_000 };
  const addresses: AddressesWiring = {
    api: new AddressesService({
      resolution: registry.addressResolutionConnectors,
      capability: registry.addressCapabilityConnectors,
      postal: registry.postalValidators,
      servicePoints: registry.servicePointConnectors,
      notifications: registry.notificationConnectors,
      carrierDeadlineMs: config.rating.carrierDeadlineMs,
      cache: { ttlMs: addressSettings.cacheTtlSeconds * 1000, maxEntries: addressSettings.cacheMaxEntries },
      onFailure: (error) => recordUpstreamFailure(error, { metrics, logger }),
      onUnexpected: (err, upstream) => logger.error({ err, upstream }, 'address connector rejected (a bug): shown as its failure'),
    }),
    maxInputsPerRequest: addressSettings.maxInputsPerRequest,
  };
  const promise = new DeliveryPromiseService({ sameDay: registry.promiseSource, rating });
  const watcher =
    store && statusLog
      ? new ShipmentWatcher({ store, statusLog, tracking, logger, metrics, settings: watcherSettingsFor(config.watchers, sandboxMode ?? false) })
      : null;
  let push: { subscriptions: PushSubscriptionService; configured: boolean } | null = null;
  const shipping = store
    ? new ShippingService({
        store,
        shipping: registry.shippingConnectors,
        tendering: registry.tenderingConnectors,
        returns: registry.returnsConnectors,
        documents: registry.documentConnectors,
        linkedDocuments: registry.linkedDocumentConnectors,
        settings: { ...config.shipping, workerBatch: SHIPPING_WORKER_BATCH },
        logger,
        metrics,
        lookupReference: lookupReferenceAcrossCarriers(tracking, registry.tracking.carriersWithReferences),
        // Tracked from birth (issue 9 item 8): a snapshot, then a push subscription or a watch, as the label's module says.
        onPurchased: trackFromBirth({ statusLog, watcher, push: () => push, policiesOf: registry.policiesOf, logger }),
      })
    : null;
  const pickups = store
    ? new PickupsService({ store, connectors: registry.pickupConnectors, settings: { idempotencyTtlHours: config.shipping.idempotencyTtlHours, leaseMs: config.shipping.leaseMs }, logger })
    : null;
  const outbox = store ? new OutboxStore(store) : null;
  // On /metrics when the bridge is configured (a lag without export would only grow); written and lag come from the
  // store, so a replica with ANALYTICS_EXPORT_ENABLED=false shows them too.
  const exportCounters = outbox && config.analytics ? exportMetrics(metrics.registry, () => outbox.state()) : null;
  const bridge = store && config.analytics ? createBridgeClient({ config: config.analytics, timeouts, metrics, logger }) : null;
  const analyticsExporter =
    store && bridge && exportCounters && config.analytics
      ? new AnalyticsExporter({
          store,
          client: bridge,
          shape: shapeEvent,
          policy: { personalDataAllowList: config.analytics.personalDataAllowList },
          settings: config.analyticsExport ?? { intervalMs: 1_000, batchSize: 200, leaseMs: 60_000, retryBaseMs: 1_000, retryMaxMs: 300_000, unauthorizedRetryMs: 600_000 },
          metrics: exportCounters,
          logger,
          registry: metrics.registry,
        })
      : null;
  const retention =
    store && config.retention
      ? new RetentionJob({
          store,
          settings: config.retention,
          logger,
          registry: metrics.registry,
          ...(statusFeed ? { statusLogFloor: () => statusFeed.lowestPositionInUse() } : {}),
        })
      : null;
  return {
    registry,
    tracking,
    rating,
    promise,
    landedCost,
    addresses,
    statusLog,
    statusFeed,
    watcher,
    shipping,
    pickups,
    outbox,
    analyticsExporter,
    retention,
    attachPush(runtime) {
      push = runtime;
    },
    async close() {
      // The label worker first: its pass may still write labels and call carriers (idempotent: startServer stops it too).
      await shipping?.stop();
      await analyticsExporter?.stop();
      await retention?.stop();
      await bridge?.close();
      await watcher?.stop();
      await statusFeed?.close();
      await registry.close();
    },
  };
}
