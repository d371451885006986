/**
 * Rate shopping over real HTTP: /graphql on a server configured against the simulators (express `/rates`, e-commerce
 * `/shipping/v4/products`, Carrier B `/rate/v1/rates/quotes`), the simulators' counters showing each upstream call.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { ratingEnv } from './rates-support.js';

/** Per-carrier deadline of this server: generous for a loaded machine, far below the slow simulator's latency. */
const CARRIER_DEADLINE_MS = 4000;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({
    env: ratingEnv({ RATE_CARRIER_DEADLINE_MS: String(CARRIER_DEADLINE_MS), RATE_CACHE_TTL_MS: '600000' }),
    withDarkStore: true,
  });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

const SHOP = `query Rates($input: RateRequestInput!) {
  rates(input: $input) {
    strategy fromCache quotedAt
    best { upstream serviceCode total { amount currency } }
    quotes {
      carrier division upstream serviceCode localServiceCode serviceName serviceLevel
      total { amount currency }
      breakdown { kind code name amount { amount currency } }
      currencyViews { currencyType total { amount currency } }
      rateType nativeRateType transitDays transitTime
      estimatedDelivery { instant localDateTime } commitDate { instant localDateTime }
      pickup { cutoff { instant localDateTime } gmtCutoffTime earliest latest nextBusinessDay }
      guaranteed accountNumber warnings { code message }
    }
    outcomes {
      __typename
      ... on CarrierRates { upstream quotes { serviceCode } warnings { message } }
      ... on RateFailure { upstream code message limit carrierCode transactionId workableServices }
    }
    skipped { upstream code message }
    excluded { reason quote { upstream serviceCode estimatedDelivery { instant localDateTime } commitDate { instant localDateTime } } }
    warnings { code message }
  }
}`;

/** A US domestic lane every sandbox courier serves; `kg` varies it so tests do not share cached answers. */
function lane(kg: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    origin: { countryCode: 'US', postalCode: '30301', city: 'Atlanta', stateOrProvinceCode: 'GA' },
    destination: { countryCode: 'US', postalCode: '10001', city: 'New York', stateOrProvinceCode: 'NY' },
    packages: [{ weight: { value: kg, unit: 'KG' }, dimensions: { length: 30, width: 20, height: 15, unit: 'CM' } }],
    ...extra,
  };
}

/** Rating calls each simulator saw since the last reset, per upstream as the API names it. */
function ratingCalls(): Record<string, number> {
  const sum = (calls: Record<string, number>, re: RegExp) =>
    Object.entries(calls).filter(([route]) => re.test(route)).reduce((n, [, v]) => n + v, 0);
  const { stats } = e2e.sandbox;
  return {
    'group-a/express': sum(stats.groupAExpress.calls, /\/(rates|products)$/),
    'group-a/ecommerce': sum(stats.groupAEcommerce.calls, /\/shipping\/v4\/products$/),
    'carrier-b': sum(stats.carrierB.calls, /\/rate\/v1\/rates\/quotes$/),
  };
}

const totalCalls = () => Object.values(ratingCalls()).reduce((a, b) => a + b, 0);

async function shop(input: Record<string, unknown>) {
  const answer = await e2e.gql(SHOP, { input });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data.rates;
}

describe('rates over /graphql against the simulators', () => {
  it('every configured carrier that serves the lane answers in one rate shop, each called once per rate request', async () => {
    const result = await shop(lane(2));
    const answered = result.outcomes.map((o: any) => o.upstream).sort();
    expect(answered).toEqual(['carrier-b', 'group-a/ecommerce', 'group-a/express']);
    expect(result.outcomes.every((o: any) => o.__typename === 'CarrierRates')).toBe(true);
    // The dark store delivers only inside its pincode catchment (seed 002 A): skipped with its reason, no call.
    expect(result.skipped.map((s: any) => s.upstream)).toEqual(['dark-store']);
    expect(ratingCalls()).toEqual({ 'group-a/express': 1, 'group-a/ecommerce': 1, 'carrier-b': 1 });
    expect(result.quotes.length).toBeGreaterThanOrEqual(3);
    expect(result.fromCache).toBe(false);
  });

  it('an express quote says everything a checkout needs: BILLC total, its other currency views, breakdown, pickup cut-off, account', async () => {
    const result = await shop(lane(3));
    const express = result.quotes.find((q: any) => q.upstream === 'group-a/express');
    expect(express).toBeDefined();
    const billc = express.currencyViews.find((v: any) => v.currencyType === 'BILLC');
    expect(billc.total).toEqual(express.total);
    expect(express.currencyViews.length).toBeGreaterThan(1);
    expect(express.breakdown.length).toBeGreaterThan(0);
    expect(express.pickup.cutoff).not.toBeNull();
    expect(express.accountNumber).toBe(e2e.sandbox.credentials.groupAExpress.accountNumber);
    expect(express.estimatedDelivery).not.toBeNull();
  });

  it('an identical rate request within RATE_CACHE_TTL_MS calls no carrier and answers fromCache with the original quotedAt', async () => {
    const first = await shop(lane(4));
    e2e.sandbox.resetStats();
    const second = await shop(lane(4));
    expect(totalCalls()).toBe(0);
    expect(second.fromCache).toBe(true);
    expect(second.quotedAt).toBe(first.quotedAt);
    expect(second.quotes).toEqual(first.quotes);
  });

  it('/metrics counts the answers a rate shop used by where they came from (rate_answers_total: carrier, cache)', async () => {
    const metric = async (source: string) => {
      const text = await (await fetch(new URL('/metrics', e2e.server.url))).text();
      const line = text.split('\n').find((l) => l.startsWith(`rate_answers_total{upstream="carrier-b",source="${source}"}`));
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const [calledBefore, cachedBefore] = [await metric('carrier'), await metric('cache')];
    await shop(lane(12));
    await shop(lane(12));
    expect(await metric('carrier')).toBe(calledBefore + 1);
    expect(await metric('cache')).toBe(cachedBefore + 1);
  });

  it('a failure is not cached: the identical request asks the failed carrier again, and only it', async () => {
    e2e.sandbox.failNext('groupAEcommerce', { status: 400, count: 1 });
    const first = await shop(lane(5));
    const failed = first.outcomes.find((o: any) => o.upstream === 'group-a/ecommerce');
    expect(failed.__typename).toBe('RateFailure');
    expect(first.quotes.some((q: any) => q.upstream === 'group-a/express')).toBe(true);
    e2e.sandbox.resetStats();
    const second = await shop(lane(5));
    expect(ratingCalls()).toEqual({ 'group-a/express': 0, 'group-a/ecommerce': 1, 'carrier-b': 0 });
    expect(second.outcomes.find((o: any) => o.upstream === 'group-a/ecommerce').__typename).toBe('CarrierRates');
    expect(second.fromCache).toBe(false);
  });

  it("one slow carrier is a timeout outcome naming RATE_CARRIER_DEADLINE_MS and never hides the others' quotes", async () => {
    e2e.sandbox.setFaults('carrierB', { latencyMs: CARRIER_DEADLINE_MS * 3 });
    try {
      const result = await shop(lane(6));
      const late = result.outcomes.find((o: any) => o.upstream === 'carrier-b');
      expect(late).toMatchObject({ __typename: 'RateFailure', code: 'UPSTREAM_DEADLINE_EXCEEDED', limit: 'RATE_CARRIER_DEADLINE_MS' });
      expect(result.quotes.some((q: any) => q.upstream === 'group-a/express')).toBe(true);
      expect(result.quotes.some((q: any) => q.upstream === 'group-a/ecommerce')).toBe(true);
      expect(result.quotes.some((q: any) => q.upstream === 'carrier-b')).toBe(false);
    } finally {
      e2e.sandbox.setFaults('carrierB', { latencyMs: 2 });
    }
  }, 60_000);

  it('a postal code Carrier B says does not exist is BAD_USER_INPUT naming input.destination.postalCode before any rate call', async () => {
    // The sandbox's postal book: a code whose cleaned form starts with 000 does not exist (assumption BP2).
    const answer = await e2e.gql(SHOP, { input: lane(9, { destination: { countryCode: 'US', postalCode: '00012' } }) });
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0]?.extensions?.field).toBe('input.destination.postalCode');
    expect(e2e.sandbox.stats.carrierB.calls['POST /country/v1/postal/validate']).toBeGreaterThan(0);
    expect(totalCalls()).toBe(0);
  });

  it('a freight (LTL) service, which the Carrier B rate interface does not quote, is BAD_USER_INPUT naming input.serviceCodes.N before any call', async () => {
    const answer = await e2e.gql(SHOP, { input: lane(11, { serviceCodes: ['CARRIER_GROUND', 'CARRIER_FREIGHT_ECONOMY'] }) });
    expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(answer)).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0]?.extensions?.field).toBe('input.serviceCodes.1');
    expect(answer.errors?.[0]?.message).toMatch(/freight/i);
    expect(answer.data?.rates ?? null).toBeNull();
    // Nothing reached any carrier: no rate call, no postal validation, no token.
    expect(totalCalls()).toBe(0);
    expect(Object.values(e2e.sandbox.stats.carrierB.calls).reduce((a, b) => a + b, 0)).toBe(0);
    // A parcel service alone is quoted as before.
    expect((await shop(lane(11, { serviceCodes: ['CARRIER_GROUND'] }))).quotes.length).toBeGreaterThan(0);
  });

  it('a postal validation that fails is a warning, not a block: the rate shop goes on', async () => {
    e2e.sandbox.failNext('carrierB', { status: 403, count: 2 });
    // Codes no other test checked, so both are asked (answers are cached briefly, RT8).
    const result = await shop(lane(10, { origin: { countryCode: 'US', postalCode: '30302' }, destination: { countryCode: 'US', postalCode: '10011' } }));
    expect(result.warnings.map((w: any) => w.code)).toEqual(['POSTAL_CODE_NOT_CHECKED', 'POSTAL_CODE_NOT_CHECKED']);
    expect(result.outcomes.find((o: any) => o.upstream === 'carrier-b').__typename).toBe('CarrierRates');
    expect(ratingCalls()['carrier-b']).toBe(1);
  });

  it('the same rate request twice in one operation (aliases) costs one call per carrier', async () => {
    const answer = await e2e.gql(
      `query ($input: RateRequestInput!) { a: rates(input: $input) { quotes { serviceCode } } b: rates(input: $input) { quotes { serviceCode } } }`,
      { input: lane(11) },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.b.quotes).toEqual(answer.data.a.quotes);
    expect(ratingCalls()).toEqual({ 'group-a/express': 1, 'group-a/ecommerce': 1, 'carrier-b': 1 });
  });

  it("a service the lane lacks is Carrier B's RateFailure with its code, transaction id and the workable services", async () => {
    const answer = await e2e.gql(SHOP, {
      input: {
        origin: { countryCode: 'US', postalCode: '30301' },
        destination: { countryCode: 'DE', postalCode: '10115' },
        packages: [{ weight: { value: 2 } }],
        declaredValue: { amount: '50.00', currency: 'USD' },
        customs: { items: [{ description: 'Books', quantity: 1, value: { amount: '50.00', currency: 'USD' } }] },
        carriers: ['CARRIER_B'],
        serviceCodes: ['CARRIER_GROUND'],
      },
    });
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    const failure = answer.data.rates.outcomes[0];
    expect(failure).toMatchObject({ __typename: 'RateFailure', upstream: 'carrier-b', carrierCode: 'RATE.SERVICETYPE.NOTAVAILABLE' });
    expect(failure.workableServices.length).toBeGreaterThan(0);
    expect(failure.transactionId).toEqual(expect.any(String));
  });

  it('carriers not asked for are skipped as FILTERED_OUT and never called', async () => {
    const result = await shop(lane(7, { carriers: ['GROUP_A'], divisions: ['express'] }));
    expect(result.outcomes.map((o: any) => o.upstream)).toEqual(['group-a/express']);
    expect(result.skipped.map((s: any) => [s.upstream, s.code]).sort()).toEqual([
      ['carrier-b', 'FILTERED_OUT'],
      ['dark-store', 'FILTERED_OUT'],
      ['group-a/ecommerce', 'FILTERED_OUT'],
    ]);
    expect(ratingCalls()).toEqual({ 'group-a/express': 1, 'group-a/ecommerce': 0, 'carrier-b': 0 });
  });
});

describe('strategies over /graphql', () => {
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const deliveryText = (q: any) => q.estimatedDelivery?.instant ?? q.estimatedDelivery?.localDateTime ?? q.commitDate?.instant ?? q.commitDate?.localDateTime ?? null;

  it('CHEAPEST orders the quotes of one currency by total, cheapest first, and best is the first', async () => {
    const result = await shop(lane(8, { strategy: 'CHEAPEST', currency: 'USD' }));
    const usd = result.quotes.filter((q: any) => q.total.currency === 'USD');
    expect(usd.length).toBeGreaterThan(1);
    // The preferred currency leads; within it totals never decrease.
    expect(result.quotes.slice(0, usd.length)).toEqual(usd);
    usd.slice(1).forEach((q: any, i: number) => expect(cents(q.total.amount)).toBeGreaterThanOrEqual(cents(usd[i].total.amount)));
    expect(result.best).toEqual({ upstream: usd[0].upstream, serviceCode: usd[0].serviceCode, total: usd[0].total });
  });

  it('FASTEST puts the earliest estimated delivery first', async () => {
    const result = await shop(lane(8, { strategy: 'FASTEST' }));
    expect(result.strategy).toBe('FASTEST');
    const dated = result.quotes.filter((q: any) => deliveryText(q) !== null);
    expect(dated.length).toBeGreaterThan(1);
    expect(result.quotes.slice(0, dated.length)).toEqual(dated);
    const dates = dated.map((q: any) => deliveryText(q).slice(0, 10));
    expect([...dates].sort()).toEqual(dates);
  });

  it('DELIVER_BY keeps only quotes arriving on or before the date; the rest are excluded with the reason', async () => {
    const all = await shop(lane(8, { strategy: 'FASTEST' }));
    const dates = all.quotes.map(deliveryText).filter(Boolean).map((t: string) => t.slice(0, 10)).sort();
    const deliverBy = dates[0];
    const result = await shop(lane(8, { strategy: 'DELIVER_BY', deliverBy }));
    expect(result.quotes.length).toBeGreaterThan(0);
    for (const q of result.quotes) expect(deliveryText(q).slice(0, 10) <= deliverBy).toBe(true);
    expect(result.quotes.length + result.excluded.length).toBe(all.quotes.length);
    for (const e of result.excluded) {
      const text = deliveryText(e.quote);
      expect(e.reason).toBe(text === null ? 'DELIVERY_DATE_UNKNOWN' : 'ARRIVES_AFTER_DELIVER_BY');
    }
  });

  it('BEST_VALUE answers every quote, ordered by the sum of its price and speed places', async () => {
    const result = await shop(lane(8, { strategy: 'BEST_VALUE' }));
    const cheapest = await shop(lane(8, { strategy: 'CHEAPEST' }));
    const fastest = await shop(lane(8, { strategy: 'FASTEST' }));
    expect(result.strategy).toBe('BEST_VALUE');
    // A quote's identity across the three answers (the same quotes, each strategy's order).
    const id = (q: any) => [q.upstream, q.serviceCode, q.rateType, q.accountNumber ?? '', q.total.currency].join('|');
    const ids = (quotes: any[]) => quotes.map(id);
    const priceRank = new Map(ids(cheapest.quotes).map((key, place) => [key, place]));
    const speedRank = new Map(ids(fastest.quotes).map((key, place) => [key, place]));
    expect(priceRank.size).toBe(cheapest.quotes.length);
    expect([...speedRank.keys()].sort()).toEqual([...priceRank.keys()].sort());
    expect(ids(result.quotes).sort()).toEqual([...priceRank.keys()].sort());
    // The smallest sum of the two places first; ties to the cheaper.
    const sum = (key: string) => priceRank.get(key)! + speedRank.get(key)!;
    const expected = [...priceRank.keys()].sort((a, b) => sum(a) - sum(b) || priceRank.get(a)! - priceRank.get(b)!);
    expect(ids(result.quotes)).toEqual(expected);
    // The lane has quotes whose sums differ from their price order, so CHEAPEST's order would not pass.
    expect(expected).not.toEqual(ids(cheapest.quotes));
    const first = result.quotes[0];
    expect(result.best).toEqual({ upstream: first.upstream, serviceCode: first.serviceCode, total: first.total });
  });
});
