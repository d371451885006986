import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { EcommerceRatingConnector } from '../../../src/carriers/group-a/ecommerce/rating.js';
import type { UpstreamClient } from '../../../src/platform/http/upstream-client.js';
import { createEcommerceHttpClient } from '../../../src/carriers/group-a/ecommerce/client.js';
import type { RateOutcome, RateRequest } from '../../../src/domain/rating.js';
import type { GroupAEcommerceConfig } from '../../../src/carriers/group-a/config.js';
import { startTestServer, type TestServer } from '../../platform/test-server.js';
import { platform } from './harness.js';

const PRODUCTS = 'POST /shipping/v4/products';
let sandbox: Sandbox | undefined;
let server: TestServer | undefined;
let client: UpstreamClient | undefined;

afterEach(async () => {
  await client?.close();
  await sandbox?.close();
  await server?.close();
  client = sandbox = server = undefined;
});

function ecommerceConfig(baseUrl: string, overrides: Partial<GroupAEcommerceConfig> = {}): GroupAEcommerceConfig {
  return {
    baseUrl,
    clientId: 'sandbox-ecom-client',
    clientSecret: 'sandbox-ecom-secret',
    pickupAccount: '5351244',
    trackPath: '/tracking/v4/package',
    trackParamPackageId: 'packageId',
    trackParamCarrierId: 'carrierPackageId',
    distributionCenter: 'USATL1',
    distributionCenterCountry: 'US',
    dutyTaxPath: '/shipping/v4/dutytax',
    ...overrides,
  };
}

/** The module's e-commerce client (src/carriers/group-a/ecommerce/client.ts): client credentials, bearer, readProblem. */
function ecommerceClient(config: GroupAEcommerceConfig): UpstreamClient {
  client = createEcommerceHttpClient({ config, ...platform() });
  return client;
}

async function viaSandbox(overrides: Partial<GroupAEcommerceConfig> = {}) {
  sandbox = await startSandbox();
  const config = ecommerceConfig(sandbox.urls.groupAEcommerce, overrides);
  return { sandbox, connector: new EcommerceRatingConnector({ client: ecommerceClient(config), config }) };
}

function rateRequest(extra: Partial<RateRequest> = {}): RateRequest {
  return {
    origin: { countryCode: 'US', postalCode: '30301', city: 'Atlanta', stateOrProvinceCode: 'GA', streetLines: [], residential: null },
    destination: { countryCode: 'US', postalCode: '10001', city: 'New York', stateOrProvinceCode: 'NY', streetLines: ['350 5th Ave'], residential: null },
    packages: [{ weight: { value: 3, unit: 'LB' }, dimensions: { length: 10, width: 8, height: 4, unit: 'IN' } }],
    shipDate: '2030-01-07',
    readyTime: '10:00:00',
    originUtcOffset: '-05:00',
    declaredValue: null,
    customs: null,
    cashOnDelivery: null,
    currency: null,
    serviceCodes: [],
    expressAccountNumber: null,
    itemCount: null,
    ...extra,
  };
}

function quotesOf(outcome: RateOutcome) {
  if (!outcome.ok) throw new Error(`rating failed: ${outcome.error.code} ${outcome.error.message}`);
  return outcome.quotes;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('Group A e-commerce rating: POST /shipping/v4/products through the sandbox (seed 000, interface C; E7-E9)', () => {
  it('the token is minted once and sent as a bearer on every products call', async () => {
    const { sandbox, connector } = await viaSandbox();
    quotesOf(await connector.rate(rateRequest()));
    quotesOf(await connector.rate(rateRequest({ destination: { ...rateRequest().destination, postalCode: '60601' } })));
    expect(sandbox.stats.groupAEcommerce.tokenMints).toBe(1);
    expect(sandbox.stats.groupAEcommerce.calls[PRODUCTS]).toBe(2);
    expect(sandbox.stats.groupAEcommerce.responses['401']).toBeUndefined();
  });

  it('a 401 re-mints the token once and asks again', async () => {
    const { sandbox, connector } = await viaSandbox();
    quotesOf(await connector.rate(rateRequest()));
    sandbox.revokeTokens('groupAEcommerce');
    expect(quotesOf(await connector.rate(rateRequest())).length).toBeGreaterThan(0);
    expect(sandbox.stats.groupAEcommerce.tokenMints).toBe(2);
    expect(sandbox.stats.groupAEcommerce.responses['401']).toBe(1);
  });

  it('E7: one quote per product, the product code (orderedProductId at label time) as service code, breakdown with native codes', async () => {
    const { connector } = await viaSandbox();
    const outcome = await connector.rate(rateRequest());
    expect(outcome).toMatchObject({ ok: true, carrier: 'GROUP_A', division: 'ecommerce', upstream: 'group-a/ecommerce' });
    const quotes = quotesOf(outcome);
    const ground = quotes.find((q) => q.serviceCode === 'GND');
    expect(ground).toMatchObject({ serviceName: 'Parcel Ground', serviceLevel: 'GROUND', rateType: 'ACCOUNT', nativeRateType: 'ACCOUNT', guaranteed: false });
    expect(ground?.total.currency).toBe('USD');
    expect(ground?.breakdown.map((line) => [line.kind, line.code])).toEqual(expect.arrayContaining([['BASE', 'BASE'], ['SURCHARGE', 'FUEL']]));
    // The total is the sum of its components, added in cents, never in floats.
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    expect(ground!.breakdown.reduce((sum, line) => sum + cents(line.amount.amount), 0)).toBe(cents(ground!.total.amount));
    expect(ground?.currencyViews).toEqual([{ currencyType: null, total: ground!.total, breakdown: ground!.breakdown }]);
  });

  it('E7: the estimated delivery is the window\'s later date, counted from the requested ship date, local (no zone invented)', async () => {
    const { connector } = await viaSandbox();
    const monday = quotesOf(await connector.rate(rateRequest({ shipDate: '2030-01-07' }))).find((q) => q.serviceCode === 'GND')!;
    const nextMonday = quotesOf(await connector.rate(rateRequest({ shipDate: '2030-01-14' }))).find((q) => q.serviceCode === 'GND')!;
    expect(monday.estimatedDelivery?.instant).toBeNull();
    const date = monday.estimatedDelivery!.localDateTime!.slice(0, 10);
    expect(nextMonday.estimatedDelivery?.localDateTime?.slice(0, 10)).toBe(addDays(date, 7));
    expect(date >= addDays('2030-01-07', monday.transitDays!)).toBe(true);
  });

  it('a products answer with no product means the lane is not served (an answer with no quotes, not a failure)', async () => {
    const { sandbox, connector } = await viaSandbox();
    const remote = await connector.rate(rateRequest({ destination: { ...rateRequest().destination, postalCode: '99501' } }));
    expect(remote).toMatchObject({ ok: true, quotes: [] });
    const unserved = await connector.rate(rateRequest({ destination: { ...rateRequest().destination, countryCode: 'BR', postalCode: '01310-100' } }));
    expect(unserved).toMatchObject({ ok: true, quotes: [] });
    expect(sandbox.stats.groupAEcommerce.calls[PRODUCTS]).toBe(2);
  });

  it('an international lane quotes the international products; a packet only up to 4 LB', async () => {
    const { connector } = await viaSandbox();
    const gb = { ...rateRequest().destination, countryCode: 'GB', postalCode: 'SW1A 1AA', stateOrProvinceCode: null };
    const light = quotesOf(await connector.rate(rateRequest({ destination: gb, packages: [{ weight: { value: 1, unit: 'KG' }, dimensions: null }] })));
    expect(light.map((q) => q.serviceCode).sort()).toEqual(['PKY', 'PLT']);
    const heavy = quotesOf(await connector.rate(rateRequest({ destination: gb, packages: [{ weight: { value: 5, unit: 'KG' }, dimensions: null }] })));
    expect(heavy.map((q) => q.serviceCode)).toEqual(['PLT']);
  });

  it("an over-weight package is refused with the interface's error body: UPSTREAM_BAD_REQUEST with its detail (D13)", async () => {
    const { connector } = await viaSandbox();
    const outcome = await connector.rate(rateRequest({ packages: [{ weight: { value: 40, unit: 'KG' }, dimensions: null }] }));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('UPSTREAM_BAD_REQUEST');
    expect(outcome.error.message).toContain('the maximum is 70 LB');
    expect(outcome.error.carrierCode).toBe('urn:sandbox:problem:invalid-request');
  });

  it('a malformed answer is UPSTREAM_CONTRACT, never a lane without products', async () => {
    const { sandbox, connector } = await viaSandbox();
    sandbox.setFaults('groupAEcommerce', { malformedRate: 1 });
    for (let i = 0; i < 4; i += 1) {
      const outcome = await connector.rate(rateRequest());
      expect(outcome.ok === false && outcome.error.code).toBe('UPSTREAM_CONTRACT');
    }
  });

  it('a 503 is asked again once (a quote creates nothing at the carrier)', async () => {
    const { sandbox, connector } = await viaSandbox();
    sandbox.failNext('groupAEcommerce', { status: 503, count: 1 });
    expect(quotesOf(await connector.rate(rateRequest())).length).toBeGreaterThan(0);
    expect(sandbox.stats.groupAEcommerce.calls[PRODUCTS]).toBe(2);
  });

  it('service codes asked for keep only those products', async () => {
    const { connector } = await viaSandbox();
    const quotes = quotesOf(await connector.rate(rateRequest({ serviceCodes: ['GND', 'SOMETHING_ELSE'] })));
    expect(quotes.map((q) => q.serviceCode)).toEqual(['GND']);
  });
});

describe('Group A e-commerce rating: lanes refused without a call (E7, E9)', () => {
  it('an origin outside the distribution center\'s country (GROUP_A_ECOM_DISTRIBUTION_CENTER_COUNTRY) is refused and nothing is sent', async () => {
    const { sandbox, connector } = await viaSandbox();
    const request = rateRequest({ origin: { ...rateRequest().origin, countryCode: 'CA', postalCode: 'M5V 2T6' } });
    expect(connector.refuses(request)).toMatchObject({ code: 'ORIGIN_NOT_DISTRIBUTION_CENTER_COUNTRY' });
    expect(connector.refuses(rateRequest())).toBeNull();
    const outcome = await connector.rate(request);
    expect(outcome.ok).toBe(false);
    expect(sandbox.stats.groupAEcommerce.calls).toEqual({});
  });

  it('the country is configuration: a CA distribution center quotes CA origins only', async () => {
    const { connector } = await viaSandbox({ distributionCenterCountry: 'CA' });
    expect(connector.refuses(rateRequest())).toMatchObject({ code: 'ORIGIN_NOT_DISTRIBUTION_CENTER_COUNTRY' });
    expect(connector.refuses(rateRequest({ origin: { ...rateRequest().origin, countryCode: 'CA' } }))).toBeNull();
  });

  it('several packages are refused: the label request carries one packageDetail (SINGLE_PACKAGE_ONLY)', async () => {
    const { connector } = await viaSandbox();
    const pkg = rateRequest().packages[0]!;
    expect(connector.refuses(rateRequest({ packages: [pkg, pkg] }))).toMatchObject({ code: 'SINGLE_PACKAGE_ONLY' });
  });

  it('without the pickup account or distribution center the lane is refused as NOT_CONFIGURED, naming the variables', async () => {
    const { sandbox, connector } = await viaSandbox({ distributionCenter: null });
    const refusal = connector.refuses(rateRequest());
    expect(refusal?.code).toBe('NOT_CONFIGURED');
    expect(refusal?.message).toContain('GROUP_A_ECOM_DISTRIBUTION_CENTER');
    // Asked anyway (the service asks `refuses` first): a typed failure, and still nothing is sent.
    const outcome = await connector.rate(rateRequest());
    expect(outcome.ok === false && outcome.error.code).toBe('UPSTREAM_NOT_CONFIGURED');
    expect(sandbox.stats.groupAEcommerce.calls).toEqual({});
  });
});

describe('Group A e-commerce rating: the request and answer on the wire (E7, E8)', () => {
  const token = { access_token: 'tok-123', expires_in: 3600 };
  async function viaTestServer(answer: unknown) {
    server = await startTestServer((req) => (req.url.startsWith('/auth/') ? { status: 200, body: token } : { status: 200, body: answer }));
    const config = ecommerceConfig(server.origin);
    return { server, connector: new EcommerceRatingConnector({ client: ecommerceClient(config), config }) };
  }

  it("units are sent as LB and IN (the label request's units), converted from KG and CM and rounded up", async () => {
    const { server, connector } = await viaTestServer({ products: [] });
    await connector.rate(
      rateRequest({
        packages: [{ weight: { value: 1, unit: 'KG' }, dimensions: { length: 10, width: 20, height: 30, unit: 'CM' } }],
        declaredValue: { amount: '49.90', currency: 'USD' },
      }),
    );
    const products = server.seen.find((req) => req.url === '/shipping/v4/products');
    expect(products?.method).toBe('POST');
    expect(products?.headers.authorization).toBe('Bearer tok-123');
    expect(JSON.parse(products!.body)).toEqual({
      pickup: '5351244',
      distributionCenter: 'USATL1',
      consigneeAddress: { address1: '350 5th Ave', city: 'New York', state: 'NY', postalCode: '10001', country: 'US' },
      packageDetail: {
        weight: { value: 2.21, unitOfMeasure: 'LB' },
        dimension: { length: 3.94, width: 7.88, height: 11.82, unitOfMeasure: 'IN' },
        shippingCost: { currency: 'USD', declaredValue: 49.9 },
      },
      expectedShipDate: '2030-01-07',
    });
  });

  it('a weight already in LB is sent as given', async () => {
    const { server, connector } = await viaTestServer({ products: [] });
    await connector.rate(rateRequest({ packages: [{ weight: { value: 2.2, unit: 'LB' }, dimensions: null }] }));
    const body = JSON.parse(server.seen.find((req) => req.url === '/shipping/v4/products')!.body) as { packageDetail: unknown };
    expect(body.packageDetail).toEqual({ weight: { value: 2.2, unitOfMeasure: 'LB' } });
  });

  it('a rate type the answer does not state is OTHER with no native word; an unknown product code is level OTHER', async () => {
    const { connector } = await viaTestServer({
      products: [{ orderedProductId: 'ZZ9', productName: 'Something new', rate: { amount: 12.5, currency: 'USD', rateComponents: [{ type: 'PEAK', code: 'PK', amount: 1.25 }] } }],
    });
    const [quote] = quotesOf(await connector.rate(rateRequest()));
    expect(quote).toMatchObject({ serviceCode: 'ZZ9', serviceLevel: 'OTHER', rateType: 'OTHER', nativeRateType: null, transitDays: null, estimatedDelivery: null, guaranteed: null });
    expect(quote?.total).toEqual({ amount: '12.5', currency: 'USD' });
    expect(quote?.breakdown).toEqual([{ kind: 'OTHER', code: 'PK', name: null, amount: { amount: '1.25', currency: 'USD' } }]);
  });

  it('a 200 without a products list is UPSTREAM_CONTRACT, not an unserved lane', async () => {
    const { connector } = await viaTestServer({ items: [] });
    const outcome = await connector.rate(rateRequest());
    expect(outcome.ok === false && outcome.error.code).toBe('UPSTREAM_CONTRACT');
  });
});
