import { Rng } from '../core/prng.js';
import { FAMILY_NAMES, GIVEN_NAMES, ORGANIZATIONS, STREETS } from './names.js';
import { buildPlan, type PlanStep, type Scenario, visibleSteps } from './plan.js';
import { GROUND_PLACES, type Place, US_PLACES, WORLD_HUBS, WORLD_PLACES } from './places.js';

/**
 * One shipment as the sandbox knows it, independent of any upstream's vocabulary. It is derived from
 * (sandbox seed, shipment key) alone, so the same shipment looks the same through every interface that shows it.
 */
export type Network = 'groupA-express' | 'groupA-ecommerce' | 'groupA-freight' | 'carrierB-express' | 'carrierB-ground';

export interface Piece {
  /** 1-based position in the shipment. */
  number: number;
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}

export interface SandboxShipment {
  key: string;
  network: Network;
  scenario: Scenario;
  origin: Place;
  hub: Place;
  destination: Place;
  sender: { organizationName: string; contactName: string; streetAddress: string };
  receiver: { givenName: string; familyName: string; streetAddress: string };
  pieces: Piece[];
  totalWeightKg: number;
  /** The caller's order id carried as a customer reference (the seeds' way of linking an order to a shipment). */
  orderReference: string;
  declaredValue: { amount: number; currency: string };
  /** The whole plan, future steps included; use `shipmentProgress` for what is visible now. */
  steps: PlanStep[];
}

export interface ShipmentSpec {
  /** Unique per shipment and stable, e.g. `groupA-express:1234567893`; seeds every derived value. */
  key: string;
  network: Network;
  scenario: Scenario;
  /** Moves the plan this many hours further back (an older shipment that reused the same number). */
  extraAgeHours?: number;
  orderReference?: string;
}

export function buildShipment(seed: string, epoch: Date, spec: ShipmentSpec): SandboxShipment {
  const rng = Rng.of(seed, spec.key);
  const { origin, hub, destination } = chooseRoute(rng, spec.network);
  const pieceCount = rng.int(1, maxPieces(spec.network));
  const pieces: Piece[] = Array.from({ length: pieceCount }, (_, i) => ({
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

/** What can be seen of a shipment at `now`. */
export interface ShipmentProgress {
  visible: PlanStep[];
  latest: PlanStep | undefined;
  /** Planned time of the final delivery, when the plan ends in one that has not happened yet. */
  estimatedDelivery: Date | undefined;
  deliveredAt: Date | undefined;
  pickedUpAt: Date | undefined;
  returning: boolean;
}

export function shipmentProgress(shipment: SandboxShipment, now: Date): ShipmentProgress {
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

function chooseRoute(rng: Rng, network: Network): { origin: Place; hub: Place; destination: Place } {
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

function maxPieces(network: Network): number {
  return network === 'groupA-ecommerce' ? 1 : network === 'groupA-freight' || network === 'carrierB-ground' ? 2 : 3;
}

export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
