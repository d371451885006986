import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { EcommerceDutyTaxConnector } from '../../../src/carriers/group-a/ecommerce/duty-tax.js';
import type { LandedCostOutcome, LandedCostRequest, RateAddress } from '../../../src/domain/rating.js';
import type { UpstreamClient } from '../../../src/platform/http/upstream-client.js';
import { createEcommerceHttpClient } from '../../../src/carriers/group-a/ecommerce/client.js';
import type { GroupAEcommerceConfig } from '../../../src/carriers/group-a/config.js';
import { startTestServer, type TestServer } from '../../platform/test-server.js';
import { platform } from './harness.js';

const DUTY_TAX = 'POST /shipping/v4/dutytax';
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
function ecommerceClient(config: GroupAEcommerceConfig, shared = platform()): UpstreamClient {
  client = createEcommerceHttpClient({ config, ...shared });
  return client;
}

async function viaSandbox(overrides: Partial<GroupAEcommerceConfig> = {}) {
  sandbox = await startSandbox();
  const config = ecommerceConfig(sandbox.urls.groupAEcommerce, overrides);
  return { sandbox, connector: new EcommerceDutyTaxConnector({ client: ecommerceClient(config), config }) };
}

const address = (countryCode: string, postalCode: string): RateAddress => ({
  countryCode,
  postalCode,
  city: null,
  stateOrProvinceCode: null,
  streetLines: [],
  residential: null,
});

function landedCostRequest(extra: Partial<LandedCostRequest> = {}): LandedCostRequest {
  return {
    origin: address('US', '30301'),
    destination: address('GB', 'SW1A 1AA'),
    packages: [{ weight: { value: 1, unit: 'KG' }, dimensions: null }],
    customs: {
      purpose: 'SOLD',
      dutiesPaidBy: 'RECIPIENT',
      items: [
        { description: 'Cotton T-shirt', quantity: 2, quantityUnit: 'PCS', value: { amount: '40.00', currency: 'USD' }, weight: null, hsCode: '610910', countryOfOrigin: 'US' },
        { description: 'Leather wallet', quantity: 1, quantityUnit: 'PCS', value: { amount: '65.50', currency: 'USD' }, weight: null, hsCode: '420231', countryOfOrigin: null },
      ],
    },
    currency: null,
    freight: null,
    expressAccountNumber: null,
    ...extra,
  };
}

function estimateOf(outcome: LandedCostOutcome) {
  if (!outcome.ok) throw new Error(`duty and tax failed: ${outcome.error.code} ${outcome.error.message}`);
  return outcome;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe('Group A e-commerce duty and tax through the sandbox (seed 000, interface C, "duty and tax"; E10)', () => {
  it('duty and tax lines are itemised per content line with the currency, and add up to the total', async () => {
    const { sandbox, connector } = await viaSandbox();
    const estimate = estimateOf(await connector.landedCost(landedCostRequest()));
    expect(estimate).toMatchObject({ carrier: 'GROUP_A', division: 'ecommerce', upstream: 'group-a/ecommerce' });
    expect(estimate.total.currency).toBe('USD');
    const perLine = (index: number) => estimate.lines.filter((line) => line.itemIndex === index).map((line) => [line.kind, line.code]);
    expect(perLine(0)).toEqual([['DUTY', 'DUTY'], ['TAX', 'VAT']]);
    expect(perLine(1)).toEqual([['DUTY', 'DUTY'], ['TAX', 'VAT']]);
    expect(estimate.lines.filter((line) => line.itemIndex === null)).toEqual([
      { kind: 'FEE', code: 'CLEARANCE', name: 'Customs clearance', amount: { amount: '5', currency: 'USD' }, itemIndex: null },
    ]);
    expect(estimate.lines.every((line) => line.amount.currency === 'USD')).toBe(true);
    expect(estimate.lines.reduce((sum, line) => sum + cents(line.amount.amount), 0)).toBe(cents(estimate.total.amount));
    expect(sandbox.stats.groupAEcommerce.calls[DUTY_TAX]).toBe(1);
    expect(sandbox.stats.groupAEcommerce.tokenMints).toBe(1);
  });

  it('a domestic lane has no duty or tax: total 0, no lines', async () => {
    const { connector } = await viaSandbox();
    const estimate = estimateOf(await connector.landedCost(landedCostRequest({ destination: address('US', '10001') })));
    expect(estimate.total).toEqual({ amount: '0', currency: 'USD' });
    expect(estimate.lines).toEqual([]);
  });

  it('a 401 re-mints the token once and asks again', async () => {
    const { sandbox, connector } = await viaSandbox();
    estimateOf(await connector.landedCost(landedCostRequest()));
    sandbox.revokeTokens('groupAEcommerce');
    estimateOf(await connector.landedCost(landedCostRequest()));
    expect(sandbox.stats.groupAEcommerce.tokenMints).toBe(2);
    expect(sandbox.stats.groupAEcommerce.responses['401']).toBe(1);
  });

  it("an origin outside the distribution center's country is not asked (E9): UPSTREAM_BAD_REQUEST, nothing sent", async () => {
    const { sandbox, connector } = await viaSandbox();
    const outcome = await connector.landedCost(landedCostRequest({ origin: address('CA', 'M5V 2T6') }));
    expect(outcome.ok === false && outcome.error.code).toBe('UPSTREAM_BAD_REQUEST');
    expect(outcome.ok === false && outcome.error.message).toContain('GROUP_A_ECOM_DISTRIBUTION_CENTER_COUNTRY');
    expect(sandbox.stats.groupAEcommerce.calls).toEqual({});
  });

  it('a malformed answer is UPSTREAM_CONTRACT', async () => {
    const { sandbox, connector } = await viaSandbox();
    sandbox.setFaults('groupAEcommerce', { malformedRate: 1 });
    for (let i = 0; i < 4; i += 1) {
      const outcome = await connector.landedCost(landedCostRequest());
      expect(outcome.ok === false && outcome.error.code).toBe('UPSTREAM_CONTRACT');
    }
  });

  it('content lines in two currencies are refused by the interface: UPSTREAM_BAD_REQUEST with its detail', async () => {
    const { connector } = await viaSandbox();
    const request = landedCostRequest();
    request.customs.items[1] = { ...request.customs.items[1]!, value: { amount: '10.00', currency: 'EUR' } };
    const outcome = await connector.landedCost(request);
    expect(outcome.ok === false && outcome.error.code).toBe('UPSTREAM_BAD_REQUEST');
    expect(outcome.ok === false && outcome.error.message).toContain('same currency');
  });
});

describe('Group A e-commerce duty and tax on the wire (E10)', () => {
  const token = { access_token: 'tok-456', expires_in: 3600 };
  async function viaTestServer(answer: unknown, overrides: Partial<GroupAEcommerceConfig> = {}) {
    server = await startTestServer((req) => (req.url.startsWith('/auth/') ? { status: 200, body: token } : { status: 200, body: answer }));
    const config = ecommerceConfig(server.origin, overrides);
    const shared = platform();
    const failures = { metrics: shared.metrics, logger: shared.logger };
    return { server, metrics: shared.metrics, connector: new EcommerceDutyTaxConnector({ client: ecommerceClient(config, shared), config, failures }) };
  }

  it('the path is configuration (GROUP_A_ECOM_DUTY_TAX_PATH); content lines, LB and the bearer go with it', async () => {
    const { server, connector } = await viaTestServer({ currency: 'USD', totalAmount: 0, charges: [] }, { dutyTaxPath: '/landedcost/v4/estimate' });
    estimateOf(await connector.landedCost(landedCostRequest({ currency: 'GBP', freight: { amount: '12.30', currency: 'USD' } })));
    const call = server.seen.find((req) => req.url === '/landedcost/v4/estimate');
    expect(call?.headers.authorization).toBe('Bearer tok-456');
    expect(JSON.parse(call!.body)).toEqual({
      pickup: '5351244',
      distributionCenter: 'USATL1',
      consigneeAddress: { postalCode: 'SW1A 1AA', country: 'GB' },
      packageDetail: { weight: { value: 2.21, unitOfMeasure: 'LB' }, shippingCost: { currency: 'USD', freight: 12.3 } },
      customsDetails: [
        { itemDescription: 'Cotton T-shirt', packagedQuantity: 2, quantityUnit: 'PCS', itemValue: 40, currency: 'USD', hsCode: '610910', countryOfOrigin: 'US' },
        { itemDescription: 'Leather wallet', packagedQuantity: 1, quantityUnit: 'PCS', itemValue: 65.5, currency: 'USD', hsCode: '420231' },
      ],
      currency: 'GBP',
    });
  });

  it("the answer's currency is the lines' currency; an unknown charge type is OTHER with its native code", async () => {
    const { connector } = await viaTestServer({
      currency: 'GBP',
      totalAmount: 9.1,
      charges: [{ type: 'LEVY', code: 'PLASTIC', description: 'Plastic levy', amount: 9.1, lineNumber: 2 }],
    });
    const estimate = estimateOf(await connector.landedCost(landedCostRequest()));
    expect(estimate.total).toEqual({ amount: '9.1', currency: 'GBP' });
    expect(estimate.lines).toEqual([{ kind: 'OTHER', code: 'PLASTIC', name: 'Plastic levy', amount: { amount: '9.1', currency: 'GBP' }, itemIndex: 1 }]);
  });

  it('a charge naming a content line that was not sent is UPSTREAM_CONTRACT, counted once in upstream_errors_total', async () => {
    const { connector, metrics } = await viaTestServer({ currency: 'USD', totalAmount: 1, charges: [{ type: 'DUTY', amount: 1, lineNumber: 3 }] });
    const outcome = await connector.landedCost(landedCostRequest());
    expect(outcome.ok === false && outcome.error.code).toBe('UPSTREAM_CONTRACT');
    const counted = (await metrics.upstreamErrors.get()).values.filter((v) => v.labels.operation === 'duty-tax');
    expect(counted).toEqual([expect.objectContaining({ value: 1, labels: { upstream: 'group-a/ecommerce', operation: 'duty-tax', code: 'UPSTREAM_CONTRACT' } })]);
  });

  it('a malformed answer recorded by the HTTP client is not counted a second time by the connector', async () => {
    const { connector, metrics } = await viaTestServer({ currency: 'USD' });
    const outcome = await connector.landedCost(landedCostRequest());
    expect(outcome.ok === false && outcome.error.code).toBe('UPSTREAM_CONTRACT');
    const counted = (await metrics.upstreamErrors.get()).values.filter((v) => v.labels.operation === 'duty-tax');
    expect(counted.map((v) => v.value)).toEqual([1]);
  });
});
