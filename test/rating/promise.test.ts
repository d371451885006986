/**
 * The delivery promise (issue 8 item 5; seed 002 A; DESIGN.md "Rating and the delivery promise"), over real HTTP: the
 * subgraph against the sandbox, the dark store's `/health` simulator among the carriers'. Named after the seed's words.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_DARK_STORE_PINCODES } from '../../sandbox/index.js';
import { startE2E, type E2E } from '../e2e/support.js';

const SERVED = SANDBOX_DARK_STORE_PINCODES[1]!; // 560034
const NOT_SERVED = '110001'; // New Delhi: a valid Indian PIN, not in the sandbox catchment

const PROMISE = `query Promise($input: DeliveryPromiseInput!) {
  deliveryPromise(input: $input) {
    postalCode countryCode promisedAt
    earliest { kind carrier }
    options {
      kind carrier division
      darkStore {
        fromHours toHours window { from { instant } to { instant } remark }
        charges { code description unitAmount { amount currency } quantity amount { amount currency } }
        total { amount currency }
        holdingCost { perUnitPerDay { amount currency } description }
      }
      quote { carrier division serviceCode transitDays estimatedDelivery { instant localDateTime } commitDate { instant localDateTime } total { amount currency } }
    }
    darkStore { offered reason { code message } health { status db healthy memoryRss memoryRssBytes ageSeconds } }
    couriers { outcomes { __typename } skipped { carrier code } }
    couriersNotAsked { code message }
  }
}`;

const HEALTH = `{ darkStoreHealth { status db uptimeSeconds timestamp memoryRss memoryRssBytes healthy checkedAt ageSeconds } }`;

/** A courier lane inside India: Bengaluru's warehouse district to the buyer. */
const courierPart = {
  origin: { countryCode: 'IN', postalCode: '562123' },
  packages: [{ weight: { value: 1.2, unit: 'KG' }, dimensions: { length: 30, width: 20, height: 10, unit: 'CM' } }],
  originUtcOffset: '+05:30',
};

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({
    withDarkStore: true,
    // The monitor reads /health often, so a test that changes the store's health sees it soon; a reading stays fresh
    // long enough that a busy machine never makes it stale between two reads.
    env: { DARK_STORE_HEALTH_INTERVAL_MS: '100', DARK_STORE_HEALTH_MAX_AGE_MS: '60000' },
  });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

beforeEach(async () => {
  e2e.sandbox.darkStore.resetHealth();
  await waitForHealth((h) => h?.healthy === true);
});

/** Reads `darkStoreHealth` until the monitor's reading satisfies `done` (the monitor reads in the background). */
async function waitForHealth(done: (health: any) => boolean): Promise<any> {
  let last: any = null;
  for (let i = 0; i < 200; i++) {
    const answer = await e2e.gql(HEALTH);
    last = answer.data?.darkStoreHealth ?? null;
    if (done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the monitor never read the expected health; last ${JSON.stringify(last)}`);
}

describe('deliveryPromise: the dark store and the couriers', () => {
  it("the dark store's 2-4 hour promise when the pincode is served and the store is healthy", async () => {
    e2e.sandbox.resetStats();
    const answer = await e2e.gql(PROMISE, { input: { postalCode: SERVED, countryCode: 'IN', itemCount: 1, ...courierPart } });
    expect(answer.errors).toBeUndefined();
    const promise = answer.data.deliveryPromise;
    expect(promise.earliest).toEqual({ kind: 'DARK_STORE', carrier: 'DARK_STORE' });
    expect(promise.options).toHaveLength(1);
    const offer = promise.options[0].darkStore;
    expect([offer.fromHours, offer.toHours]).toEqual([2, 4]);
    const promisedAt = Date.parse(promise.promisedAt);
    expect(Date.parse(offer.window.from.instant) - promisedAt).toBe(2 * 3_600_000);
    expect(Date.parse(offer.window.to.instant) - promisedAt).toBe(4 * 3_600_000);
    expect(promise.darkStore).toMatchObject({ offered: true, reason: null, health: { status: 'ok', db: 'connected', healthy: true } });
    // Nothing a courier quotes arrives earlier, and quoting spends their quota: they are not asked.
    expect(promise.couriers).toBeNull();
    expect(promise.couriersNotAsked.code).toBe('DARK_STORE_OFFERED');
    expect(e2e.upstreamBusinessCalls() - (e2e.sandbox.stats.darkStore.calls['GET /health'] ?? 0)).toBe(0);
  });

  it("an unhealthy store (db not connected) is not offered; the couriers' options come earliest first with the reason", async () => {
    e2e.sandbox.darkStore.setHealth({ db: 'disconnected' });
    await waitForHealth((h) => h?.db === 'disconnected');
    const answer = await e2e.gql(PROMISE, { input: { postalCode: SERVED, countryCode: 'IN', itemCount: 2, ...courierPart } });
    expect(answer.errors).toBeUndefined();
    const promise = answer.data.deliveryPromise;
    expect(promise.darkStore.offered).toBe(false);
    expect(promise.darkStore.reason.code).toBe('STORE_UNHEALTHY');
    expect(promise.darkStore.reason.message).toContain("db 'disconnected'");
    expect(promise.darkStore.health).toMatchObject({ status: 'ok', db: 'disconnected', healthy: false });
    expect(promise.couriersNotAsked).toBeNull();
    expect(promise.couriers.outcomes.length).toBeGreaterThan(0);
    expect(promise.options.length).toBeGreaterThan(1);
    expect(promise.options.every((o: any) => o.kind === 'COURIER' && o.quote !== null && o.carrier !== 'DARK_STORE')).toBe(true);
    expect(promise.earliest).toEqual({ kind: 'COURIER', carrier: promise.options[0].carrier });
    // Earliest first: every dated option's arrival is no earlier than the one before it.
    const arrivals = promise.options.map((o: any) => arrival(o.quote)).filter((t: number | null): t is number => t !== null);
    expect(arrivals.length).toBeGreaterThan(1);
    expect([...arrivals].sort((a, b) => a - b)).toEqual(arrivals);
  });

  it("a pincode outside the catchment gets the couriers' options", async () => {
    const answer = await e2e.gql(PROMISE, { input: { postalCode: NOT_SERVED, countryCode: 'IN', itemCount: 1, ...courierPart } });
    expect(answer.errors).toBeUndefined();
    const promise = answer.data.deliveryPromise;
    expect(promise.darkStore.offered).toBe(false);
    expect(promise.darkStore.reason.code).toBe('NOT_IN_CATCHMENT');
    expect(promise.darkStore.reason.message).toContain(NOT_SERVED);
    expect(promise.options.length).toBeGreaterThan(0);
    expect(promise.options.every((o: any) => o.kind === 'COURIER')).toBe(true);
  });

  it("each courier service is one option: Carrier B's ACCOUNT price, not its LIST price beside it (DP6)", async () => {
    const query = `query Promise($input: DeliveryPromiseInput!) {
      deliveryPromise(input: $input) { options { carrier division quote { serviceCode rateType } } couriers { quotes { carrier serviceCode rateType } } }
    }`;
    const answer = await e2e.gql(query, { input: { postalCode: NOT_SERVED, countryCode: 'IN', itemCount: 1, ...courierPart } });
    expect(answer.errors).toBeUndefined();
    const { options, couriers } = answer.data.deliveryPromise;
    // The rate shop behind it quotes a Carrier B service twice (LIST and ACCOUNT kept apart, as `rates` shows) ...
    const carrierB = couriers.quotes.filter((q: any) => q.carrier === 'CARRIER_B');
    expect(new Set(carrierB.map((q: any) => q.rateType))).toEqual(new Set(['LIST', 'ACCOUNT']));
    // ... the promise offers each service once, at the ACCOUNT price.
    const keys = options.map((o: any) => `${o.carrier}|${o.division ?? ''}|${o.quote.serviceCode}`);
    expect(new Set(keys).size).toBe(keys.length);
    const carrierBOptions = options.filter((o: any) => o.carrier === 'CARRIER_B');
    expect(carrierBOptions.length).toBeGreaterThan(0);
    expect(carrierBOptions.every((o: any) => o.quote.rateType === 'ACCOUNT')).toBe(true);
  });

  it('without an origin and packages, a pincode outside the catchment gets no option and says why', async () => {
    const answer = await e2e.gql(PROMISE, { input: { postalCode: NOT_SERVED, countryCode: 'IN', itemCount: 1 } });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.deliveryPromise).toMatchObject({ earliest: null, options: [], couriers: null, couriersNotAsked: { code: 'NO_ORIGIN' } });
  });

  it('charges: 2 per item for storefront-app order processing, 20 per order for cash on delivery; storage 0.30 per unit per day as holding cost', async () => {
    const input = { postalCode: SERVED, countryCode: 'IN', itemCount: 3, cashOnDelivery: { amount: '499.00', currency: 'INR' } };
    const answer = await e2e.gql(PROMISE, { input });
    expect(answer.errors).toBeUndefined();
    const offer = answer.data.deliveryPromise.options[0].darkStore;
    expect(offer.charges).toEqual([
      {
        code: 'ORDER_PROCESSING',
        description: expect.stringContaining('storefront-app order processing'),
        unitAmount: { amount: '2.00', currency: 'INR' },
        quantity: 3,
        amount: { amount: '6.00', currency: 'INR' },
      },
      {
        code: 'COD_HANDLING',
        description: expect.stringContaining('cash-on-delivery handling'),
        unitAmount: { amount: '20.00', currency: 'INR' },
        quantity: 1,
        amount: { amount: '20.00', currency: 'INR' },
      },
    ]);
    expect(offer.total).toEqual({ amount: '26.00', currency: 'INR' });
    expect(offer.holdingCost.perUnitPerDay).toEqual({ amount: '0.30', currency: 'INR' });

    // Prepaid: no COD handling.
    const prepaid = await e2e.gql(PROMISE, { input: { postalCode: SERVED, countryCode: 'IN', itemCount: 1 } });
    expect(prepaid.data.deliveryPromise.options[0].darkStore.charges.map((c: any) => c.code)).toEqual(['ORDER_PROCESSING']);
    expect(prepaid.data.deliveryPromise.options[0].darkStore.total).toEqual({ amount: '2.00', currency: 'INR' });
  });

  it('/health is the only dark-store call', async () => {
    e2e.sandbox.resetStats();
    await e2e.gql(PROMISE, { input: { postalCode: SERVED, countryCode: 'IN', itemCount: 1, ...courierPart } });
    await e2e.gql(PROMISE, { input: { postalCode: NOT_SERVED, countryCode: 'IN', itemCount: 1, ...courierPart } });
    await e2e.gql(HEALTH);
    // The monitor's next background read, so the recording holds at least one call to compare.
    for (let i = 0; i < 200 && !e2e.sandbox.stats.darkStore.calls['GET /health']; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    const routes = Object.keys(e2e.sandbox.stats.darkStore.calls);
    expect(routes).toEqual(['GET /health']);
  });

  it("darkStoreHealth: the monitor's last reading, memory.rss parsed into bytes", async () => {
    e2e.sandbox.darkStore.setHealth({ memoryRss: '512MB' });
    const health = await waitForHealth((h) => h?.memoryRss === '512MB');
    expect(health).toMatchObject({ status: 'ok', db: 'connected', healthy: true, memoryRss: '512MB', memoryRssBytes: 512 * 1024 * 1024 });
    expect(health.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(health.timestamp))).toBe(false);
    expect(health.ageSeconds).toBeGreaterThanOrEqual(0);
  });

  it('bad input is refused before any call: a malformed pincode is BAD_USER_INPUT naming input.postalCode', async () => {
    e2e.sandbox.resetStats();
    const answer = await e2e.gql(PROMISE, { input: { postalCode: '56-ABC', countryCode: 'IN', itemCount: 1, ...courierPart } });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.postalCode' });
    const zero = await e2e.gql(PROMISE, { input: { postalCode: SERVED, countryCode: 'IN', itemCount: 0 } });
    expect(zero.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.itemCount' });
    const onlyOrigin = await e2e.gql(PROMISE, { input: { postalCode: SERVED, countryCode: 'IN', itemCount: 1, origin: courierPart.origin } });
    expect(onlyOrigin.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.packages' });
    expect(e2e.upstreamBusinessCalls() - (e2e.sandbox.stats.darkStore.calls['GET /health'] ?? 0)).toBe(0);
  });

  it("a postal code Carrier B's postal validation says does not exist is BAD_USER_INPUT naming input.postalCode", async () => {
    // Sandbox postal book (BP2): US codes starting 000 have the right shape but do not exist.
    const answer = await e2e.gql(PROMISE, {
      input: { postalCode: '00012', countryCode: 'US', itemCount: 1, origin: { countryCode: 'US', postalCode: '30301' }, packages: courierPart.packages },
    });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.postalCode' });
    expect(answer.errors?.[0]?.message).toMatch(/^input\.postalCode: carrier-b says/);
  });
});

function arrival(quote: { estimatedDelivery: any; commitDate: any }): number | null {
  const time = quote.estimatedDelivery ?? quote.commitDate;
  if (!time) return null;
  return Date.parse(time.instant ?? `${time.localDateTime}Z`);
}
