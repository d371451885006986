import { DEFAULT_CREDENTIALS } from '../../sandbox/context.js';
import type { CarrierInterface } from '../../src/domain/carrier.js';
import type { RateQuote } from '../../src/domain/rating.js';

/** A quote of `upstream` for service `serviceCode` at `amount` USD; every other member empty unless given. */
export function quote(upstream: CarrierInterface, serviceCode: string, amount: string, extra: Partial<RateQuote> = {}): RateQuote {
  return {
    carrier: upstream === 'carrier-b' ? 'CARRIER_B' : upstream === 'dark-store' ? 'DARK_STORE' : 'GROUP_A',
    division: upstream.startsWith('group-a/') ? upstream.slice('group-a/'.length) : null,
    upstream,
    serviceCode,
    localServiceCode: null,
    serviceName: serviceCode,
    serviceLevel: 'OTHER',
    total: { amount, currency: 'USD' },
    breakdown: [],
    currencyViews: [],
    rateType: 'LIST',
    nativeRateType: null,
    transitDays: null,
    transitTime: null,
    estimatedDelivery: null,
    commitDate: null,
    pickup: null,
    guaranteed: null,
    accountNumber: null,
    warnings: [],
    ...extra,
  };
}


/**
 * What the rating e2e servers add to startE2E's configuration: the e-commerce account's pickup and distribution center
 * (E9: without them e-commerce rating refuses every lane as NOT_CONFIGURED), the sandbox's own.
 */
export function ratingEnv(extra: Record<string, string> = {}): Record<string, string> {
  const { pickupAccount, distributionCenter } = DEFAULT_CREDENTIALS.groupAEcommerce;
  return { GROUP_A_ECOM_PICKUP_ACCOUNT: pickupAccount, GROUP_A_ECOM_DISTRIBUTION_CENTER: distributionCenter, ...extra };
}
