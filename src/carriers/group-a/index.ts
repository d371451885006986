import type { CarrierInterface } from '../../domain/carrier.js';
import { poolConnectionsFor } from '../../platform/config.js';
import { groupAConfigSection } from './config.js';
import { groupAPolicies } from './policies.js';
import { groupASandbox } from './sandbox.js';
import type { TrackRequest } from '../../domain/tracking.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type {
  AddressCapabilityConnector,
  DocumentConnector,
  HealthConnector,
  LandedCostConnector,
  LinkedDocumentConnector,
  PickupConnector,
  PostalValidationConnector,
  RatingConnector,
  ReturnsConnector,
  ServicePointConnector,
  ShippingConnector,
  TenderingConnector,
  TrackingCapability,
  TrackingConnector,
  TrackingInterface,
  WatchRefusal,
} from '../types.js';
import type { CarrierCapabilities, CarrierModule, CarrierModuleDeps } from '../module-contract.js';
import { createEcommerceHttpClient } from './ecommerce/client.js';
import { EcommerceTrackingConnector } from './ecommerce/connector.js';
import { EcommerceDutyTaxConnector } from './ecommerce/duty-tax.js';
import { EcommerceRatingConnector } from './ecommerce/rating.js';
import { ecommerceShippingCapabilities } from './ecommerce/shipping-capabilities.js';
import { createExpressHttpClient } from './express/client.js';
import { ExpressTrackingConnector } from './express/connector.js';
import { ExpressLandedCostConnector } from './express/landed-cost.js';
import { ExpressRatingConnector } from './express/rating.js';
import { ExpressShippingConnector } from './express/ship.js';
import { ExpressDocumentConnector } from './express/documents-connector.js';
import { ExpressServicePointConnector } from './express/servicepoint.js';
import { ExpressAddressCapabilityConnector } from './express/address-validate.js';
import { ExpressPickupConnector } from './express/pickup.js';
import { UnifiedTrackingConnector } from './unified/connector.js';
import { UnifiedLinkedDocuments } from './unified/linked-documents.js';
import { divisionLookup, StatusRefinement, type DivisionTracking } from './status-refinement.js';

export type { TrackingCache } from './unified/cache.js';
export { MemoryTrackingCache } from './unified/cache.js';
export { UnifiedTrackingConnector, unifiedQuotaKey } from './unified/connector.js';
export { ExpressTrackingConnector } from './express/connector.js';
export { createExpressHttpClient, expressBaseUrl, type ExpressHttpClient } from './express/client.js';
export { EcommerceTrackingConnector } from './ecommerce/connector.js';
export { createEcommerceHttpClient } from './ecommerce/client.js';
export { recombineExpressEventTime } from './express/mapping.js';

/**
 * Group A's tracking rule: express numbers go to the express interface when it is configured (it has no 1-per-5-s
 * quota); e-commerce ids go to the e-commerce interface; everything else to unified tracking.
 */
export function groupATrackingRoute(request: TrackRequest, configured: ReadonlySet<CarrierInterface>): CarrierInterface {
  if (request.division === 'express' && configured.has('group-a/express')) return 'group-a/express';
  if (request.division === 'ecommerce' && request.ecommerceIdType && configured.has('group-a/ecommerce')) return 'group-a/ecommerce';
  // The caller's own package id is known only to the e-commerce interface, never to unified tracking.
  if (request.ecommerceIdType === 'PACKAGE_ID') return 'group-a/ecommerce';
  return 'group-a/tracking';
}

/**
 * Unified tracking pushes status changes to our webhook (seed 000): a lookup it would answer is followed by a push
 * subscription, never polled by a watch. Which field to fix, and why, depends on what the lookup named.
 */
function unifiedPushesInstead(request: TrackRequest): WatchRefusal {
  const why =
    request.division === 'express'
      ? 'the Group A express interface is not configured, so this number would be tracked by the unified interface'
      : request.division === 'ecommerce'
        ? 'an e-commerce package is watched through the e-commerce interface, which needs ecommerceIdType (PACKAGE_ID or CARRIER_PACKAGE_ID)'
        : 'Group A numbers without division express or ecommerce are tracked by the unified interface';
  return {
    field: request.division === 'ecommerce' ? 'ecommerceIdType' : 'division',
    message:
      `${why}; the unified interface pushes status changes, so subscribe with a push subscription instead. ` +
      'Watchers poll carriers without push: CARRIER_B, and GROUP_A with division express or ecommerce',
  };
}

/**
 * Group A's tracking over the given interfaces (the module's; tests pass their own connectors). `refinement`: the
 * divisions' finer reading of pushed unified statuses (docs/assumptions.md OS1), when a division interface is configured.
 */
export function groupATracking(interfaces: ReadonlyArray<TrackingInterface | TrackingConnector>, refinement: StatusRefinement | null = null): TrackingCapability {
  const tracking = interfaces.map((i): TrackingInterface => ('connector' in i ? i : { upstream: i.upstream, connector: i }));
  const configured = new Set<CarrierInterface>(tracking.map((t) => t.upstream));
  return {
    carrier: 'GROUP_A',
    interfaces: tracking,
    // Its ids carry the division (the unified `service`), whichever interface answered.
    hasDivisions: true,
    route: (request) => groupATrackingRoute(request, configured),
    unwatchable: (request) => (groupATrackingRoute(request, configured) === 'group-a/tracking' ? unifiedPushesInstead(request) : null),
    // An e-commerce id carries the carrier's package id (assumption I1): asked on the e-commerce interface when it is
    // configured, so it does not spend unified tracking's quota.
    lookupForShipmentId: (request) =>
      request.division === 'ecommerce' && configured.has('group-a/ecommerce') ? { ...request, ecommerceIdType: 'CARRIER_PACKAGE_ID' } : request,
    ...(refinement ? { refinePushed: (changes) => refinement.refineChanges(changes) } : {}),
  };
}

/**
 * Group A: unified tracking, express and e-commerce, each present only when its section is configured. Each
 * interface has ONE client (one undici pool, one auth, one quota), handed to every capability of that interface.
 * Adding a capability is one line in its list below, built from the interface's client.
 */
export const groupAModule: CarrierModule = {
  carrier: 'GROUP_A',
  config: groupAConfigSection,
  upstreams: [
    { name: 'group-a/tracking', carrier: 'GROUP_A', division: 'tracking', baseUrlVariable: 'GROUP_A_TRACK_BASE_URL', poolVariable: 'UPSTREAM_POOL_CONNECTIONS_GROUP_A_TRACK', configured: (config) => config.groupATracking !== null },
    { name: 'group-a/express', carrier: 'GROUP_A', division: 'express', baseUrlVariable: 'GROUP_A_EXPRESS_BASE_URL', poolVariable: 'UPSTREAM_POOL_CONNECTIONS_GROUP_A_EXPRESS', configured: (config) => config.groupAExpress !== null },
    { name: 'group-a/ecommerce', carrier: 'GROUP_A', division: 'ecommerce', baseUrlVariable: 'GROUP_A_ECOM_BASE_URL', poolVariable: 'UPSTREAM_POOL_CONNECTIONS_GROUP_A_ECOM', configured: (config) => config.groupAEcommerce !== null },
  ],
  sandbox: groupASandbox,
  policies: groupAPolicies,
  build(deps: CarrierModuleDeps): CarrierCapabilities {
    const { config } = deps;
    const platform = { timeouts: deps.timeouts, retryBaseDelayMs: deps.retryBaseDelayMs, metrics: deps.metrics, logger: deps.logger };
    const quota = deps.quotaCounter ? { quotaCounter: deps.quotaCounter } : {};

    const expressClient = config.groupAExpress ? createExpressHttpClient({ ...platform, ...quota, config: config.groupAExpress, connections: poolConnectionsFor(config.http, 'group-a/express') }) : null;
    const ecommerceClient = config.groupAEcommerce ? createEcommerceHttpClient({ ...platform, config: config.groupAEcommerce, connections: poolConnectionsFor(config.http, 'group-a/ecommerce') }) : null;
    const expressTracking = expressClient ? new ExpressTrackingConnector({ client: expressClient }) : null;
    const ecommerceTracking = ecommerceClient && config.groupAEcommerce ? new EcommerceTrackingConnector({ client: ecommerceClient, config: config.groupAEcommerce }) : null;
    // A unified `transit`/`failure` is read again on its division's own interface: the same connectors, clients and
    // daily quotas as that division's tracking route (docs/assumptions.md OS1).
    const divisions = new Map<string, DivisionTracking>();
    if (expressTracking) divisions.set('express', { connector: expressTracking, lookup: divisionLookup('express') });
    if (ecommerceTracking) divisions.set('ecommerce', { connector: ecommerceTracking, lookup: divisionLookup('ecommerce') });
    const refinement =
      config.groupATracking && divisions.size > 0 ? new StatusRefinement({ divisions, timeoutMs: config.groupATracking.refineTimeoutMs ?? 5_000, failures: { metrics: deps.metrics, logger: deps.logger } }) : null;
    const unified = config.groupATracking ? new UnifiedTrackingConnector({ ...platform, ...quota, config: config.groupATracking, connections: poolConnectionsFor(config.http, 'group-a/tracking'), refinement }) : null;

    const tracking: TrackingInterface[] = [];
    const rating: RatingConnector[] = [];
    const landedCost: LandedCostConnector[] = [];
    const postalValidation: PostalValidationConnector[] = [];
    const health: HealthConnector[] = [];
    const shipping: ShippingConnector[] = [];
    const documents: DocumentConnector[] = [];
    const tendering: TenderingConnector[] = [];
    const returns: ReturnsConnector[] = [];
    const linkedDocuments: LinkedDocumentConnector[] = [];
    const servicePoints: ServicePointConnector[] = [];
    const addressCapability: AddressCapabilityConnector[] = [];
    const pickups: PickupConnector[] = [];

    if (unified && config.groupATracking) {
      // Group A pushes unified tracking's status changes, so a fresh stored answer may stand for a call.
      tracking.push({ upstream: unified.upstream, connector: unified, snapshotMaxAgeMs: config.groupATracking.cacheTtlMs });
      // Its answers link the proof of delivery; the link is followed through the same client and quota (PD1).
      linkedDocuments.push(new UnifiedLinkedDocuments({ client: unified.client, baseUrl: config.groupATracking.baseUrl }));
    }
    if (expressClient && expressTracking && config.groupAExpress) {
      const express = { client: expressClient, config: config.groupAExpress };
      tracking.push({ upstream: 'group-a/express', connector: expressTracking });
      rating.push(new ExpressRatingConnector({ ...express, failures: { metrics: deps.metrics, logger: deps.logger } }));
      landedCost.push(new ExpressLandedCostConnector({ ...express, failures: { metrics: deps.metrics, logger: deps.logger } }));
      // Shipping and documents spend the same daily test quota as rating: the same client.
      shipping.push(new ExpressShippingConnector(express));
      documents.push(new ExpressDocumentConnector(express));
      // Service points, address capability and pickups (issue 10): the same client, the same daily test quota.
      servicePoints.push(new ExpressServicePointConnector(express));
      addressCapability.push(new ExpressAddressCapabilityConnector(express));
      pickups.push(new ExpressPickupConnector(express));
    }
    if (ecommerceClient && ecommerceTracking && config.groupAEcommerce) {
      const ecommerce = { client: ecommerceClient, config: config.groupAEcommerce };
      tracking.push({ upstream: 'group-a/ecommerce', connector: ecommerceTracking });
      const failures = { metrics: deps.metrics, logger: deps.logger };
      rating.push(new EcommerceRatingConnector({ ...ecommerce, failures }));
      landedCost.push(new EcommerceDutyTaxConnector({ ...ecommerce, failures }));
      // Labels, manifests and return labels: the same client (one token, one pool); only with a pickup account and DC.
      const ecommerceShipping = ecommerceShippingCapabilities(ecommerceClient, config.groupAEcommerce);
      if (ecommerceShipping) {
        shipping.push(ecommerceShipping.shipping);
        tendering.push(ecommerceShipping.tendering);
        returns.push(ecommerceShipping.returns);
      }
    }

    const clients: UpstreamClient[] = [unified?.client, expressClient, ecommerceClient].filter((c): c is UpstreamClient => c !== null && c !== undefined);
    return {
      carrier: 'GROUP_A',
      tracking: groupATracking(tracking, refinement),
      rating,
      landedCost,
      postalValidation,
      health,
      shipping,
      documents,
      tendering,
      returns,
      linkedDocuments,
      servicePoints,
      addressCapability,
      pickups,
      clients,
      close: async () => {
        await Promise.all(clients.map((client) => client.close()));
      },
    };
  },
};
