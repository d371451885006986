import type { LaneRefusal, RateAddress } from '../../domain/rating.js';
import type { DarkStoreCharge, DarkStoreOffer, DarkStorePromiseSource } from '../types.js';
import { money, toUnits } from './charges.js';
import type { Catchment } from './catchment.js';
import type { DarkStoreConfig } from './config.js';
import type { DarkStoreHealthState } from './monitor.js';
import type { Money } from '../../domain/money.js';
import { DARK_STORE_REFUSALS } from './rating.js';

/**
 * What the delivery promise and the health query need of the dark store beyond the capability lists: the catchment,
 * the monitor's state (no call), the charges and the brand's holding cost.
 */
export interface DarkStoreView {
  readonly catchment: Catchment;
  /** The monitor's last reading, its age, healthy or not and why. No call. */
  healthState(): DarkStoreHealthState;
  readonly currency: string;
  readonly country: string;
  /** Seed 002 A "Stated charges", decimal strings. */
  readonly charges: DarkStoreConfig['charges'];
  /** "storage 0.30 currency units per unit per day": the brand's holding cost, never a charge of one order. */
  readonly holdingCostPerUnitPerDay: Money;
}

/** Seed 002 A: "Purpose: a delivery promise of two to four hours on the brand's own storefront." */
const WINDOW_FROM_HOURS = 2;
const WINDOW_TO_HOURS = 4;
const HOUR_MS = 3_600_000;

/**
 * The dark store as the delivery promise sees it: the catchment decides whether a pincode is served, the monitor's
 * last `/health` reading whether the store is up (both without a call), and the seed's stated charges price the order.
 */
export function darkStorePromiseSource(parts: DarkStoreView): DarkStorePromiseSource {
  // Exact decimal arithmetic (integer units), shared with the dark store's rating connector.
  const amount = (units: bigint) => money(units, parts.currency);
  return {
    refuses(destination: RateAddress): LaneRefusal | null {
      if (destination.countryCode !== parts.catchment.country || !parts.catchment.serves(destination.postalCode)) {
        return {
          code: DARK_STORE_REFUSALS.notInCatchment,
          message: `pincode ${destination.postalCode ?? '(none)'} (${destination.countryCode}) is not in the dark store's catchment`,
        };
      }
      const state = parts.healthState();
      if (!state.healthy) return { code: DARK_STORE_REFUSALS.storeUnhealthy, message: state.reason ?? 'the dark store is not healthy' };
      return null;
    },
    healthState() {
      const { health, ageMs } = parts.healthState();
      return { health, ageMs };
    },
    offer({ itemCount, cashOnDelivery }, now: Date): DarkStoreOffer {
      const perItem = toUnits(parts.charges.orderProcessingPerItem);
      const perCodOrder = toUnits(parts.charges.codHandlingPerOrder);
      const charges: DarkStoreCharge[] = [
        {
          code: 'ORDER_PROCESSING',
          description: 'storefront-app order processing, per item',
          unitAmount: amount(perItem),
          quantity: itemCount,
          amount: amount(perItem * BigInt(itemCount)),
        },
      ];
      if (cashOnDelivery) {
        charges.push({ code: 'COD_HANDLING', description: 'cash-on-delivery handling, per order', unitAmount: amount(perCodOrder), quantity: 1, amount: amount(perCodOrder) });
      }
      const total = perItem * BigInt(itemCount) + (cashOnDelivery ? perCodOrder : 0n);
      return {
        fromHours: WINDOW_FROM_HOURS,
        toHours: WINDOW_TO_HOURS,
        earliest: new Date(now.getTime() + WINDOW_FROM_HOURS * HOUR_MS).toISOString(),
        latest: new Date(now.getTime() + WINDOW_TO_HOURS * HOUR_MS).toISOString(),
        charges,
        total: amount(total),
        holdingCostPerUnitPerDay: parts.holdingCostPerUnitPerDay,
      };
    },
  };
}
