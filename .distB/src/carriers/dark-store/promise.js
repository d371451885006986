import { money, toUnits } from './charges.js';
import { DARK_STORE_REFUSALS } from './rating.js';
/** Seed 002 A: "Purpose: a delivery promise of two to four hours on the brand's own storefront." */
const WINDOW_FROM_HOURS = 2;
const WINDOW_TO_HOURS = 4;
const HOUR_MS = 3_600_000;
/**
 * The dark store as the delivery promise sees it: the catchment decides whether a pincode is served, the monitor's
 * last `/health` reading whether the store is up (both without a call), and the seed's stated charges price the order.
 */
export function darkStorePromiseSource(parts) {
    // Exact decimal arithmetic (integer units), shared with the dark store's rating connector.
    const amount = (units) => money(units, parts.currency);
    return {
        refuses(destination) {
            if (destination.countryCode !== parts.catchment.country || !parts.catchment.serves(destination.postalCode)) {
                return {
                    code: DARK_STORE_REFUSALS.notInCatchment,
                    message: `pincode ${destination.postalCode ?? '(none)'} (${destination.countryCode}) is not in the dark store's catchment`,
                };
            }
            const state = parts.healthState();
            if (!state.healthy)
                return { code: DARK_STORE_REFUSALS.storeUnhealthy, message: state.reason ?? 'the dark store is not healthy' };
            return null;
        },
        healthState() {
            const { health, ageMs } = parts.healthState();
            return { health, ageMs };
        },
        offer({ itemCount, cashOnDelivery }, now) {
            const perItem = toUnits(parts.charges.orderProcessingPerItem);
            const perCodOrder = toUnits(parts.charges.codHandlingPerOrder);
            const charges = [
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
