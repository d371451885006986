import type { DarkStoreHealth, LaneRefusal, RateAddress, RateQuote, RateRequest } from '../../domain/rating.js';
import type { Money } from '../../domain/money.js';
import type { RateShop } from '../rating/types.js';
import type { DarkStoreOffer } from '../../carriers/types.js';

// The dark store's offer and promise source are capability types of the carrier layer (src/carriers/types.ts).
export type { DarkStoreCharge, DarkStoreOffer, DarkStorePromiseSource } from '../../carriers/types.js';

/** What `deliveryPromise` asks, validated (at the GraphQL edge: src/graphql/inputs/delivery-promise.ts). */
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
