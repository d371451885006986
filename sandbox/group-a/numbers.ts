import { Rng } from '../core/prng.js';
import type { SandboxContext } from '../context.js';
import { type Scenario, scenarioOf } from '../data/plan.js';
import { buildShipment, type Network, type SandboxShipment } from '../data/shipment.js';
import { createdExpressShipment } from './express-ship-ledger.js';

/**
 * Group A number conventions of the sandbox (also in sandbox/README.md):
 * - express waybill: 10 digits; ending `404` is unknown; ending `77` carries a `warnings[]` entry on the express
 *   interface;
 * - e-commerce: carrier id `GM` + 8-20 digits, the caller's package id `PKG-` + the same digits, the carrier
 *   tracking id `9261299` + the digits left-padded to 15; ending `404` is unknown;
 * - ambiguous: `AMB` + 4-20 digits matches an express and an e-commerce shipment, plus a `freight` one when the last
 *   digit is odd, on the unified interface; the express interface shows its express shipment; ending `404` is unknown;
 * - the last digit chooses the story as for Carrier B (data/plan.ts).
 * The same number gives the same shipment on every interface that shows it.
 */
export type Division = 'express' | 'ecommerce' | 'freight';

export const DIVISIONS: readonly Division[] = ['express', 'ecommerce', 'freight'];

export interface GroupAShipment {
  /** The unified `id`: the number as the caller tracks it. */
  id: string;
  service: Division;
  shipment: SandboxShipment;
  /** Per-piece numbers (express pieces[].trackingNumber, unified pieceIds). */
  pieceIds: string[];
  /** E-commerce identifiers, for the e-commerce division only. */
  ecommerce?: { packageId: string; carrierPackageId: string; trackingId: string };
}

const NETWORK: Record<Division, Network> = {
  express: 'groupA-express',
  ecommerce: 'groupA-ecommerce',
  freight: 'groupA-freight',
};

export const isExpressNumber = (n: string): boolean => /^\d{10}$/.test(n);
const ECOM_DIGITS = /^(?:GM|PKG-)(\d{8,20})$/;

/** Every Group A shipment a number resolves to, in a stable order; [] when unknown or not yet created at `now`. */
export function resolveGroupA(ctx: SandboxContext, number: string, now: Date): GroupAShipment[] {
  if (number.endsWith('404')) return [];
  const found: GroupAShipment[] = [];
  // A waybill created by express `POST /shipments` is that shipment, its plan starting at creation.
  if (isExpressNumber(number)) found.push(createdExpressShipment(ctx, number) ?? groupAShipment(ctx, number, 'express', scenarioOf(number)));
  const ecom = ECOM_DIGITS.exec(number);
  if (ecom?.[1] && number.startsWith('GM')) found.push(ecommerceShipment(ctx, ecom[1]));
  const ambiguous = /^AMB\d{4,20}$/.test(number) ? Number(number.at(-1)) : undefined;
  if (ambiguous !== undefined) {
    const divisions: Division[] = ambiguous % 2 === 1 ? ['express', 'ecommerce', 'freight'] : ['express', 'ecommerce'];
    // Each division's shipment tells a different story: shift the story digit by 3 per division.
    divisions.forEach((division, i) => found.push(groupAShipment(ctx, number, division, scenarioOf(String((ambiguous + 3 * i) % 10)))));
  }
  return found.filter((s) => (s.shipment.steps[0]?.at.getTime() ?? Infinity) <= now.getTime());
}

/** The e-commerce package for the caller's id (`PKG-…`) or the carrier's id (`GM…`); undefined when unknown. */
export function resolveEcommercePackage(ctx: SandboxContext, id: string, now: Date): GroupAShipment | undefined {
  const digits = ECOM_DIGITS.exec(id)?.[1];
  if (!digits || id.endsWith('404')) return undefined;
  const found = ecommerceShipment(ctx, digits);
  return (found.shipment.steps[0]?.at.getTime() ?? Infinity) <= now.getTime() ? found : undefined;
}

function ecommerceShipment(ctx: SandboxContext, digits: string): GroupAShipment {
  const carrierPackageId = `GM${digits}`;
  const trackingId = `9261299${digits.padStart(15, '0')}`;
  const base = groupAShipment(ctx, carrierPackageId, 'ecommerce', scenarioOf(digits));
  return { ...base, pieceIds: [trackingId], ecommerce: { packageId: `PKG-${digits}`, carrierPackageId, trackingId } };
}

function groupAShipment(ctx: SandboxContext, id: string, service: Division, scenario: Scenario): GroupAShipment {
  const key = `groupA:${service}:${id}`;
  const shipment = buildShipment(ctx.seed, ctx.epoch, { key, network: NETWORK[service], scenario });
  const rng = Rng.of(ctx.seed, key, 'piece-ids');
  const piecePrefix = service === 'freight' ? 'FR' : 'JD01';
  const pieceIds = shipment.pieces.map(() => `${piecePrefix}${rng.digits(16)}`);
  return { id, service, shipment, pieceIds };
}
