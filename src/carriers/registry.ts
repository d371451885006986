import type { Carrier } from '../domain/carrier.js';
import { InputError } from '../domain/errors.js';
import type { UpstreamClient } from '../platform/http/upstream-client.js';
import { carrierBModule } from './carrier-b/index.js';
import { darkStoreModule } from './dark-store/index.js';
import { groupAModule } from './group-a/index.js';
import type { CarrierPolicies, CarrierUpstream } from './module-contract.js';
import type {
  AddressCapabilityConnector,
  DarkStorePromiseSource,
  AddressResolutionConnector,
  NotificationConnector,
  PickupConnector,
  ServicePointConnector,
  DocumentConnector,
  HealthConnector,
  LinkedDocumentConnector,
  LandedCostConnector,
  PostalValidationConnector,
  RatingConnector,
  ReturnsConnector,
  ShippingConnector,
  TenderingConnector,
  TrackingCapability,
  TrackingConnector,
  TrackingDirectory,
  TrackingInterface,
} from './types.js';
import type { CarrierCapabilities, CarrierModule, CarrierModuleDeps } from './module-contract.js';

/**
 * Every carrier module: the only place that names them all. Adding a carrier is one folder under src/carriers, one line
 * here, its configuration section and its simulator; no service or resolver changes.
 */
export const CARRIER_MODULES: readonly CarrierModule[] = [
  groupAModule,
  carrierBModule,
  darkStoreModule,
];

export interface RegistryDeps extends CarrierModuleDeps {
  /**
   * Wraps a tracking connector before the registry routes to it (the composition root answers pushed interfaces from
   * the store's snapshots: src/services/realtime/snapshot-tracking.ts). Identity when absent.
   */
  decorateTracking?: (tracking: TrackingInterface) => TrackingConnector;
}

/** What every configured module offers, as flat lists the services iterate, and the routes tracking asks for. */
export interface CarrierRegistry {
  /** One entry per module, configured or not (empty lists when nothing of it is configured). */
  readonly modules: readonly CarrierCapabilities[];
  readonly ratingConnectors: readonly RatingConnector[];
  readonly landedCostConnectors: readonly LandedCostConnector[];
  readonly postalValidators: readonly PostalValidationConnector[];
  readonly healthConnectors: readonly HealthConnector[];
  readonly shippingConnectors: readonly ShippingConnector[];
  readonly tenderingConnectors: readonly TenderingConnector[];
  readonly returnsConnectors: readonly ReturnsConnector[];
  readonly documentConnectors: readonly DocumentConnector[];
  readonly linkedDocumentConnectors: readonly LinkedDocumentConnector[];
  readonly pickupConnectors: readonly PickupConnector[];
  readonly addressResolutionConnectors: readonly AddressResolutionConnector[];
  readonly addressCapabilityConnectors: readonly AddressCapabilityConnector[];
  readonly servicePointConnectors: readonly ServicePointConnector[];
  readonly notificationConnectors: readonly NotificationConnector[];
  /** Who tracks a number (src/services/tracking.ts routes through this). */
  readonly tracking: TrackingDirectory;
  /** Every upstream client of every module: one per configured interface. */
  readonly clients: readonly UpstreamClient[];
  /** Every upstream the modules declare, configured or not (/readyz lists them). */
  readonly upstreams: readonly CarrierUpstream[];
  /** The divisions input may name, from every module's policy (Group A: GROUP_A_DIVISIONS). */
  readonly divisions: readonly string[];
  /** The divisions input may name for one carrier (its module's policy); empty: the carrier has none, omit it. */
  divisionsOf(carrier: Carrier): readonly string[];
  /** The accounts rating and landed-cost input may name, from every module's policy. */
  readonly rateAccounts: readonly string[];
  /** The first configured module's own delivery promise (the dark store's), or null. */
  readonly promiseSource: DarkStorePromiseSource | null;
  /** The policies of a carrier's module (empty when it declares none). */
  policiesOf(carrier: Carrier): CarrierPolicies;
  /** Which carrier and division an upstream speaks for, as its module declares it; null for an upstream no module declares. */
  sourceOf(upstream: string): { carrier: Carrier; division: string | null } | null;
  /** Closes every module, so every pool, once. */
  close(): Promise<void>;
}

/** Builds every module from the configuration; `modules` defaults to CARRIER_MODULES (tests pass their own list). */
export function buildRegistry(deps: RegistryDeps, modules: readonly CarrierModule[] = CARRIER_MODULES): CarrierRegistry {
  const { decorateTracking, ...moduleDeps } = deps;
  const built = modules.map((module) => module.build(moduleDeps));
  const upstreams = modules.flatMap((module) => module.upstreams);
  let closing: Promise<void> | null = null;
  return {
    modules: built,
    ratingConnectors: built.flatMap((m) => m.rating),
    landedCostConnectors: built.flatMap((m) => m.landedCost),
    postalValidators: built.flatMap((m) => m.postalValidation),
    healthConnectors: built.flatMap((m) => m.health),
    shippingConnectors: built.flatMap((m) => m.shipping ?? []),
    tenderingConnectors: built.flatMap((m) => m.tendering ?? []),
    returnsConnectors: built.flatMap((m) => m.returns ?? []),
    documentConnectors: built.flatMap((m) => m.documents ?? []),
    linkedDocumentConnectors: built.flatMap((m) => m.linkedDocuments ?? []),
    pickupConnectors: built.flatMap((m) => m.pickups ?? []),
    addressResolutionConnectors: built.flatMap((m) => m.addressResolution ?? []),
    addressCapabilityConnectors: built.flatMap((m) => m.addressCapability ?? []),
    servicePointConnectors: built.flatMap((m) => m.servicePoints ?? []),
    notificationConnectors: built.flatMap((m) => m.notifications ?? []),
    tracking: trackingRoutes(
      built.flatMap((m) => (m.tracking ? [m.tracking] : [])),
      decorateTracking,
    ),
    clients: built.flatMap((m) => m.clients),
    upstreams,
    divisions: [...new Set(modules.flatMap((m) => m.policies?.divisions?.(deps.config) ?? []))],
    divisionsOf: (carrier) => modules.find((m) => m.carrier === carrier)?.policies?.divisions?.(deps.config) ?? [],
    rateAccounts: modules.flatMap((m) => m.policies?.rateAccounts?.(deps.config) ?? []),
    promiseSource: built.find((m) => m.promiseSource)?.promiseSource ?? null,
    policiesOf: (carrier) => modules.find((m) => m.carrier === carrier)?.policies ?? {},
    sourceOf(upstream) {
      const declared = upstreams.find((u) => u.name === upstream);
      return declared ? { carrier: declared.carrier, division: declared.division } : null;
    },
    close() {
      closing ??= Promise.all(built.map((m) => m.close())).then(() => undefined);
      return closing;
    },
  };
}

/**
 * "Who tracks this number?" over the carriers' tracking capabilities: each carrier's own rule picks the interface, and
 * the interface's connector answers (decorated once, shared by every route to it). Exported for tests that track
 * through connectors they built themselves.
 */
export function trackingRoutes(
  capabilities: readonly TrackingCapability[],
  decorate?: (tracking: TrackingInterface) => TrackingConnector,
): TrackingDirectory {
  const byCarrier = new Map<Carrier, TrackingCapability>();
  for (const tracking of capabilities) byCarrier.set(tracking.carrier, tracking);
  const connectors = new Map(
    [...byCarrier.values()].flatMap((tracking) => tracking.interfaces.map((i) => [i.upstream, decorate ? decorate(i) : i.connector] as const)),
  );
  const capabilityOf = (carrier: Carrier): TrackingCapability => {
    const tracking = byCarrier.get(carrier);
    // Tracking input is checked against the carriers that track before it is routed; this is a defect guard.
    if (!tracking) throw new InputError('carrier', `${carrier} has no tracking interface`);
    return tracking;
  };
  return {
    route(request) {
      const name = capabilityOf(request.carrier).route(request);
      return { name, connector: connectors.get(name) ?? null };
    },
    lookupForShipmentId(request) {
      return capabilityOf(request.carrier).lookupForShipmentId?.(request) ?? request;
    },
    references(carrier) {
      return byCarrier.get(carrier)?.references ?? null;
    },
    carriersWithReferences: [...byCarrier.values()].filter((t) => t.references).map((t) => t.carrier),
    carriers: new Set(byCarrier.keys()),
    numbersReused: (carrier) => byCarrier.get(carrier)?.numbersReused === true,
    hasDivisions: (carrier) => byCarrier.get(carrier)?.hasDivisions === true,
    unwatchable: (request) => byCarrier.get(request.carrier)?.unwatchable?.(request) ?? null,
    async refinePushed(changes) {
      const refined = [...changes];
      for (const tracking of byCarrier.values()) {
        if (!tracking.refinePushed) continue;
        const at = refined.flatMap((change, index) => (change.carrier === tracking.carrier ? [index] : []));
        if (at.length === 0) continue;
        const answers = await tracking.refinePushed(at.map((index) => refined[index]!));
        at.forEach((index, i) => (refined[index] = answers[i] ?? refined[index]!));
      }
      return refined;
    },
  };
}
