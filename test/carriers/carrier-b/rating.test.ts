import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testCarrierBClient } from '../../support/carrier-b-connector.js';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { CarrierBRatingConnector } from '../../../src/carriers/carrier-b/rating.js';
import type { RateAddress, RateOutcome, RateQuote, RateRequest } from '../../../src/domain/rating.js';
import { startRecordingProxy, type RecordingProxy } from './recording-proxy.js';

/** Carrier B rating through real HTTP: connector -> recording proxy -> sandbox simulator (seed 001 "Rate request/answer"). */
const RATE = 'POST /rate/v1/rates/quotes';
let sandbox: Sandbox;
const opened: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 'carrier-b-rating-test' });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => sandbox.resetStats());
afterEach(async () => {
  sandbox.setFaults('carrierB', { malformedRate: 0, errorRate: 0 });
  await Promise.all(opened.splice(0).map((o) => o.close()));
});

async function connect(): Promise<{ connector: CarrierBRatingConnector; proxy: RecordingProxy }> {
  const proxy = await startRecordingProxy(sandbox.urls.carrierB);
  opened.push(proxy);
  const config = { baseUrl: proxy.origin, ...sandbox.credentials.carrierB, locale: null };
  const client = testCarrierBClient(config);
  opened.push(client);
  return { connector: new CarrierBRatingConnector({ client, config }), proxy };
}

function address(countryCode: string, postalCode: string, extra: Partial<RateAddress> = {}): RateAddress {
  return { countryCode, postalCode, city: null, stateOrProvinceCode: null, streetLines: [], residential: null, ...extra };
}

function rateRequest(extra: Partial<RateRequest> = {}): RateRequest {
  return {
    origin: address('US', '38017'),
    destination: address('US', '10001'),
    packages: [{ weight: { value: 2.5, unit: 'KG' }, dimensions: null }],
    shipDate: '2026-03-13',
    readyTime: '10:00:00',
    originUtcOffset: '-06:00',
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

const toGermany = (extra: Partial<RateRequest['customs'] & object> = {}): Partial<RateRequest> => ({
  destination: address('DE', '10115'),
  declaredValue: { amount: '120.00', currency: 'USD' },
  customs: {
    purpose: 'SOLD',
    dutiesPaidBy: 'SENDER',
    items: [
      {
        description: 'Cotton shirts',
        quantity: 4,
        quantityUnit: 'PCS',
        value: { amount: '120.00', currency: 'USD' },
        weight: { value: 2, unit: 'KG' },
        hsCode: '620520',
        countryOfOrigin: 'US',
      },
    ],
    ...extra,
  },
});

function sentBody(proxy: RecordingProxy): any {
  const rates = proxy.seen.filter((r) => r.path === '/rate/v1/rates/quotes');
  expect(rates).toHaveLength(1);
  return JSON.parse(rates[0]!.body);
}

function quotes(outcome: RateOutcome): RateQuote[] {
  if (!outcome.ok) throw new Error(`expected quotes, got ${outcome.error.code} ${outcome.error.message}`);
  return outcome.quotes;
}

/** Sums money lines in minor units (two digits), never with floats. */
const cents = (amount: string) => {
  const [whole, fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

describe('Carrier B rating (seed 001, "Rate request" and "Rate answer")', () => {
  it('serviceType omitted rates every service (one call, no serviceType on the wire)', async () => {
    const { connector, proxy } = await connect();
    const outcome = await connector.rate(rateRequest());
    const body = sentBody(proxy);
    expect(body.requestedShipment).not.toHaveProperty('serviceType');
    expect([...new Set(quotes(outcome).map((q) => q.serviceCode))]).toEqual([
      'PRIORITY_OVERNIGHT',
      'STANDARD_OVERNIGHT',
      'CARRIER_2_DAY',
      'CARRIER_EXPRESS_SAVER',
      'CARRIER_GROUND',
    ]);
    expect(quotes(outcome).find((q) => q.serviceCode === 'CARRIER_GROUND')).toMatchObject({ serviceName: 'Carrier Ground', serviceLevel: 'GROUND' });
  });

  it('one requested service travels as serviceType; several are rated in one call without it and narrowed to those asked', async () => {
    const one = await connect();
    const single = await one.connector.rate(rateRequest({ serviceCodes: ['PRIORITY_OVERNIGHT'] }));
    expect(sentBody(one.proxy).requestedShipment.serviceType).toBe('PRIORITY_OVERNIGHT');
    expect(new Set(quotes(single).map((q) => q.serviceCode))).toEqual(new Set(['PRIORITY_OVERNIGHT']));

    const several = await connect();
    const outcome = await several.connector.rate(rateRequest({ serviceCodes: ['CARRIER_GROUND', 'PRIORITY_OVERNIGHT', 'P'] }));
    expect(sentBody(several.proxy).requestedShipment).not.toHaveProperty('serviceType');
    expect(new Set(quotes(outcome).map((q) => q.serviceCode))).toEqual(new Set(['CARRIER_GROUND', 'PRIORITY_OVERNIGHT']));
  });

  it('the request carries the account, both addresses as given, YOUR_PACKAGING, drop-off, ship date, currency and weights', async () => {
    const { connector, proxy } = await connect();
    await connector.rate(
      rateRequest({
        origin: address('US', '38017', { city: 'Collierville', stateOrProvinceCode: 'TN', streetLines: ['1 Main St'] }),
        destination: address('US', '10001', { residential: true }),
        packages: [{ weight: { value: 4, unit: 'LB' }, dimensions: { length: 30, width: 20, height: 10, unit: 'CM' } }],
        currency: 'USD',
      }),
    );
    const proxied = proxy.seen.find((r) => r.path === '/rate/v1/rates/quotes')!;
    expect(proxied.headers['x-customer-transaction-id']).toEqual(expect.any(String));
    expect(sentBody(proxy)).toEqual({
      accountNumber: { value: sandbox.credentials.carrierB.accountNumber },
      rateRequestControlParameters: { returnTransitTimes: true, servicesNeededOnRateFailure: true },
      requestedShipment: {
        shipper: { address: { postalCode: '38017', countryCode: 'US', city: 'Collierville', stateOrProvinceCode: 'TN', streetLines: ['1 Main St'] } },
        recipient: { address: { postalCode: '10001', countryCode: 'US', residential: true } },
        packagingType: 'YOUR_PACKAGING',
        pickupType: 'DROPOFF_AT_CARRIER_LOCATION',
        shipDateStamp: '2026-03-13',
        preferredCurrency: 'USD',
        rateRequestType: ['LIST', 'ACCOUNT'],
        requestedPackageLineItems: [{ weight: { units: 'LB', value: 4 }, dimensions: { length: 30, width: 20, height: 10, units: 'CM' } }],
      },
    });
  });

  it('returnTransitTimes adds commit dates and transit bands: transit word and days, local delivery and commit times, guarantee', async () => {
    const { connector, proxy } = await connect();
    const all = quotes(await connector.rate(rateRequest()));
    expect(sentBody(proxy).rateRequestControlParameters.returnTransitTimes).toBe(true);
    const overnight = all.find((q) => q.serviceCode === 'PRIORITY_OVERNIGHT')!;
    // Shipped Friday 2026-03-13: delivered Monday; the carrier gives no offset, so the times stay local.
    expect(overnight).toMatchObject({
      transitTime: 'ONE_DAY',
      transitDays: 1,
      estimatedDelivery: { instant: null, localDateTime: '2026-03-16T10:30:00' },
      commitDate: { instant: null, localDateTime: '2026-03-16T10:30:00' },
      guaranteed: true,
      serviceLevel: 'OVERNIGHT',
    });
    const saver = all.find((q) => q.serviceCode === 'CARRIER_EXPRESS_SAVER')!;
    expect(saver).toMatchObject({ transitTime: 'THREE_DAYS', transitDays: 3, serviceLevel: 'THREE_DAY' });
    expect(all.find((q) => q.serviceCode === 'CARRIER_GROUND')!.guaranteed).toBe(false);
  });

  it('servicesNeededOnRateFailure lists workable services when the requested one fails', async () => {
    const { connector, proxy } = await connect();
    const outcome = await connector.rate(rateRequest({ ...toGermany(), serviceCodes: ['CARRIER_GROUND'] }));
    expect(sentBody(proxy).rateRequestControlParameters.servicesNeededOnRateFailure).toBe(true);
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error).toMatchObject({ code: 'UPSTREAM_BAD_REQUEST', carrierCode: 'RATE.SERVICETYPE.NOTAVAILABLE', httpStatus: 400 });
    expect(outcome.workableServices).toEqual(['INTERNATIONAL_FIRST', 'INTERNATIONAL_PRIORITY', 'INTERNATIONAL_ECONOMY']);
    const sent = proxy.seen.find((r) => r.path === '/rate/v1/rates/quotes')!;
    expect(outcome.error.customerTransactionId).toBe(sent.headers['x-customer-transaction-id']);
    expect(outcome.error.transactionId).toEqual(expect.any(String));
  });

  it('LIST and ACCOUNT rates are kept apart: one quote per service and rate type, each adding up to its own total', async () => {
    const { connector, proxy } = await connect();
    const all = quotes(await connector.rate(rateRequest()));
    expect(sentBody(proxy).requestedShipment.rateRequestType).toEqual(['LIST', 'ACCOUNT']);
    const ground = all.filter((q) => q.serviceCode === 'CARRIER_GROUND');
    expect(ground.map((q) => [q.rateType, q.nativeRateType])).toEqual([
      ['ACCOUNT', 'ACCOUNT'],
      ['LIST', 'LIST'],
    ]);
    const [account, list] = ground as [RateQuote, RateQuote];
    expect(account.breakdown.some((l) => l.kind === 'DISCOUNT')).toBe(true);
    expect(list.breakdown.some((l) => l.kind === 'DISCOUNT')).toBe(false);
    expect(cents(account.total.amount)).toBeLessThan(cents(list.total.amount));
    for (const quote of ground) {
      expect(quote.total.currency).toBe('USD');
      expect(quote.total.amount).toMatch(/^\d+\.\d{2}$/);
      const sum = quote.breakdown.reduce((acc, line) => acc + (line.kind === 'DISCOUNT' ? -1 : 1) * cents(line.amount.amount), 0);
      expect(sum).toBe(cents(quote.total.amount));
      expect(quote.breakdown.find((l) => l.kind === 'SURCHARGE')).toMatchObject({ code: 'FUEL', name: 'Fuel Surcharge' });
      expect(quote.currencyViews).toEqual([{ currencyType: null, total: quote.total, breakdown: quote.breakdown }]);
    }
  });

  it('COD is requested as a special service (amount at shipment level) and priced as a surcharge', async () => {
    const { connector, proxy } = await connect();
    const all = quotes(await connector.rate(rateRequest({ cashOnDelivery: { amount: '49.90', currency: 'USD' } })));
    expect(sentBody(proxy).requestedShipment.shipmentSpecialServices).toEqual({
      specialServiceTypes: ['COD'],
      shipmentCODDetail: { codCollectionType: 'CASH', codCollectionAmount: { amount: 49.9, currency: 'USD' } },
    });
    for (const quote of all) expect(quote.breakdown).toContainEqual(expect.objectContaining({ kind: 'SURCHARGE', code: 'COD' }));
  });

  it('COD across a border is refused without a call (the seed: "intra-country cash on delivery")', async () => {
    const { connector } = await connect();
    const request = rateRequest({ ...toGermany(), cashOnDelivery: { amount: '10.00', currency: 'USD' } });
    expect(connector.refuses(request)).toMatchObject({ code: 'COD_DOMESTIC_ONLY' });
    expect(connector.refuses(rateRequest({ cashOnDelivery: { amount: '10.00', currency: 'USD' } }))).toBeNull();
  });

  it('customs detail travels on a cross-border lane, and the sender-paid duties are in the total', async () => {
    const { connector, proxy } = await connect();
    const all = quotes(await connector.rate(rateRequest(toGermany())));
    expect(sentBody(proxy).requestedShipment.customsClearanceDetail).toEqual({
      dutiesPayment: { paymentType: 'SENDER' },
      commercialInvoice: { shipmentPurpose: 'SOLD' },
      freightOnValue: 'CARRIER_RISK',
      totalCustomsValue: { amount: 120, currency: 'USD' },
      commodities: [
        {
          description: 'Cotton shirts',
          weight: { units: 'KG', value: 2 },
          quantity: 4,
          quantityUnits: 'PCS',
          customsValue: { amount: 120, currency: 'USD' },
          harmonizedCode: '620520',
          countryOfManufacture: 'US',
        },
      ],
    });
    const priority = all.find((q) => q.serviceCode === 'INTERNATIONAL_PRIORITY' && q.rateType === 'ACCOUNT')!;
    expect(priority.breakdown).toContainEqual({ kind: 'DUTY', code: null, name: 'totalDutiesAndTaxes', amount: { amount: '24.00', currency: 'USD' } });
    const sum = priority.breakdown.reduce((acc, line) => acc + (line.kind === 'DISCOUNT' ? -1 : 1) * cents(line.amount.amount), 0);
    expect(sum).toBe(cents(priority.total.amount));
  });

  it('duties the recipient pays stay a DUTY line but are not in the total', async () => {
    const { connector } = await connect();
    const all = quotes(await connector.rate(rateRequest(toGermany({ dutiesPaidBy: 'RECIPIENT' }))));
    const priority = all.find((q) => q.serviceCode === 'INTERNATIONAL_PRIORITY' && q.rateType === 'ACCOUNT')!;
    const withoutDuty = priority.breakdown.filter((l) => l.kind !== 'DUTY');
    const sum = withoutDuty.reduce((acc, line) => acc + (line.kind === 'DISCOUNT' ? -1 : 1) * cents(line.amount.amount), 0);
    expect(sum).toBe(cents(priority.total.amount));
    expect(priority.breakdown.some((l) => l.kind === 'DUTY')).toBe(true);
  });

  it('an empty answer means the lane is not served: ok, zero quotes', async () => {
    const { connector } = await connect();
    const outcome = await connector.rate(rateRequest({ destination: address('US', '10999') }));
    expect(outcome).toMatchObject({ ok: true, carrier: 'CARRIER_B', upstream: 'carrier-b', quotes: [] });
  });

  it('errors[] codes are dotted and stable: the carrier code and transaction id reach the typed failure', async () => {
    const { connector } = await connect();
    const outcome = await connector.rate(rateRequest({ ...toGermany(), destination: address('KP', '10100') }));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.code).toBe('UPSTREAM_BAD_REQUEST');
    expect(outcome.error.carrierCode).toBe('RATE.DESTINATION.COUNTRY.NOTSERVED');
    expect(outcome.error.carrierCode).toMatch(/^[A-Z0-9]+(\.[A-Z0-9]+)+$/);
    expect(outcome.error.transactionId).toEqual(expect.any(String));
    expect(outcome.workableServices).toEqual([]);
  });

  it('alerts[] in a successful answer reach the quotes (and the outcome)', async () => {
    const { connector } = await connect();
    const outcome = await connector.rate(rateRequest({ destination: address('US', '10007') }));
    const alert = { code: 'RATE.DESTINATION.EXTENDEDAREA', message: expect.any(String), type: 'NOTE' };
    expect(outcome.warnings).toEqual([alert]);
    for (const quote of quotes(outcome)) expect(quote.warnings).toEqual([alert]);
  });

  it('amounts are decimal strings in the currency minor digits (JPY has none)', async () => {
    const { connector } = await connect();
    const all = quotes(await connector.rate(rateRequest({ currency: 'JPY' })));
    for (const quote of all) {
      expect(quote.total.currency).toBe('JPY');
      expect(quote.total.amount).toMatch(/^\d+$/);
    }
  });

  it('a 503 is retried once (a quote changes nothing), then the answer is used', async () => {
    const { connector } = await connect();
    sandbox.failNext('carrierB', { status: 503, count: 1 });
    const outcome = await connector.rate(rateRequest());
    expect(quotes(outcome).length).toBeGreaterThan(0);
    expect(sandbox.stats.carrierB.calls[RATE]).toBe(2);
  });

  it('an answer that does not match the wire schema is UPSTREAM_CONTRACT, never zero quotes', async () => {
    const { connector } = await connect();
    sandbox.setFaults('carrierB', { malformedRate: 1 });
    const outcome = await connector.rate(rateRequest());
    expect(outcome).toMatchObject({ ok: false, error: { code: 'UPSTREAM_CONTRACT', upstream: 'carrier-b' } });
  });

  it('a service filter naming no Carrier B service is refused without a call', async () => {
    const { connector } = await connect();
    expect(connector.refuses(rateRequest({ serviceCodes: ['P', 'N'] }))).toMatchObject({ code: 'FILTERED_OUT' });
    expect(connector.refuses(rateRequest({ serviceCodes: ['P', 'CARRIER_GROUND'] }))).toBeNull();
  });

  it('its rate interface does not quote freight (LTL): freight codes are named unquotable, parcel and other carriers\' codes are not', async () => {
    const { connector } = await connect();
    expect(connector.unquotableService('CARRIER_FREIGHT_ECONOMY')).toMatch(/freight/);
    expect(connector.unquotableService('FIRST_FREIGHT')).toMatch(/freight/);
    for (const code of ['CARRIER_GROUND', 'PRIORITY_OVERNIGHT', 'P', 'FREIGHT', 'CARRIER_FREIGHTLINER']) expect(connector.unquotableService(code)).toBeNull();
  });
});
