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

