import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../../e2e/support.js';

/** E-commerce rating through the subgraph over real HTTP: the group-a module offers it once pickup and center are set. */
const PRODUCTS = 'POST /shipping/v4/products';
const ACCOUNT_ENV = { GROUP_A_ECOM_PICKUP_ACCOUNT: '5351244', GROUP_A_ECOM_DISTRIBUTION_CENTER: 'USATL1' };
// Starting the subgraph and the sandbox takes a while on a loaded machine: one server per configuration.
const START_TIMEOUT_MS = 120_000;

/** A ship date a few days ahead of the server's real today (ship dates in the past are refused). */
function shipDate(): string {
  return new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
}

const RATES = `query Rates($input: RateRequestInput!) {
  rates(input: $input) {
    quotes { carrier division upstream serviceCode serviceName serviceLevel total { amount currency } rateType
             breakdown { kind code amount { amount currency } } transitDays estimatedDelivery { instant localDateTime } }
    skipped { upstream code message }
    outcomes { __typename ... on RateFailure { upstream code message } }
  }
}`;

const SERVICEABILITY = `query Lane($input: ServiceabilityInput!) {
  serviceability(input: $input) {
    outcomes { __typename ... on LaneService { upstream served services { serviceCode } } ... on RateFailure { upstream code } }
    skipped { upstream code }
  }
}`;

const LANDED_COST = `query Landed($input: LandedCostInput!) {
  landedCost(input: $input) {
    outcomes {
      __typename
      ... on LandedCostEstimate { upstream total { amount currency } lines { kind code amount { amount currency } itemIndex } }
      ... on LandedCostFailure { upstream code message }
    }
  }
}`;

const lane = (postalCode: string) => ({
  origin: { countryCode: 'US', postalCode: '30301' },
  destination: { countryCode: 'US', postalCode },
  carriers: ['GROUP_A'],
  divisions: ['ecommerce'],
});

describe('Group A e-commerce rating over GraphQL (seed 000, interface C; E7, E9)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ env: ACCOUNT_ENV });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await e2e?.close();
  });

  it('rates quotes the e-commerce products: the product code as service code, in the answer\'s currency', async () => {
    e2e.sandbox.resetStats();
    const answer = await e2e.gql(RATES, {
      input: { ...lane('10001'), packages: [{ weight: { value: 2, unit: 'KG' } }], shipDate: shipDate() },
    });
    expect(answer.errors).toBeUndefined();
    const quotes = answer.data.rates.quotes as Array<Record<string, any>>;
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.every((q) => q.upstream === 'group-a/ecommerce' && q.division === 'ecommerce')).toBe(true);
    expect(quotes.find((q) => q.serviceCode === 'GND')).toMatchObject({ serviceName: 'Parcel Ground', serviceLevel: 'GROUND', rateType: 'ACCOUNT', total: { currency: 'USD' } });
    expect(e2e.sandbox.stats.groupAEcommerce.calls[PRODUCTS]).toBe(1);
  });

  it('serviceability: a products answer with no product means the lane is not served', async () => {
    const answer = await e2e.gql(SERVICEABILITY, { input: { ...lane('99501'), shipDate: shipDate() } });
    expect(answer.errors).toBeUndefined();
    const outcomes = answer.data.serviceability.outcomes as Array<Record<string, any>>;
    expect(outcomes.find((o) => o.upstream === 'group-a/ecommerce')).toMatchObject({ __typename: 'LaneService', served: false, services: [] });
  });


  it('landedCost: e-commerce duty and tax lines are itemised per content line with the currency', async () => {
    e2e.sandbox.resetStats();
    const answer = await e2e.gql(LANDED_COST, {
      input: {
        origin: { countryCode: 'US', postalCode: '30301' },
        destination: { countryCode: 'GB', postalCode: 'SW1A 1AA' },
        packages: [{ weight: { value: 1, unit: 'KG' } }],
        customs: {
          items: [
            { description: 'Cotton T-shirt', quantity: 2, value: { amount: '40.00', currency: 'USD' }, hsCode: '610910' },
            { description: 'Leather wallet', quantity: 1, value: { amount: '65.50', currency: 'USD' }, hsCode: '420231' },
          ],
        },
      },
    });
    expect(answer.errors).toBeUndefined();
    const outcomes = answer.data.landedCost.outcomes as Array<Record<string, any>>;
    const ecommerce = outcomes.find((o) => o.upstream === 'group-a/ecommerce');
    expect(ecommerce?.__typename).toBe('LandedCostEstimate');
    expect(ecommerce?.total.currency).toBe('USD');
    const lines = ecommerce!.lines as Array<{ kind: string; code: string; amount: { currency: string }; itemIndex: number | null }>;
    expect(lines.filter((l) => l.itemIndex === 0).map((l) => l.kind)).toEqual(['DUTY', 'TAX']);
    expect(lines.filter((l) => l.itemIndex === 1).map((l) => l.kind)).toEqual(['DUTY', 'TAX']);
    expect(lines.filter((l) => l.itemIndex === null).map((l) => l.code)).toEqual(['CLEARANCE']);
    expect(lines.every((l) => l.amount.currency === 'USD')).toBe(true);
    expect(e2e.sandbox.stats.groupAEcommerce.calls['POST /shipping/v4/dutytax']).toBe(1);
  });
});

describe('Group A e-commerce rating over GraphQL without a distribution center (E9)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ env: { GROUP_A_ECOM_PICKUP_ACCOUNT: '5351244' } });
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await e2e?.close();
  });

  it('without GROUP_A_ECOM_DISTRIBUTION_CENTER e-commerce rating is skipped as NOT_CONFIGURED and nothing is sent', async () => {
    const answer = await e2e.gql(RATES, { input: { ...lane('10001'), packages: [{ weight: { value: 2, unit: 'KG' } }], shipDate: shipDate() } });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.rates.skipped).toEqual(expect.arrayContaining([expect.objectContaining({ upstream: 'group-a/ecommerce', code: 'NOT_CONFIGURED' })]));
    expect(e2e.sandbox.stats.groupAEcommerce.calls[PRODUCTS]).toBeUndefined();
  });
});
