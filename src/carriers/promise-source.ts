import type { Money } from '../domain/money.js';
import type { DarkStoreHealth, LaneRefusal, RateAddress } from '../domain/rating.js';

// The dark store's delivery-promise capability (seed 002 A), built by its module (src/carriers/dark-store/promise.ts) and
// asked by the delivery promise service (src/services/promise).

/** One charge of the dark store's offer, per the seed's price list ("2 currency units per item ..."). */
export interface DarkStoreCharge {
  /** Our stable code: ORDER_PROCESSING (per item, storefront app) or COD_HANDLING (per order). */
  code: string;
  /** The seed's words for the charge. */
  description: string;
  unitAmount: Money;
  quantity: number;
  amount: Money;
}

/** The dark store's 2-4 hour window with its charges, when it is offered. */
export interface DarkStoreOffer {
  /** Hours after the promise is made (seed 002: "a delivery promise of two to four hours"). */
  fromHours: number;
  toHours: number;
  earliest: string;
  latest: string;
  charges: DarkStoreCharge[];
  total: Money;
  /**
   * The storage fee the brand pays per unit per day while stock waits in the dark store ("storage 0.30 currency units
   * per unit per day"): the brand's holding cost, not a charge of this order.
   */
  holdingCostPerUnitPerDay: Money;
}

/**
 * What the delivery promise needs of the dark-store module (src/carriers/dark-store): whether it serves a destination now, its
 * health as last read, and the offer it makes. Narrow on purpose: the promise never reads the wire or the catchment.
 */
export interface DarkStorePromiseSource {
  /** null when the destination is in the catchment and the last health reading is healthy and fresh; else why not. No call. */
  refuses(destination: RateAddress): LaneRefusal | null;
  /** The monitor's state: the last reading (null before the first) and its age. No call. */
  healthState(): { health: DarkStoreHealth | null; ageMs: number | null };
  /** The 2-4 hour offer with the seed's charges for this order, made at `now`. */
  offer(order: { itemCount: number; cashOnDelivery: boolean }, now: Date): DarkStoreOffer;
}
