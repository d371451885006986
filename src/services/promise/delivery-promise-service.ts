import { CARRIERS } from '../../domain/carrier.js';
import type { DarkStoreHealth, LaneRefusal, RateQuote, RateRequest } from '../../domain/rating.js';
import type { RequestDeadline } from '../../platform/http/deadline.js';
import { InputError } from '../../domain/errors.js';
import type { ShopContext } from '../rating/rating-service.js';
import type { RateShop, RateShopOptions } from '../rating/types.js';
import type { DarkStoreDecision, DarkStorePromiseSource, DeliveryOption, DeliveryPromise, DeliveryPromiseRequest } from './types.js';

export interface DeliveryPromiseServiceOptions {
  /** The same-day promise a module offers (the registry's `promiseSource`: the dark store's); null when none is configured. */
  sameDay: DarkStorePromiseSource | null;
  /** The rating service (src/services/rating/rating-service.ts): its shop, with the request's deadline. */
  rating: { shop(request: RateRequest, options: RateShopOptions, context?: ShopContext): Promise<RateShop> };
  now?: () => Date;
}

const NOT_CONFIGURED: LaneRefusal = {
  code: 'NOT_CONFIGURED',
  message: 'no dark store is configured on this server (DARK_STORE_BASE_URL and its catchment)',
};

const DARK_STORE_OFFERED: LaneRefusal = {
  code: 'DARK_STORE_OFFERED',
  message: 'the dark store is offered and is the earliest option, so no courier quota was spent',
};

const NO_ORIGIN: LaneRefusal = {
  code: 'NO_ORIGIN',
  message: 'the couriers need an origin and packages to quote (input.origin, input.packages); none were given',
};

/**
 * The earliest credible delivery for a destination (DESIGN.md, "Rating and the delivery promise"; seed 002 A: "An
 * order is routed to the network when the buyer's pincode lies in a served catchment; otherwise it goes to the brand's
 * normal courier"). The dark store's 2-4 hours when its catchment serves the pincode and its last health reading is
 * healthy; otherwise the couriers' options from one rate shop (FASTEST: earliest first), with the reason the dark
 * store was not offered. The couriers are not asked when the dark store is offered: nothing they quote arrives
 * earlier, and quoting spends their quota (express test environment: 500 calls a day).
 */
export class DeliveryPromiseService {
  private readonly now: () => Date;

  constructor(private readonly options: DeliveryPromiseServiceOptions) {
    this.now = options.now ?? (() => new Date());
  }

  /** The monitor's last reading and its age; null when no dark store is configured. No call. */
  darkStoreHealth(): { health: DarkStoreHealth | null; ageMs: number | null } | null {
    return this.options.sameDay?.healthState() ?? null;
  }

  /**
   * `deadline`: the request's (REQUEST_DEADLINE_MS), bounding the couriers' rate shop; `fieldPrefix`: where the input
   * sits in the operation, for a postal code the couriers' check refuses.
   */
  async promise(request: DeliveryPromiseRequest, deadline?: RequestDeadline, fieldPrefix = 'input'): Promise<DeliveryPromise> {
    const now = this.now();
    const darkStore = this.decide(request);
    if (darkStore.offered && this.options.sameDay) {
      const offer = this.options.sameDay.offer({ itemCount: request.itemCount, cashOnDelivery: request.cashOnDelivery !== null }, now);
      return {
        destination: request.destination,
        options: [{ kind: 'DARK_STORE', darkStore: offer }],
        darkStore,
        couriers: null,
        couriersNotAsked: DARK_STORE_OFFERED,
        promisedAt: now.toISOString(),
      };
    }
    if (!request.courierRequest) {
      return { destination: request.destination, options: [], darkStore, couriers: null, couriersNotAsked: NO_ORIGIN, promisedAt: now.toISOString() };
    }
    const couriers = await this.shopCouriers(request.courierRequest, deadline, fieldPrefix);
    const options: DeliveryOption[] = oneQuotePerService(couriers.quotes).map((quote) => ({ kind: 'COURIER', quote }));
    return { destination: request.destination, options, darkStore, couriers, couriersNotAsked: null, promisedAt: now.toISOString() };
  }

  private async shopCouriers(request: RateRequest, deadline: RequestDeadline | undefined, fieldPrefix: string): Promise<RateShop> {
    // Every carrier but the dark store, which was decided above (its reason is the promise's to give, not a skip).
    const options: RateShopOptions = { carriers: CARRIERS.filter((carrier) => carrier !== 'DARK_STORE'), divisions: null, strategy: 'FASTEST', deliverBy: null };
    try {
      return await this.options.rating.shop(request, options, { ...(deadline ? { deadline } : {}), fieldPrefix });
    } catch (error) {
      // The destination's postal code is `input.postalCode` here, not `input.destination.postalCode` as in rates.
      const destinationField = `${fieldPrefix}.destination.postalCode`;
      if (error instanceof InputError && error.field === destinationField) {
        throw new InputError(`${fieldPrefix}.postalCode`, error.message.slice(destinationField.length + 2));
      }
      throw error;
    }
  }

  /** The dark store's decision for a destination, from configuration and the monitor's last reading only (no call). */
  private decide(request: DeliveryPromiseRequest): DarkStoreDecision {
    const source = this.options.sameDay;
    if (!source) return { offered: false, reason: NOT_CONFIGURED, health: null, healthAgeMs: null };
    const reason = source.refuses(request.destination);
    const { health, ageMs } = source.healthState();
    return { offered: reason === null, reason, health, healthAgeMs: ageMs };
  }
}

/**
 * One option per courier service: a carrier quoting both its published (LIST) and negotiated (ACCOUNT) price for the
 * same service (Carrier B, "LIST and ACCOUNT kept apart" in `rates`) is one delivery option here, at the ACCOUNT
 * price the shipper pays; the option keeps the place of the service's first quote in the FASTEST order
 * (docs/assumptions.md DP6). `rates` still lists both.
 */
export function oneQuotePerService(quotes: readonly RateQuote[]): RateQuote[] {
  const chosen = new Map<string, RateQuote>();
  for (const quote of quotes) {
    const key = [quote.carrier, quote.division ?? '', quote.serviceCode].join('|');
    const held = chosen.get(key);
    if (!held || (held.rateType !== 'ACCOUNT' && quote.rateType === 'ACCOUNT')) chosen.set(key, quote);
  }
  return [...chosen.values()];
}
