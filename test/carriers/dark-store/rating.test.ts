import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCatchment } from '../../../src/carriers/dark-store/catchment.js';
import { DarkStoreMonitor } from '../../../src/carriers/dark-store/monitor.js';
import { DARK_STORE_SERVICE_CODE, DarkStoreRatingConnector, holdingCostPerUnitPerDay } from '../../../src/carriers/dark-store/rating.js';
import type { RateQuote, RateRequest } from '../../../src/domain/rating.js';
import { createLogger } from '../../../src/platform/logger.js';
import { startDarkStoreHarness, type DarkStoreHarness } from './harness.js';

const SEED_CHARGES = { storagePerUnitPerDay: '0.30', orderProcessingPerItem: '2', codHandlingPerOrder: '20' };
const NOW = new Date('2026-03-10T06:30:00Z'); // 12:00 in Bengaluru (+05:30)

let h: DarkStoreHarness;
let monitor: DarkStoreMonitor;
let connector: DarkStoreRatingConnector;
let clock = NOW.getTime();

beforeAll(async () => {
  h = await startDarkStoreHarness();
  monitor = new DarkStoreMonitor({ connector: h.connector, intervalMs: 60_000, maxAgeMs: 45_000, logger: createLogger('silent'), now: () => clock });
  connector = new DarkStoreRatingConnector({
    config: { country: 'IN', currency: 'INR', charges: SEED_CHARGES },
    catchment: loadCatchment({ pincodes: '560001,560034', pincodesFile: null, country: 'IN' }),
    health: () => monitor.state(),
    now: () => new Date(clock),
  });
});
afterAll(async () => {
  await monitor.close();
  await h.close();
});
beforeEach(async () => {
  clock = NOW.getTime();
  h.sandbox.darkStore.resetHealth();
  await monitor.refresh();
  h.sandbox.resetStats();
});

function request(extra: Partial<RateRequest> = {}): RateRequest {
  const address = (postalCode: string, countryCode = 'IN') => ({ countryCode, postalCode, city: null, stateOrProvinceCode: null, streetLines: [], residential: null });
  return {
    origin: address('560038'),
    destination: address('560034'),
    packages: [{ weight: { value: 1.5, unit: 'KG' }, dimensions: null }],
    shipDate: '2026-03-10',
    readyTime: '09:00:00',
    originUtcOffset: '+05:30',
    declaredValue: null,
    customs: null,
    cashOnDelivery: null,
    currency: null,
    serviceCodes: [],
    expressAccountNumber: null,
    itemCount: 3,
    ...extra,
  };
}

async function quoteOf(req: RateRequest): Promise<RateQuote> {
  const outcome = await connector.rate(req);
  if (!outcome.ok) throw new Error(outcome.error.message);
  expect(outcome.quotes).toHaveLength(1);
  return outcome.quotes[0]!;
}

describe('dark-store rating: the seed\'s stated charges and the 2-4 hour promise', () => {
  it('2 currency units per item for storefront-app order processing', async () => {
    const quote = await quoteOf(request({ itemCount: 3 }));
    expect(quote.total).toEqual({ amount: '6.00', currency: 'INR' });
    expect(quote.breakdown).toEqual([{ kind: 'BASE', code: null, name: 'storefront-app order processing (3 x 2)', amount: { amount: '6.00', currency: 'INR' } }]);
    expect(quote).toMatchObject({ carrier: 'DARK_STORE', upstream: 'dark-store', serviceCode: DARK_STORE_SERVICE_CODE, serviceLevel: 'SAME_DAY', rateType: 'LIST', transitDays: 0 });
  });

  it('20 currency units per order for cash-on-delivery handling', async () => {
    const quote = await quoteOf(request({ itemCount: 2, cashOnDelivery: { amount: '1499.00', currency: 'INR' } }));
    expect(quote.total).toEqual({ amount: '24.00', currency: 'INR' });
    expect(quote.breakdown.map((line) => [line.kind, line.name, line.amount.amount])).toEqual([
      ['BASE', 'storefront-app order processing (2 x 2)', '4.00'],
      ['SURCHARGE', 'cash-on-delivery handling', '20.00'],
    ]);
    expect(quote.currencyViews).toEqual([{ currencyType: null, total: quote.total, breakdown: quote.breakdown }]);
  });

  it('with no item count, one item per package is charged', async () => {
    const pkg = { weight: { value: 1, unit: 'KG' as const }, dimensions: null };
    expect((await quoteOf(request({ itemCount: null, packages: [pkg, pkg] }))).total.amount).toBe('4.00');
  });

  it('storage 0.30 per unit per day is the brand\'s holding cost, not a charge of the order', async () => {
    expect(holdingCostPerUnitPerDay({ currency: 'INR', charges: SEED_CHARGES })).toEqual({ amount: '0.30', currency: 'INR' });
    const quote = await quoteOf(request());
    expect(quote.breakdown.some((line) => /storage/i.test(line.name ?? ''))).toBe(false);
  });

  it('the window is 2 to 4 hours from now, an instant at the origin\'s offset; estimatedDelivery is its end', async () => {
    const quote = await quoteOf(request());
    expect(quote.deliveryWindow).toEqual({
      from: { instant: '2026-03-10T14:00:00+05:30', localDateTime: null },
      to: { instant: '2026-03-10T16:00:00+05:30', localDateTime: null },
    });
    expect(quote.estimatedDelivery).toEqual(quote.deliveryWindow!.to);
  });

  it('a ready time later today does not delay it: the store ships from its own stock', async () => {
    const quote = await quoteOf(request({ readyTime: '17:00:00' }));
    expect(quote.deliveryWindow?.from.instant).toBe('2026-03-10T14:00:00+05:30');
  });

  it('a later ship date starts the window at that day\'s ready time', async () => {
    const quote = await quoteOf(request({ shipDate: '2026-03-11', readyTime: '10:00:00' }));
    expect(quote.deliveryWindow?.from.instant).toBe('2026-03-11T12:00:00+05:30');
    expect(quote.deliveryWindow?.to.instant).toBe('2026-03-11T14:00:00+05:30');
  });

  it('rate() makes no upstream call: there is nothing to call', async () => {
    await connector.rate(request());
    await connector.rate(request({ cashOnDelivery: { amount: '10', currency: 'INR' } }));
    expect(h.sandbox.stats.darkStore.calls).toEqual({});
  });
});

describe('dark-store rating: refusals (no call)', () => {
  it('NOT_IN_CATCHMENT when the destination pincode is not served', async () => {
    const refusal = connector.refuses(request({ destination: { ...request().destination, postalCode: '110001' } }));
    expect(refusal).toEqual({ code: 'NOT_IN_CATCHMENT', message: "destination pincode 110001 is not in the dark store's catchment" });
    const outcome = await connector.rate(request({ destination: { ...request().destination, postalCode: '110001' } }));
    expect(outcome).toMatchObject({ ok: true, quotes: [], warnings: [{ code: 'NOT_IN_CATCHMENT' }] });
  });

  it('STORE_UNHEALTHY when db is disconnected, the message saying status and db', async () => {
    h.sandbox.darkStore.setHealth({ db: 'disconnected' });
    await monitor.refresh();
    const refusal = connector.refuses(request());
    expect(refusal?.code).toBe('STORE_UNHEALTHY');
    expect(refusal?.message).toMatch(/status 'ok', db 'disconnected'/);
  });

  it('STORE_UNHEALTHY when the status is not ok, when the health is stale, and when it cannot be read', async () => {
    h.sandbox.darkStore.setHealth({ status: 'maintenance' });
    await monitor.refresh();
    expect(connector.refuses(request())?.message).toMatch(/status 'maintenance', db 'connected'/);
    h.sandbox.darkStore.resetHealth();
    await monitor.refresh();
    expect(connector.refuses(request())).toBeNull();
    clock += 46_000;
    expect(connector.refuses(request())).toMatchObject({ code: 'STORE_UNHEALTHY', message: expect.stringMatching(/46 s old/) });
    h.sandbox.failNext('darkStore', { status: 503, count: 2 });
    await monitor.refresh();
    expect(connector.refuses(request())).toMatchObject({ code: 'STORE_UNHEALTHY', message: expect.stringMatching(/could not be read/) });
  });

  it('DOMESTIC_ONLY when the lane leaves the store\'s country', () => {
    const abroad = request({ destination: { ...request().destination, countryCode: 'AE', postalCode: '00000' } });
    expect(connector.refuses(abroad)?.code).toBe('DOMESTIC_ONLY');
    const fromAbroad = request({ origin: { ...request().origin, countryCode: 'SG', postalCode: '018956' } });
    expect(connector.refuses(fromAbroad)?.code).toBe('DOMESTIC_ONLY');
  });

  it('FILTERED_OUT when the request names only other services', () => {
    expect(connector.refuses(request({ serviceCodes: ['P', 'FEDEX_GROUND'] }))?.code).toBe('FILTERED_OUT');
    expect(connector.refuses(request({ serviceCodes: ['P', DARK_STORE_SERVICE_CODE] }))).toBeNull();
  });
});
