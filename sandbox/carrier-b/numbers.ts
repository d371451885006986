import { Rng } from '../core/prng.js';
import type { SandboxContext } from '../context.js';
import { scenarioOf } from '../data/plan.js';
import { buildShipment, type SandboxShipment } from '../data/shipment.js';
import { ledgerOf } from './ship-ledger.js';

/**
 * Carrier B tracking-number conventions of the sandbox (also in sandbox/README.md):
 * - a tracking number is 12 digits; anything else is not found;
 * - ending `404`: not found (an `error` inside its own trackResults entry, HTTP 200);
 * - ending `500`: found, but its track result is malformed (`latestStatusDetail` is a number);
 * - starting `99`: a reused number with two candidates (express `CBXE`, current; ground `CBXG`, shipped months ago);
 * - otherwise: first digit even = express network `CBXE`, odd = ground network `CBXG`;
 * - `7946` + 6 digits N + 2 digits K: package K of order `ORDER-<N>` (customer reference, reference lookup);
 * - the last digit chooses the story (data/plan.ts): 0-1 delivered, 2 delivered early, 3 in transit, 4 picked up,
 *   5 out for delivery, 6 weather delay, 7 returned, 8 label created, 9 delivery attempt failed.
 */
export type CarrierCode = 'CBXE' | 'CBXG';

export interface CarrierBCandidate {
  trackingNumber: string;
  carrierCode: CarrierCode;
  trackingNumberUniqueId: string;
  shipment: SandboxShipment;
  /** The item is answered with a broken shape, to exercise item-level contract errors. */
  malformed: boolean;
  /** The service a created shipment was shipped with (ship-ledger.ts); absent: the network's usual one. */
  service?: { type: string; shortDescription: string };
}

const ORDER_PREFIX = '7946';
const DAY_MS = 86_400_000;

/** The candidates a number has at `now`; a shipment whose label is not created yet is not known to the carrier. */
export function carrierBCandidates(ctx: SandboxContext, trackingNumber: string, now: Date): CarrierBCandidate[] {
  // A number this sandbox created (ship-ledger.ts) tracks as created, before any generated story.
  const created = ledgerOf(ctx).candidates(trackingNumber, now);
  if (created) return created;
  return allCandidates(ctx, trackingNumber).filter((c) => (c.shipment.steps[0]?.at.getTime() ?? Infinity) <= now.getTime());
}

function allCandidates(ctx: SandboxContext, trackingNumber: string): CarrierBCandidate[] {
  if (!/^\d{12}$/.test(trackingNumber) || trackingNumber.endsWith('404')) return [];
  const malformed = trackingNumber.endsWith('500');
  const orderReference = trackingNumber.startsWith(ORDER_PREFIX) ? `ORDER-${Number(trackingNumber.slice(4, 10))}` : undefined;
  const candidate = (carrierCode: CarrierCode, variant: string, extraAgeHours: number, delivered: boolean): CarrierBCandidate => {
    const shipment = buildShipment(ctx.seed, ctx.epoch, {
      key: `carrierB:${trackingNumber}:${variant}`,
      network: carrierCode === 'CBXE' ? 'carrierB-express' : 'carrierB-ground',
      scenario: delivered ? 'delivered' : scenarioOf(trackingNumber),
      extraAgeHours,
      ...(orderReference ? { orderReference } : {}),
    });
    const createdAt = shipment.steps[0]?.at ?? ctx.epoch;
    // Shaped like the carrier family's unique ids: "<day number>~<tracking number>~<carrier code>".
    const trackingNumberUniqueId = `${Math.floor(createdAt.getTime() / DAY_MS)}~${trackingNumber}~${carrierCode}`;
    return { trackingNumber, carrierCode, trackingNumberUniqueId, shipment, malformed };
  };
  if (trackingNumber.startsWith('99')) {
    const ageDays = Rng.of(ctx.seed, 'carrierB-reused-age', trackingNumber).int(120, 400);
    return [candidate('CBXE', 'current', 0, false), candidate('CBXG', 'earlier', ageDays * 24, true)];
  }
  const firstDigitEven = Number(trackingNumber[0]) % 2 === 0;
  return [candidate(firstDigitEven ? 'CBXE' : 'CBXG', 'current', 0, false)];
}

/**
 * The tracking numbers that carry customer reference `ORDER-<n>` (n = 1..999999): order n ships as 1 + (n mod 3)
 * packages, numbered `7946` + n (6 digits) + 01, 02, 03.
 */
export function numbersForOrderReference(value: string): string[] {
  const match = /^ORDER-([1-9]\d{0,5})$/.exec(value);
  if (!match) return [];
  const n = Number(match[1]);
  const count = 1 + (n % 3);
  return Array.from({ length: count }, (_, i) => `${ORDER_PREFIX}${String(n).padStart(6, '0')}${String(i + 1).padStart(2, '0')}`);
}
