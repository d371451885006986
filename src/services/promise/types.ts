import type { DarkStoreHealth, LaneRefusal, RateAddress, RateQuote, RateRequest } from '../../domain/rating.js';
import type { Money } from '../../domain/money.js';
import type { RateShop } from '../rating/types.js';

/** What `deliveryPromise` asks, validated (promise-input.ts). */
export interface DeliveryPromiseRequest {
  /** The buyer's address: postal code (the pincode the catchment is keyed by) and country at least. */
  destination: RateAddress;
  /** Items in the order: the dark store charges order processing per item. */
  itemCount: number;
  /** Cash to collect on delivery; null = prepaid. The dark store charges a handling fee per COD order. */
  cashOnDelivery: Money | null;
  /**
   * The rate request for the couriers' options (origin and parcels given, destination, COD and item count as above):
   * the dark store ships from its own stock and needs none of it. null = no origin and packages were given, so the
   * couriers are not asked when the dark store is not offered.
   */
  courierRequest: RateRequest | null;
}

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

/** Why the dark store was not offered: NOT_IN_CATCHMENT, STORE_UNHEALTHY, HEALTH_UNKNOWN or NOT_CONFIGURED. */
export interface DarkStoreDecision {
  offered: boolean;
  /** null when offered. */
  reason: LaneRefusal | null;
  /** The health reading the decision used; null when not configured or not read yet. */
  health: DarkStoreHealth | null;
  /** Age of that reading in milliseconds at decision time; null with no reading. */
  healthAgeMs: number | null;
}

/** One credible option, earliest first in `DeliveryPromise.options`. */
export type DeliveryOption = { kind: 'DARK_STORE'; darkStore: DarkStoreOffer } | { kind: 'COURIER'; quote: RateQuote };

export interface DeliveryPromise {
  destination: RateAddress;
  /** Earliest first; empty when nothing can be promised. */
  options: DeliveryOption[];
  darkStore: DarkStoreDecision;
  /** The rate shop the couriers' options come from; null when the couriers were not asked. */
  couriers: RateShop | null;
  /** Why the couriers were not asked (the dark store was offered, or no origin and packages were given); null when asked. */
  couriersNotAsked: LaneRefusal | null;
  /** When the promise was made (ISO instant). */
  promisedAt: string;
}

/**
 * What the promise needs of the dark-store module (src/carriers/dark-store): whether it serves a destination now, its
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
