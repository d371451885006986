import { afterEach, describe, expect, it } from 'vitest';
import { ExpressTrackingConnector } from '../../../src/carriers/group-a/express/connector.js';
import { createExpressHttpClient } from '../../../src/carriers/group-a/express/client.js';
import { ExpressRatingConnector } from '../../../src/carriers/group-a/express/rating.js';
import type { RateOutcome, RateQuote } from '../../../src/domain/rating.js';
import { loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/platform/logger.js';
import { createMetrics } from '../../../src/platform/metrics.js';
import { platform, trackRequest } from './harness.js';
import {
  DELHI,
  KATHMANDU,
  PYONGYANG,
  rateRequest,
  ratingSetup,
  rawExpressPost,
  startFixedAnswer,
  type RatingSetup,
} from './express-rating-harness.js';

let setup: RatingSetup | undefined;
const extraClosers: Array<() => Promise<void>> = [];

afterEach(async () => {
  await setup?.close();
  setup = undefined;
  for (const close of extraClosers.splice(0)) await close();
});

async function connect(...args: Parameters<typeof ratingSetup>) {
  setup = await ratingSetup(...args);
  return { setup, connector: new ExpressRatingConnector({ client: setup.client, config: setup.config }) };
}

function quotesOf(outcome: RateOutcome): RateQuote[] {
  if (!outcome.ok) throw new Error(`rating failed: ${outcome.error.code} ${outcome.error.message}`);
  return outcome.quotes;
}

function quote(outcome: RateOutcome, code: string): RateQuote {
  const found = quotesOf(outcome).find((q) => q.serviceCode === code);
  if (!found) throw new Error(`no quote for ${code}`);
  return found;
}

describe('Group A express rate request (seed 000, "Express rate request")', () => {
  it('plannedShippingDateAndTime is sent shaped YYYY-MM-DDTHH:MM:SS GMT+HH:MM', async () => {
    const { setup, connector } = await connect();
    quotesOf(await connector.rate(rateRequest()));
    quotesOf(await connector.rate(rateRequest({ origin: { ...DELHI }, readyTime: '09:05', originUtcOffset: '-0700' })));
    const [first, second] = setup.bodies();
    expect(first?.['plannedShippingDateAndTime']).toBe('2026-03-13T14:00:00 GMT+05:30');
    expect(second?.['plannedShippingDateAndTime']).toBe('2026-03-13T09:05:00 GMT-07:00');
    for (const body of setup.bodies()) expect(body['plannedShippingDateAndTime']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2} GMT[+-]\d{2}:\d{2}$/);
  });

  it('the account number travels in accounts[]; one credential pair serves every configured account', async () => {
    const { setup, connector } = await connect({ accountNumbers: ['950000001', '950000002'] });
    const byDefault = await connector.rate(rateRequest());
    const chosen = await connector.rate(rateRequest({ expressAccountNumber: '950000002' }));
    const [first, second] = setup.bodies();
    // The request chooses the account; without a choice, the first configured one.
    expect(first?.['accounts']).toEqual([{ typeCode: 'shipper', number: '950000001' }]);
    expect(second?.['accounts']).toEqual([{ typeCode: 'shipper', number: '950000002' }]);
    const authorizations = setup.proxy.seen.map((r) => r.headers['authorization']);
    expect(new Set(authorizations).size).toBe(1);
    expect(authorizations[0]).toMatch(/^Basic /);
    expect(quote(byDefault, 'P').accountNumber).toBe('950000001');
    expect(quote(chosen, 'P').accountNumber).toBe('950000002');
  });

  it('an account number that is not configured is refused without a call', async () => {
    const { setup, connector } = await connect();
    const outcome = await connector.rate(rateRequest({ expressAccountNumber: '950000009' }));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.code).toBe('UPSTREAM_NOT_CONFIGURED');
    expect(setup.proxy.seen).toHaveLength(0);
  });

  it('a cross-border request is customs-declarable with its declaredValue in monetaryAmount[]; a domestic one is not', async () => {
    const { setup, connector } = await connect();
    quotesOf(await connector.rate(rateRequest()));
    quotesOf(await connector.rate(rateRequest({ destination: DELHI, customs: null, declaredValue: null })));
    const [crossBorder, domestic] = setup.bodies();
    expect(crossBorder).toMatchObject({
      isCustomsDeclarable: true,
      monetaryAmount: [{ typeCode: 'declaredValue', value: 120, currency: 'USD' }],
      payerCountryCode: 'IN',
      unitOfMeasurement: 'metric',
      estimatedDeliveryDate: { isRequested: true, typeCode: 'QDDC' },
      customerDetails: {
        shipperDetails: { postalCode: '400099', cityName: 'Mumbai', countryCode: 'IN', addressLine1: 'Sahar Road 4' },
        receiverDetails: { postalCode: '144-0041', cityName: 'Tokyo', countryCode: 'JP', provinceCode: '13' },
      },
    });
    expect(crossBorder?.['customerDetails']['shipperDetails']).not.toHaveProperty('provinceCode');
    expect(domestic?.['isCustomsDeclarable']).toBe(false);
    expect(domestic).not.toHaveProperty('monetaryAmount');
  });

  it('packages[] are 2BP pieces in metric units: pounds and inches are converted', async () => {
    const { setup, connector } = await connect();
    quotesOf(
      await connector.rate(rateRequest({ packages: [{ weight: { value: 2.2, unit: 'LB' }, dimensions: { length: 10, width: 8, height: 4, unit: 'IN' } }] })),
    );
    expect(setup.bodies()[0]?.['packages']).toEqual([{ typeCode: '2BP', weight: 0.998, dimensions: { length: 25.4, width: 20.3, height: 10.2 } }]);
  });

  it('productsAndServices[] names the requested products, and only they are quoted', async () => {
    const { setup, connector } = await connect();
    const outcome = await connector.rate(rateRequest({ serviceCodes: ['P'] }));
    expect(setup.bodies()[0]?.['productsAndServices']).toEqual([{ productCode: 'P' }]);
    expect(quotesOf(outcome).map((q) => q.serviceCode)).toEqual(['P']);
    const all = await connector.rate(rateRequest());
    expect(setup.bodies()[1]).not.toHaveProperty('productsAndServices');
    expect(quotesOf(all).length).toBeGreaterThan(1);
  });

  it("other carriers' service codes are not sent to express; naming only those skips express without a call", async () => {
    const { setup, connector } = await connect();
    quotesOf(await connector.rate(rateRequest({ serviceCodes: ['PRIORITY_OVERNIGHT', 'P'] })));
    expect(setup.bodies()[0]?.['productsAndServices']).toEqual([{ productCode: 'P' }]);
    const others = rateRequest({ serviceCodes: ['PRIORITY_OVERNIGHT'] });
    expect(connector.refuses(others)).toMatchObject({ code: 'FILTERED_OUT' });
    expect((await connector.rate(others)).ok).toBe(false);
    expect(setup.proxy.seen).toHaveLength(1);
  });

  it('cash on delivery travels as a value-added service (KB) and is priced as a surcharge', async () => {
    const { setup, connector } = await connect();
    const request = rateRequest({ destination: DELHI, customs: null, declaredValue: null, cashOnDelivery: { amount: '2500.00', currency: 'INR' } });
    const withCod = quote(await connector.rate(request), 'N');
    expect(setup.bodies()[0]?.['productsAndServices']).toEqual([{ valueAddedServices: [{ serviceCode: 'KB', value: 2500, currency: 'INR' }] }]);
    expect(withCod.breakdown).toContainEqual(expect.objectContaining({ kind: 'SURCHARGE', code: 'KB' }));
    const without = quote(await connector.rate({ ...request, cashOnDelivery: null }), 'N');
    expect(without.breakdown.map((line) => line.code)).not.toContain('KB');
  });
  it('the COD service code is configuration: GROUP_A_EXPRESS_COD_SERVICE_CODE (default KB)', async () => {
    const { setup } = await connect();
    const env = {
      GROUP_A_EXPRESS_BASE_URL: setup.config.baseUrl,
      GROUP_A_EXPRESS_USERNAME: setup.config.username,
      GROUP_A_EXPRESS_PASSWORD: setup.config.password,
      GROUP_A_EXPRESS_ACCOUNT_NUMBERS: setup.config.accountNumbers.join(','),
    };
    const codeSent = async (extra: Record<string, string>) => {
      const loaded = loadConfig({ ...env, ...extra });
      if (!loaded.ok || !loaded.config.groupAExpress) throw new Error('config refused');
      const connector = new ExpressRatingConnector({ client: setup.client, config: loaded.config.groupAExpress });
      await connector.rate(rateRequest({ destination: DELHI, customs: null, declaredValue: null, cashOnDelivery: { amount: '100', currency: 'INR' } }));
      return setup.bodies().at(-1)?.['productsAndServices'][0].valueAddedServices[0].serviceCode;
    };
    expect(await codeSent({})).toBe('KB');
    expect(await codeSent({ GROUP_A_EXPRESS_COD_SERVICE_CODE: 'CD' })).toBe('CD');
    expect(loadConfig({ ...env, GROUP_A_EXPRESS_COD_SERVICE_CODE: 'cash on delivery' }).ok).toBe(false);
  });
});

describe('Group A express rate answer (seed 000, "Express rate answer")', () => {
  it('the total is the BILLC entry of totalPrice[]; other currency views are kept', async () => {
    const { setup, connector } = await connect();
    const outcome = await connector.rate(rateRequest());
    const raw = await rawExpressPost(setup, '/rates', setup.bodies()[0]);
    const wire = (raw.json.products as any[]).find((p) => p.productCode === 'P');
    const billc = (wire.totalPrice as any[]).find((v) => v.currencyType === 'BILLC');
    const p = quote(outcome, 'P');
    expect(p.total).toEqual({ amount: String(billc.price), currency: billc.priceCurrency });
    expect(p.currencyViews.map((v) => v.currencyType)).toEqual((wire.totalPrice as any[]).map((v) => v.currencyType));
    const pickupView = p.currencyViews.find((v) => v.currencyType === 'PULCL');
    expect(pickupView?.total.currency).toBe('INR');
    expect(pickupView?.breakdown.length).toBeGreaterThan(0);
    expect(p.breakdown).toEqual(p.currencyViews.find((v) => v.currencyType === 'BILLC')?.breakdown);
  });

  it('breakdown lines keep the native typeCode beside their kind (base, surcharge, discount)', async () => {
    const { connector } = await connect();
    const p = quote(await connector.rate(rateRequest()), 'P');
    expect(p.breakdown).toContainEqual(expect.objectContaining({ kind: 'BASE', code: 'SPRQT' }));
    expect(p.breakdown).toContainEqual(expect.objectContaining({ kind: 'SURCHARGE', code: 'FF' }));
    const discount = p.breakdown.find((line) => line.code === 'STDIS');
    expect(discount?.kind).toBe('DISCOUNT');
    expect(discount?.amount.amount).not.toMatch(/^-/);
  });

  it('rateType is ACCOUNT when isCustomerAgreement, LIST otherwise', async () => {
    const { connector } = await connect({ accountNumbers: ['950000001', '950000002'] });
    const agreed = await connector.rate(rateRequest());
    expect(quote(agreed, 'P').rateType).toBe('ACCOUNT');
    expect(quote(agreed, 'H').rateType).toBe('LIST');
    expect(quote(await connector.rate(rateRequest({ expressAccountNumber: '950000002' })), 'P').rateType).toBe('LIST');
  });

  it('transit days, the estimated delivery as a local date-time (no zone guessed) and the pickup window are kept', async () => {
    const { setup, connector } = await connect();
    const p = quote(await connector.rate(rateRequest()), 'P');
    const raw = await rawExpressPost(setup, '/rates', setup.bodies()[0]);
    const wire = (raw.json.products as any[]).find((x) => x.productCode === 'P');
    expect(p.transitDays).toBe(wire.deliveryCapabilities.totalTransitDays);
    expect(p.estimatedDelivery).toEqual({ instant: null, localDateTime: wire.deliveryCapabilities.estimatedDeliveryDateAndTime });
    expect(p.pickup).toEqual({
      cutoff: { instant: null, localDateTime: wire.pickupCapabilities.localCutoffDateAndTime },
      gmtCutoffTime: wire.pickupCapabilities.GMTCutoffTime,
      earliest: wire.pickupCapabilities.pickupEarliest,
      latest: wire.pickupCapabilities.pickupLatest,
      nextBusinessDay: wire.pickupCapabilities.nextBusinessDay,
    });
    expect(p).toMatchObject({ carrier: 'GROUP_A', division: 'express', upstream: 'group-a/express', serviceName: 'EXPRESS WORLDWIDE', serviceLevel: 'EXPRESS' });
    expect(quote(await connector.rate(rateRequest()), 'H').serviceLevel).toBe('ECONOMY');
  });

  it('an answer without products means the lane is not served', async () => {
    const { setup, connector } = await connect();
    const outcome = await connector.rate(rateRequest({ destination: PYONGYANG }));
    expect(outcome).toMatchObject({ ok: true, quotes: [] });
    expect(setup.sandbox.stats.groupAExpress.calls).toEqual({ 'POST /expressapi/test/rates': 1 });
  });

  it('warnings[] in a successful answer reach the quote', async () => {
    const { connector } = await connect();
    const outcome = await connector.rate(rateRequest({ destination: KATHMANDU }));
    const p = quote(outcome, 'P');
    expect(outcome.warnings).toEqual([expect.objectContaining({ message: expect.stringContaining('remote area') })]);
    expect(p.warnings).toEqual(outcome.warnings);
    expect(p.breakdown).toContainEqual(expect.objectContaining({ kind: 'SURCHARGE', code: 'OO' }));
  });

  it('a malformed answer is UPSTREAM_CONTRACT', async () => {
    const { setup, connector } = await connect();
    setup.sandbox.setFaults('groupAExpress', { malformedRate: 1 });
    for (let i = 0; i < 4; i += 1) {
      const outcome = await connector.rate(rateRequest());
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error.code).toBe('UPSTREAM_CONTRACT');
    }
  });

  it('a product without a BILLC entry is a contract failure of that product, never another view in its place', async () => {
    const good = { productCode: 'P', productName: 'EXPRESS WORLDWIDE', totalPrice: [{ currencyType: 'BILLC', priceCurrency: 'USD', price: 90.5 }] };
    const noBillc = { productCode: 'Y', productName: 'EXPRESS 12:00', totalPrice: [{ currencyType: 'PULCL', priceCurrency: 'INR', price: 9404.2 }] };
    const fixed = await startFixedAnswer({ products: [good, noBillc] });
    extraClosers.push(fixed.close);
    const { setup } = await connect();
    const client = createExpressHttpClient({ config: { ...setup.config, baseUrl: fixed.origin }, ...platform() });
    extraClosers.push(() => client.close());
    const connector = new ExpressRatingConnector({ client, config: setup.config });
    const outcome = await connector.rate(rateRequest());
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.quotes.map((q) => [q.serviceCode, q.total])).toEqual([['P', { amount: '90.5', currency: 'USD' }]]);
    expect(outcome.failedServices).toEqual([{ serviceCode: 'Y', error: expect.objectContaining({ code: 'UPSTREAM_CONTRACT' }) }]);
    expect(outcome.failedServices?.[0]?.error.message).toContain('no BILLC entry');
    // Only the failing product is named; the readable one's price is not in the message.
    expect(outcome.failedServices?.[0]?.error.message).not.toContain('9404.2');
  });

  it('an unreadable product is counted once on upstream_errors_total', async () => {
    const fixed = await startFixedAnswer({ products: [{ productCode: 'Y', totalPrice: [{ currencyType: 'PULCL', priceCurrency: 'INR', price: 1 }] }] });
    extraClosers.push(fixed.close);
    const { setup } = await connect();
    const client = createExpressHttpClient({ config: { ...setup.config, baseUrl: fixed.origin }, ...platform() });
    extraClosers.push(() => client.close());
    const metrics = createMetrics();
    const connector = new ExpressRatingConnector({ client, config: setup.config, failures: { metrics, logger: createLogger('silent') } });
    expect((await connector.rate(rateRequest())).ok).toBe(false);
    const counted = (await metrics.upstreamErrors.get()).values.filter((v) => v.labels.operation === 'rates');
    expect(counted).toEqual([expect.objectContaining({ value: 1, labels: expect.objectContaining({ code: 'UPSTREAM_CONTRACT' }) })]);
  });

  it('products answered but none readable is a failed outcome, not an unserved lane', async () => {
    const fixed = await startFixedAnswer({ products: [{ productCode: 'P', totalPrice: [{ currencyType: 'PULCL', priceCurrency: 'INR', price: 1 }] }] });
    extraClosers.push(fixed.close);
    const { setup } = await connect();
    const client = createExpressHttpClient({ config: { ...setup.config, baseUrl: fixed.origin }, ...platform() });
    extraClosers.push(() => client.close());
    const outcome = await new ExpressRatingConnector({ client, config: setup.config }).rate(rateRequest());
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.code).toBe('UPSTREAM_CONTRACT');
  });
});

describe('Group A express products and the daily quota', () => {
  it('available() asks POST /products for a single piece and /rates for several', async () => {
    const { setup, connector } = await connect();
    const single = await connector.available(rateRequest());
    expect(quotesOf(single).length).toBeGreaterThan(0);
    const twoPieces = rateRequest({ packages: [...rateRequest().packages, ...rateRequest().packages] });
    quotesOf(await connector.available(twoPieces));
    expect(setup.sandbox.stats.groupAExpress.calls).toEqual({ 'POST /expressapi/test/products': 1, 'POST /expressapi/test/rates': 1 });
  });

  it("each /rates call counts against the test environment's 500 a day (shared with tracking, per credential)", async () => {
    const { setup, connector } = await connect({ dailyQuota: 3 });
    const tracking = new ExpressTrackingConnector({ client: setup.client });
    expect((await tracking.track([trackRequest('1234567890')]))[0]?.ok).toBe(true);
    expect((await connector.rate(rateRequest())).ok).toBe(true);
    expect((await connector.available(rateRequest())).ok).toBe(true);
    const refused = await connector.rate(rateRequest());
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('UPSTREAM_RATE_LIMITED');
      expect(refused.error.retryAt?.toISOString()).toMatch(/T00:00:00\.000Z$/);
    }
    // The refused call was never sent.
    expect(setup.proxy.seen).toHaveLength(3);
  });

  it("the simulator's own quota answers 429 past the day's calls: UPSTREAM_RATE_LIMITED", async () => {
    const { connector } = await connect({ dailyQuota: null }, { expressTestDailyQuota: 1 });
    expect((await connector.rate(rateRequest())).ok).toBe(true);
    const refused = await connector.rate(rateRequest());
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('UPSTREAM_RATE_LIMITED');
  });

  it('a wrong password is UPSTREAM_UNAUTHORIZED, as an outcome', async () => {
    const { connector } = await connect({ password: 'wrong-password' });
    const outcome = await connector.rate(rateRequest());
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe('UPSTREAM_UNAUTHORIZED');
      expect(outcome.error.message).not.toContain('wrong-password');
    }
  });

  it('refuses() refuses no lane without a call ("There is no separate serviceability endpoint")', async () => {
    const { connector } = await connect();
    expect(connector.refuses(rateRequest({ destination: PYONGYANG }))).toBeNull();
  });
});

describe('Group A express legal terms (seed 000: "forbid sharing product and rating data with competitors")', () => {
  it('no rate answer reaches the logs: not on success, not with warnings, not when a product or the answer breaks the contract', async () => {
    const lines: string[] = [];
    const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
    const { setup } = await connect({}, {}, { logger });
    const connector = new ExpressRatingConnector({ client: setup.client, config: setup.config, failures: { metrics: createMetrics(), logger } });
    const served = await connector.rate(rateRequest());
    const remote = await connector.rate(rateRequest({ destination: KATHMANDU }));
    const noBillc = await startFixedAnswer({ products: [{ productCode: 'P', totalPrice: [{ currencyType: 'PULCL', priceCurrency: 'INR', price: 7523.19 }] }] });
    extraClosers.push(noBillc.close);
    const brokenClient = createExpressHttpClient({ config: { ...setup.config, baseUrl: noBillc.origin }, ...platform(), logger });
    extraClosers.push(() => brokenClient.close());
    const broken = await new ExpressRatingConnector({ client: brokenClient, config: setup.config, failures: { metrics: createMetrics(), logger } }).rate(rateRequest());
    expect(broken.ok).toBe(false);
    setup.sandbox.setFaults('groupAExpress', { malformedRate: 1 });
    expect((await connector.rate(rateRequest())).ok).toBe(false);

    // The contract failures were logged (so the check below looks at real lines) ...
    expect(lines.filter((line) => line.includes('upstream call failed')).length).toBeGreaterThanOrEqual(2);
    const log = lines.join('\n');
    // ... and no price, product name or rate detail of any answer is in them.
    const prices = [...quotesOf(served), ...quotesOf(remote)].flatMap((q) => q.currencyViews.flatMap((v) => [v.total.amount, ...v.breakdown.map((l) => l.amount.amount)]));
    for (const secret of [...new Set(prices)].filter((p) => p.length >= 4)) expect(log).not.toContain(secret);
    expect(log).not.toContain('7523.19');
    expect(log).not.toContain('EXPRESS WORLDWIDE');
    expect(log).not.toContain('totalPrice"');
    expect(log).not.toContain('remote area');
  });
});
