import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basicAuth, getJson, LOCAL_DATE_TIME, postJson, startTestSandbox, type TestSandbox } from './support.js';

let t: TestSandbox;
const url = (path: string, prefix = '/expressapi/test') => `${t.sandbox.urls.groupAExpress}${prefix}${path}`;
const post = (path: string, body: unknown, prefix?: string) => postJson(url(path, prefix), body, basicAuth(t.sandbox));

beforeAll(async () => {
  t = await startTestSandbox({ expressTestDailyQuota: 1000 });
});
afterAll(() => t.sandbox.close());
beforeEach(() => {
  t.sandbox.setFaults('groupAExpress', { latencyMs: 0, errorRate: 0, malformedRate: 0 });
});

/** The seed's express rate request, Mumbai -> Tokyo, one piece. */
function rateBody(extra: Record<string, unknown> = {}): Record<string, any> {
  return {
    customerDetails: {
      shipperDetails: { postalCode: '400099', cityName: 'Mumbai', countryCode: 'IN', addressLine1: 'Sahar Road 4' },
      receiverDetails: { postalCode: '144-0041', cityName: 'Tokyo', countryCode: 'JP', provinceCode: '13' },
    },
    accounts: [{ typeCode: 'shipper', number: '950000001' }],
    payerCountryCode: 'IN',
    plannedShippingDateAndTime: '2026-03-13T14:00:00 GMT+05:30',
    unitOfMeasurement: 'metric',
    isCustomsDeclarable: true,
    monetaryAmount: [{ typeCode: 'declaredValue', value: 120, currency: 'USD' }],
    estimatedDeliveryDate: { isRequested: true, typeCode: 'QDDC' },
    packages: [{ typeCode: '2BP', weight: 2.5, dimensions: { length: 30, width: 20, height: 10 } }],
    ...extra,
  };
}

const DOMESTIC = {
  customerDetails: {
    shipperDetails: { postalCode: '400099', cityName: 'Mumbai', countryCode: 'IN' },
    receiverDetails: { postalCode: '110037', cityName: 'Delhi', countryCode: 'IN' },
  },
  isCustomsDeclarable: false,
  monetaryAmount: undefined,
};

/** A decimal JSON price in minor units (2 decimals at most in these currencies; JPY has none). */
const minor = (price: number) => Math.round(price * 100);

describe('Group A express rating sandbox (seed 000: POST /rates, /products)', () => {
  it('answers products[] with the seed fields under both /expressapi/test and /expressapi', async () => {
    for (const prefix of ['/expressapi/test', '/expressapi']) {
      const answer = await post('/rates', rateBody(), prefix);
      expect(answer.status).toBe(200);
      const [product] = answer.body.products;
      expect(Object.keys(product).sort()).toEqual(
        [
          'deliveryCapabilities', 'isCustomerAgreement', 'localProductCode', 'localProductCountryCode', 'networkTypeCode', 'pickupCapabilities',
          'productCode', 'productName', 'totalPrice', 'totalPriceBreakdown', 'weight',
        ].sort(),
      );
      expect(product.networkTypeCode).toBe('TD');
      expect(product.weight).toEqual({ volumetric: 1.2, provided: 2.5, unitOfMeasurement: 'metric' });
    }
  });

  it('plannedShippingDateAndTime not shaped YYYY-MM-DDTHH:MM:SS GMT+HH:MM is a 400', async () => {
    for (const wrong of ['2026-03-13T14:00:00+05:30', '2026-03-13 14:00:00 GMT+05:30', '2026-03-13T14:00 GMT+05:30', '2026-03-13T14:00:00 GMT+0530']) {
      const answer = await post('/rates', rateBody({ plannedShippingDateAndTime: wrong }));
      expect(answer.status, wrong).toBe(400);
      expect(answer.body.detail).toContain('plannedShippingDateAndTime');
    }
  });

  it('a cross-border request without isCustomsDeclarable or a declared value is a 400; domestic needs neither', async () => {
    expect((await post('/rates', rateBody({ isCustomsDeclarable: false }))).status).toBe(400);
    expect((await post('/rates', rateBody({ monetaryAmount: [] }))).status).toBe(400);
    const domestic = await post('/rates', rateBody(DOMESTIC));
    expect(domestic.status).toBe(200);
    expect(domestic.body.products.map((p: any) => p.productCode)).toEqual(['N', '1']);
  });

  it('an account these credentials do not serve is a 400; wrong Basic credentials are a 401', async () => {
    expect((await post('/rates', rateBody({ accounts: [{ typeCode: 'shipper', number: '123456789' }] }))).status).toBe(400);
    const wrong = await postJson(url('/rates'), rateBody(), { authorization: `Basic ${Buffer.from('x:y').toString('base64')}` });
    expect(wrong.status).toBe(401);
  });

  it('totalPrice[] holds several currency views, BILLC among them, each adding up to its breakdown', async () => {
    const [product] = (await post('/rates', rateBody())).body.products;
    expect(product.totalPrice.map((v: any) => v.currencyType)).toEqual(['BILLC', 'PULCL', 'BASEC']);
    expect(product.totalPrice.find((v: any) => v.currencyType === 'PULCL').priceCurrency).toBe('INR');
    for (const view of product.totalPrice) {
      const breakdown = product.totalPriceBreakdown.find((b: any) => b.currencyType === view.currencyType);
      expect(breakdown.priceCurrency).toBe(view.priceCurrency);
      const sum = breakdown.priceBreakdown.reduce((s: number, line: any) => s + (line.typeCode === 'STDIS' ? -minor(line.price) : minor(line.price)), 0);
      expect(sum).toBe(minor(view.price));
    }
  });

  it('prices are deterministic and grow with weight', async () => {
    const total = async (weight: number) =>
      (await post('/rates', rateBody({ packages: [{ typeCode: '2BP', weight }] }))).body.products[0].totalPrice[0].price as number;
    expect(await total(2)).toBe(await total(2));
    expect(await total(10)).toBeGreaterThan(await total(2));
  });

  it("estimated delivery counts from the requested ship date, not the simulator's clock", async () => {
    const delivery = async (planned: string) => (await post('/rates', rateBody({ plannedShippingDateAndTime: planned }))).body.products[0];
    const thisWeek = await delivery('2026-03-10T10:00:00 GMT+05:30');
    const later = await delivery('2026-06-16T10:00:00 GMT+05:30');
    expect(thisWeek.deliveryCapabilities.estimatedDeliveryDateAndTime).toMatch(LOCAL_DATE_TIME);
    const days = (Date.parse(later.deliveryCapabilities.estimatedDeliveryDateAndTime) - Date.parse(thisWeek.deliveryCapabilities.estimatedDeliveryDateAndTime)) / 86_400_000;
    expect(days).toBe(98);
    expect(thisWeek.pickupCapabilities).toMatchObject({ nextBusinessDay: false, localCutoffDateAndTime: '2026-03-10T17:00:00', GMTCutoffTime: '11:30:00' });
  });

  it('ready after the cut-off, the pickup is the next business day', async () => {
    const [product] = (await post('/rates', rateBody({ plannedShippingDateAndTime: '2026-03-13T18:30:00 GMT+05:30' }))).body.products;
    expect(product.pickupCapabilities).toMatchObject({ nextBusinessDay: true, localCutoffDateAndTime: '2026-03-16T17:00:00' });
  });

  it('some lanes are not served: the answer has no products', async () => {
    const northKorea = await post('/rates', rateBody({ customerDetails: { ...rateBody().customerDetails, receiverDetails: { cityName: 'Pyongyang', countryCode: 'KP' } } }));
    expect(northKorea.status).toBe(200);
    expect(northKorea.body.products).toEqual([]);
    const outOfArea = await post('/rates', rateBody({ customerDetails: { ...rateBody().customerDetails, receiverDetails: { postalCode: '999-0001', countryCode: 'JP' } } }));
    expect(outOfArea.body.products).toEqual([]);
  });

  it('remote-area lanes carry warnings[] in a successful answer and an OO surcharge', async () => {
    const answer = await post('/rates', rateBody({ customerDetails: { ...rateBody().customerDetails, receiverDetails: { postalCode: '44600', cityName: 'Kathmandu', countryCode: 'NP' } } }));
    expect(answer.status).toBe(200);
    expect(answer.body.warnings).toEqual([expect.stringContaining('remote area')]);
    expect(answer.body.products[0].totalPriceBreakdown[0].priceBreakdown.map((l: any) => l.typeCode)).toContain('OO');
  });

  it('cash on delivery (value-added service KB) adds a surcharge line', async () => {
    const cod = await post('/rates', rateBody({ ...DOMESTIC, productsAndServices: [{ productCode: 'N', valueAddedServices: [{ serviceCode: 'KB', value: 2500, currency: 'INR' }] }] }));
    expect(cod.body.products.map((p: any) => p.productCode)).toEqual(['N']);
    const lines = cod.body.products[0].totalPriceBreakdown[0].priceBreakdown;
    expect(lines.find((l: any) => l.typeCode === 'KB').price).toBe(5);
  });

  it('POST /products answers single-piece availability; more than one piece is a 400', async () => {
    const one = await post('/products', rateBody());
    expect(one.status).toBe(200);
    expect(one.body.products.length).toBeGreaterThan(0);
    const two = await post('/products', rateBody({ packages: [{ typeCode: '2BP', weight: 1 }, { typeCode: '2BP', weight: 1 }] }));
    expect(two.status).toBe(400);
  });

  it('the fault knobs apply to the rating routes', async () => {
    t.sandbox.failNext('groupAExpress', { status: 503, count: 1 });
    expect((await post('/rates', rateBody())).status).toBe(503);
    t.sandbox.setFaults('groupAExpress', { malformedRate: 1 });
    const response = await fetch(url('/rates'), { method: 'POST', headers: { ...basicAuth(t.sandbox), 'content-type': 'application/json' }, body: JSON.stringify(rateBody()) });
    const text = await response.text();
    expect(() => {
      const parsed = JSON.parse(text) as { products?: unknown };
      if (!Array.isArray(parsed.products)) throw new Error('shape broken');
    }).toThrow();
  });
});

describe('Group A express landed-cost sandbox (seed 000: POST /landed-cost; shapes per assumption XR8)', () => {
  const landedBody = (extra: Record<string, unknown> = {}) => ({
    ...rateBody(),
    items: [{ number: 1, description: 'Cotton shirts', quantity: 2, quantityType: 'PCS', customsValue: 120, customsValueCurrencyCode: 'USD', commodityCode: '610910' }],
    ...extra,
  });

  it('answers itemised duty and tax, a clearance fee, and a BILLC total that adds up', async () => {
    const answer = await post('/landed-cost', landedBody({ currencyCode: 'JPY' }));
    expect(answer.status).toBe(200);
    expect(answer.body.items[0].breakdown.map((l: any) => l.typeCode)).toEqual(['DUTY', 'TAX']);
    const lines = [...answer.body.items.flatMap((i: any) => i.breakdown), ...answer.body.charges];
    for (const line of lines) expect(line.priceCurrency).toBe('JPY');
    const [billc] = answer.body.totalPrice;
    expect(billc).toMatchObject({ currencyType: 'BILLC', priceCurrency: 'JPY' });
    expect(lines.reduce((s: number, l: any) => s + l.price, 0)).toBe(billc.price);
  });

  it('below the destination de minimis nothing is due, with a warning', async () => {
    const answer = await post('/landed-cost', {
      ...landedBody(),
      customerDetails: { ...rateBody().customerDetails, receiverDetails: { postalCode: '85034', countryCode: 'US' } },
    });
    expect(answer.body.totalPrice[0].price).toBe(0);
    expect(answer.body.warnings).toEqual([expect.stringContaining('de minimis')]);
  });

  it('a domestic shipment or items in two currencies is a 400', async () => {
    expect((await post('/landed-cost', landedBody(DOMESTIC))).status).toBe(400);
    const twoCurrencies = landedBody({
      items: [
        { number: 1, description: 'a', quantity: 1, quantityType: 'PCS', customsValue: 10, customsValueCurrencyCode: 'USD' },
        { number: 2, description: 'b', quantity: 1, quantityType: 'PCS', customsValue: 10, customsValueCurrencyCode: 'EUR' },
      ],
    });
    expect((await post('/landed-cost', twoCurrencies)).status).toBe(400);
  });
});

describe('Group A express quota (seed 000: "500 service invocations per day" in test)', () => {
  it('rates, products, landed cost and tracking share one daily count per credential', async () => {
    const small = await startTestSandbox({ expressTestDailyQuota: 3 });
    try {
      const auth = basicAuth(small.sandbox);
      const base = `${small.sandbox.urls.groupAExpress}/expressapi/test`;
      expect((await getJson(`${base}/tracking?shipmentTrackingNumber=1234567890`, auth)).status).toBe(200);
      expect((await postJson(`${base}/rates`, rateBody(), auth)).status).toBe(200);
      expect((await postJson(`${base}/products`, rateBody(), auth)).status).toBe(200);
      const refused = await postJson(`${base}/landed-cost`, rateBody(), auth);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Production (/expressapi) has no quota of the seed's.
      expect((await postJson(`${small.sandbox.urls.groupAExpress}/expressapi/rates`, rateBody(), auth)).status).toBe(200);
    } finally {
      await small.sandbox.close();
    }
  });
});
