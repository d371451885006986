import { InputError } from '../domain/errors.js';
import { carrierBModule } from './carrier-b/index.js';
import { darkStoreModule } from './dark-store/index.js';
import { groupAModule } from './group-a/index.js';
/**
 * Every carrier module: the only place that names them all. Adding a carrier is one folder under src/carriers, one line
 * here, its configuration section and its simulator; no service or resolver changes.
 */
export const CARRIER_MODULES = [
    groupAModule,
    carrierBModule,
    darkStoreModule,
];
/** Builds every module from the configuration; `modules` defaults to CARRIER_MODULES (tests pass their own list). */
export function buildRegistry(deps, modules = CARRIER_MODULES) {
    const { decorateTracking, ...moduleDeps } = deps;
    const built = modules.map((module) => module.build(moduleDeps));
    let closing = null;
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
        tracking: trackingRoutes(built.flatMap((m) => (m.tracking ? [m.tracking] : [])), decorateTracking),
        clients: built.flatMap((m) => m.clients),
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
export function trackingRoutes(capabilities, decorate) {
    const byCarrier = new Map();
    for (const tracking of capabilities)
        byCarrier.set(tracking.carrier, tracking);
    const connectors = new Map([...byCarrier.values()].flatMap((tracking) => tracking.interfaces.map((i) => [i.upstream, decorate ? decorate(i) : i.connector])));
    const capabilityOf = (carrier) => {
        const tracking = byCarrier.get(carrier);
        // Tracking input is checked against the carriers that track before it is routed; this is a defect guard.
        if (!tracking)
            throw new InputError('carrier', `${carrier} has no tracking interface`);
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
    };
}
