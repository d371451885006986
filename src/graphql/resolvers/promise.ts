import type { DarkStoreHealth as DarkStoreHealthModel } from '../../domain/rating.js';
import type { DarkStoreHealth, DeliveryOption, QueryResolvers, ResolversTypes } from '../../generated/graphql.js';
import type { DeliveryPromiseService } from '../../services/promise/delivery-promise-service.js';
import { validateDeliveryPromiseInput } from '../inputs/delivery-promise.js';
import { validateRateRequestInput } from '../inputs/rates.js';
import type { DeliveryOption as DeliveryOptionModel } from '../../services/promise/types.js';
import type { GraphQLContext } from '../context.js';
import { notAvailable } from '../errors.js';

function promiseOf(ctx: GraphQLContext): DeliveryPromiseService {
  const service = ctx.services.promise;
  if (!service) throw notAvailable('the delivery promise is not available on this server');
  return service;
}

/** `deliveryPromise` and `darkStoreHealth`: thin resolvers over DeliveryPromiseService. Merged in resolvers/index.ts. */
export const promiseQueries: Pick<QueryResolvers, 'deliveryPromise' | 'darkStoreHealth'> = {
  deliveryPromise: async (_parent, { input }, ctx) => {
    const service = promiseOf(ctx);
    const rating = ctx.services.rating;
    const request = validateDeliveryPromiseInput(input, 'input', (raw, path) => {
      if (!rating) throw notAvailable('rating is not available on this server');
      return validateRateRequestInput(raw, path, rating.inputRules());
    });
    const promise = await service.promise(request, ctx.deadline);
    const options = promise.options.map(toDeliveryOption);
    const healthAt = Date.parse(promise.promisedAt);
    return {
      postalCode: promise.destination.postalCode ?? '',
      countryCode: promise.destination.countryCode,
      earliest: options[0] ?? null,
      options,
      darkStore: {
        offered: promise.darkStore.offered,
        reason: promise.darkStore.reason,
        health: promise.darkStore.health ? toDarkStoreHealth(promise.darkStore.health, promise.darkStore.healthAgeMs, healthAt) : null,
      },
      couriers: promise.couriers ? { ...promise.couriers, strategy: 'FASTEST' } : null,
      couriersNotAsked: promise.couriersNotAsked,
      promisedAt: promise.promisedAt,
    };
  },
  darkStoreHealth: (_parent, _args, ctx) => {
    const state = ctx.services.promise?.darkStoreHealth() ?? null;
    return state?.health ? toDarkStoreHealth(state.health, state.ageMs, Date.now()) : null;
  },
};

function toDeliveryOption(option: DeliveryOptionModel): ResolversTypes['DeliveryOption'] {
  if (option.kind === 'COURIER') {
    const { quote } = option;
    return { kind: 'COURIER', carrier: quote.carrier, division: quote.division, darkStore: null, quote };
  }
  const offer = option.darkStore;
  const dark: DeliveryOption = {
    kind: 'DARK_STORE',
    carrier: 'DARK_STORE',
    division: null,
    darkStore: {
      fromHours: offer.fromHours,
      toHours: offer.toHours,
      window: {
        from: { instant: offer.earliest, localDateTime: null },
        to: { instant: offer.latest, localDateTime: null },
        remark: `${offer.fromHours}-${offer.toHours} hours from the promise`,
      },
      charges: offer.charges,
      total: offer.total,
      holdingCost: {
        perUnitPerDay: offer.holdingCostPerUnitPerDay,
        description: "storage per unit per day of the brand's stock held in the dark store: the brand's cost, not this order's",
      },
    },
    quote: null,
  };
  return dark as ResolversTypes['DeliveryOption'];
}

function toDarkStoreHealth(health: DarkStoreHealthModel, ageMs: number | null, at: number): DarkStoreHealth {
  return {
    ...health,
    // The age as of the promise (or now), from the monitor's own count when it gives one.
    ageSeconds: Math.max(0, (ageMs ?? at - Date.parse(health.checkedAt)) / 1000),
  };
}
