import { Rng } from '../core/prng.js';
import { FAMILY_NAMES, GIVEN_NAMES, ORGANIZATIONS, STREETS } from './names.js';
import { buildPlan, visibleSteps } from './plan.js';
import { GROUND_PLACES, US_PLACES, WORLD_HUBS, WORLD_PLACES } from './places.js';
export function buildShipment(seed, epoch, spec) {
    const rng = Rng.of(seed, spec.key);
    const { origin, hub, destination } = chooseRoute(rng, spec.network);
    const pieceCount = rng.int(1, maxPieces(spec.network));
    const pieces = Array.from({ length: pieceCount }, (_, i) => ({
        number: i + 1,
        weightKg: round1(spec.network === 'groupA-freight' ? rng.between(80, 400) : rng.between(0.3, 12)),
        lengthCm: rng.int(15, 80),
        widthCm: rng.int(10, 50),
        heightCm: rng.int(5, 40),
    }));
    return {
        key: spec.key,
        network: spec.network,
        scenario: spec.scenario,
        origin,
        hub,
        destination,
        sender: {
            organizationName: rng.pick(ORGANIZATIONS),
            contactName: `${rng.pick(GIVEN_NAMES)} ${rng.pick(FAMILY_NAMES)}`,
            streetAddress: `${rng.int(1, 480)} ${rng.pick(STREETS)}`,
        },
        receiver: {
            givenName: rng.pick(GIVEN_NAMES),
            familyName: rng.pick(FAMILY_NAMES),
            streetAddress: `${rng.int(1, 480)} ${rng.pick(STREETS)}`,
        },
        pieces,
        totalWeightKg: round1(pieces.reduce((sum, p) => sum + p.weightKg, 0)),
        orderReference: spec.orderReference ?? `ORDER-${rng.int(100000, 999999)}`,
        declaredValue: { amount: rng.int(20, 900), currency: origin.countryCode === 'US' ? 'USD' : 'EUR' },
        steps: buildPlan(rng, spec.scenario, { origin, hub, destination }, epoch, spec.extraAgeHours ?? 0),
    };
}
export function shipmentProgress(shipment, now) {
    const visible = visibleSteps(shipment.steps, now);
    const latest = visible.at(-1);
    const delivered = visible.find((s) => s.kind === 'DELIVERED');
    const plannedDelivery = shipment.steps.findLast((s) => s.kind === 'DELIVERED');
    return {
        visible,
        latest,
        estimatedDelivery: delivered || !plannedDelivery ? undefined : plannedDelivery.at,
        deliveredAt: delivered?.at,
        pickedUpAt: visible.find((s) => s.kind === 'PICKED_UP')?.at,
        returning: visible.some((s) => s.kind === 'RETURN_TO_SENDER' || s.kind === 'RETURNED'),
    };
}
function chooseRoute(rng, network) {
    if (network === 'carrierB-ground' || network === 'groupA-ecommerce') {
        const places = network === 'carrierB-ground' ? GROUND_PLACES : US_PLACES;
        const origin = rng.pick(places);
        // Island and mainland places are only linked by air, so e-commerce parcels stay within one region.
        const sameRegion = places.filter((p) => p.region === origin.region && p !== origin);
        const destination = rng.pick(sameRegion.length > 0 ? sameRegion : places.filter((p) => p !== origin));
        const hubs = places.filter((p) => p.region === origin.region && p !== origin && p !== destination);
        return { origin, hub: hubs.length > 0 ? rng.pick(hubs) : origin, destination };
    }
    const origin = rng.pick(WORLD_PLACES);
    const destination = rng.pick(WORLD_PLACES.filter((p) => p.countryCode !== origin.countryCode));
    const hubs = WORLD_HUBS.filter((p) => p !== origin && p !== destination);
    return { origin, hub: rng.pick(hubs), destination };
}
function maxPieces(network) {
    return network === 'groupA-ecommerce' ? 1 : network === 'groupA-freight' || network === 'carrierB-ground' ? 2 : 3;
}
export function round1(n) {
    return Math.round(n * 10) / 10;
}
