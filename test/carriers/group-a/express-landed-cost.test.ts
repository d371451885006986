import { afterEach, describe, expect, it } from 'vitest';
import { createExpressHttpClient } from '../../../src/carriers/group-a/express/client.js';
import { ExpressLandedCostConnector } from '../../../src/carriers/group-a/express/landed-cost.js';
import type { LandedCostOutcome } from '../../../src/domain/rating.js';
import { groupAModule } from '../../../src/carriers/group-a/index.js';
import { loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/platform/logger.js';
import { createMetrics } from '../../../src/platform/metrics.js';
import { platform } from './harness.js';
import { CUSTOMS, landedCostRequest, rateRequest, ratingSetup, rawExpressPost, startFixedAnswer, type RatingSetup } from './express-rating-harness.js';

let setup: RatingSetup | undefined;
const extraClosers: Array<() => Promise<void>> = [];

afterEach(async () => {
  await setup?.close();
  setup = undefined;
  for (const close of extraClosers.splice(0)) await close();
});

async function connect(...args: Parameters<typeof ratingSetup>) {
  setup = await ratingSetup(...args);
  return { setup, connector: new ExpressLandedCostConnector({ client: setup.client, config: setup.config }) };
}

function ok(outcome: LandedCostOutcome) {
  if (!outcome.ok) throw new Error(`landed cost failed: ${outcome.error.code} ${outcome.error.message}`);
  return outcome;
}

/** Sums decimal strings exactly (minor units of at most 2 decimals). */
function sumMinor(amounts: string[]): number {
  return amounts.reduce((sum, amount) => sum + Math.round(Number(amount) * 100), 0);
}

describe('Group A express duty and tax estimate (seed 000: POST /landed-cost; shapes per assumption XR8)', () => {
  it('POST /landed-cost sends the parties, the account in accounts[] and every customs item with its line value', async () => {
    const { setup, connector } = await connect();
    ok(await connector.landedCost(landedCostRequest({ freight: { amount: '35.00', currency: 'USD' }, currency: 'JPY' })));
    expect(setup.proxy.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /expressapi/test/landed-cost']);
    expect(setup.bodies()[0]).toMatchObject({
      customerDetails: { shipperDetails: { countryCode: 'IN', postalCode: '400099' }, receiverDetails: { countryCode: 'JP', provinceCode: '13' } },
      accounts: [{ typeCode: 'shipper', number: '950000001' }],
      currencyCode: 'JPY',
      isCustomsDeclarable: true,
      charges: [{ typeCode: 'freight', amount: 35, currencyCode: 'USD' }],
      items: [{ number: 1, description: 'Cotton shirts', quantity: 2, quantityType: 'PCS', customsValue: 120, customsValueCurrencyCode: 'USD', commodityCode: '610910', manufacturerCountry: 'IN' }],
    });
  });

  it('duty and tax come itemised with their currency; the total is the BILLC entry of totalPrice[]', async () => {
    const { setup, connector } = await connect();
    const request = landedCostRequest({
      customs: { ...CUSTOMS, items: [...CUSTOMS.items, { ...CUSTOMS.items[0]!, description: 'Tea', hsCode: '090240', value: { amount: '80.00', currency: 'USD' } }] },
    });
    const outcome = ok(await connector.landedCost(request));
    const raw = await rawExpressPost(setup, '/landed-cost', setup.bodies()[0]);
    const billc = (raw.json.totalPrice as any[]).find((v) => v.currencyType === 'BILLC');
    expect(outcome.total).toEqual({ amount: String(billc.price), currency: billc.priceCurrency });
    expect(outcome.lines.filter((l) => l.itemIndex === 0).map((l) => l.kind)).toEqual(['DUTY', 'TAX']);
    expect(outcome.lines.filter((l) => l.itemIndex === 1).map((l) => l.kind)).toEqual(['DUTY', 'TAX']);
    expect(outcome.lines).toContainEqual(expect.objectContaining({ kind: 'FEE', itemIndex: null }));
    for (const line of outcome.lines) expect(line.amount.currency).toBe(outcome.total.currency);
    expect(sumMinor(outcome.lines.map((l) => l.amount.amount))).toBe(sumMinor([outcome.total.amount]));
  });

  it('warnings[] in a successful answer reach the estimate', async () => {
    const { connector } = await connect();
    const outcome = ok(await connector.landedCost(landedCostRequest({ customs: { ...CUSTOMS, items: [{ ...CUSTOMS.items[0]!, hsCode: null }] } })));
    expect(outcome.warnings).toEqual([expect.objectContaining({ message: expect.stringContaining('commodityCode') })]);
  });

  it('an answer without a BILLC entry is UPSTREAM_CONTRACT, never another view in its place', async () => {
    const fixed = await startFixedAnswer({ items: [], totalPrice: [{ currencyType: 'PULCL', priceCurrency: 'INR', price: 10 }] });
    extraClosers.push(fixed.close);
    const { setup } = await connect();
    const client = createExpressHttpClient({ config: { ...setup.config, baseUrl: fixed.origin }, ...platform() });
    extraClosers.push(() => client.close());
    const metrics = createMetrics();
    const failures = { metrics, logger: createLogger('silent') };
    const outcome = await new ExpressLandedCostConnector({ client, config: setup.config, failures }).landedCost(landedCostRequest());
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.code).toBe('UPSTREAM_CONTRACT');
    // Counted once on upstream_errors_total, like every upstream failure.
    const counted = (await metrics.upstreamErrors.get()).values.filter((v) => v.labels.operation === 'landed-cost');
    expect(counted).toEqual([expect.objectContaining({ value: 1, labels: expect.objectContaining({ code: 'UPSTREAM_CONTRACT', upstream: 'group-a/express' }) })]);
  });

  it('a malformed answer is UPSTREAM_CONTRACT', async () => {
    const { setup, connector } = await connect();
    setup.sandbox.setFaults('groupAExpress', { malformedRate: 1 });
    const outcome = await connector.landedCost(landedCostRequest());
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error.code).toBe('UPSTREAM_CONTRACT');
  });

  it('the carrier refusing the request (a domestic lane) is UPSTREAM_BAD_REQUEST with its problem title', async () => {
    const { connector } = await connect();
    const outcome = await connector.landedCost(landedCostRequest({ destination: { ...landedCostRequest().origin } }));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.code).toBe('UPSTREAM_BAD_REQUEST');
      expect(outcome.error.httpStatus).toBe(400);
    }
  });

  it("each /landed-cost call counts against the express daily quota", async () => {
    const { setup, connector } = await connect({ dailyQuota: 1 });
    ok(await connector.landedCost(landedCostRequest()));
    const refused = await connector.landedCost(landedCostRequest());
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe('UPSTREAM_RATE_LIMITED');
    expect(setup.proxy.seen).toHaveLength(1);
  });
});

describe('Group A module: express rating and landed cost', () => {
  it('configured express offers rating and landed cost through the one express client (one daily quota)', async () => {
    const { setup } = await connect();
    const loaded = loadConfig({
      GROUP_A_EXPRESS_BASE_URL: setup.config.baseUrl,
      GROUP_A_EXPRESS_USERNAME: setup.config.username,
      GROUP_A_EXPRESS_PASSWORD: setup.config.password,
      GROUP_A_EXPRESS_ACCOUNT_NUMBERS: setup.config.accountNumbers.join(','),
      GROUP_A_EXPRESS_DAILY_QUOTA: '2',
    });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const built = groupAModule.build({ config: loaded.config, ...platform() });
    extraClosers.push(built.close);
    const rating = built.rating.filter((c) => c.upstream === 'group-a/express');
    const landed = built.landedCost.filter((c) => c.upstream === 'group-a/express');
    expect(rating).toHaveLength(1);
    expect(landed).toHaveLength(1);
    expect((await rating[0]!.rate(rateRequest())).ok).toBe(true);
    expect((await landed[0]!.landedCost(landedCostRequest())).ok).toBe(true);
    const third = await rating[0]!.rate(rateRequest());
    expect(third.ok).toBe(false);
    if (!third.ok) expect(third.error.code).toBe('UPSTREAM_RATE_LIMITED');
  });
});
