/**
 * `landedCost` (issue 8 item 4; seed 000: express `POST /landed-cost` "duty and tax estimate", e-commerce "duty and
 * tax"), over real HTTP against the sandbox: every carrier that estimates is asked in parallel, each answer is one
 * outcome, itemised with its currency, and one failing or late carrier never hides the other.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../sandbox/context.js';
import { startE2E, type E2E } from '../e2e/support.js';

const LANDED_COST = `query LandedCost($input: LandedCostInput!) {
  landedCost(input: $input) {
    estimatedAt
    outcomes {
      __typename
      ... on LandedCostEstimate {
        carrier division upstream
        total { amount currency }
        lines { kind code name amount { amount currency } itemIndex }
        warnings { code message }
      }
      ... on LandedCostFailure { carrier division upstream code message limit }
    }
  }
}`;

/** Atlanta to Berlin: a cross-border lane both Group A interfaces estimate in the sandbox. */
const input = {
  origin: { countryCode: 'US', postalCode: '30301' },
  destination: { countryCode: 'DE', postalCode: '10115' },
  packages: [{ weight: { value: 2.5, unit: 'KG' } }],
  customs: {
    purpose: 'SOLD',
    dutiesPaidBy: 'RECIPIENT',
    items: [
      { description: 'cotton t-shirts', quantity: 10, value: { amount: '150.00', currency: 'USD' }, hsCode: '6109.10', countryOfOrigin: 'US' },
      { description: 'leather wallet', quantity: 1, value: { amount: '80.00', currency: 'USD' }, hsCode: '4202.31', countryOfOrigin: 'US' },
    ],
  },
};

let e2e: E2E;

beforeAll(async () => {
  const { pickupAccount, distributionCenter } = DEFAULT_CREDENTIALS.groupAEcommerce;
  e2e = await startE2E({
    env: {
      // E9: e-commerce duty and tax need the account's pickup and distribution center.
      GROUP_A_ECOM_PICKUP_ACCOUNT: pickupAccount,
      GROUP_A_ECOM_DISTRIBUTION_CENTER: distributionCenter,
      // Short, so the late-carrier test waits little; the sandbox answers in milliseconds otherwise.
      RATE_CARRIER_DEADLINE_MS: '1500',
    },
  });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

beforeEach(() => {
  e2e.sandbox.setFaults('groupAExpress', { latencyMs: 0 });
  e2e.sandbox.setFaults('groupAEcommerce', { latencyMs: 0 });
});

const byUpstream = (outcomes: any[], upstream: string) => outcomes.find((o) => o.upstream === upstream);

describe('landedCost', () => {
  it('duty and tax from express /landed-cost and e-commerce duty and tax, each itemised with its currency', async () => {
    e2e.sandbox.resetStats();
    const answer = await e2e.gql(LANDED_COST, { input });
    expect(answer.errors).toBeUndefined();
    const outcomes = answer.data.landedCost.outcomes;
    expect(outcomes.map((o: any) => o.upstream).sort()).toEqual(['group-a/ecommerce', 'group-a/express']);
    for (const outcome of outcomes) {
      expect(outcome.__typename, JSON.stringify(outcome)).toBe('LandedCostEstimate');
      expect(outcome.total.currency).toMatch(/^[A-Z]{3}$/);
      expect(outcome.lines.length).toBeGreaterThan(0);
      for (const line of outcome.lines) {
        expect(['DUTY', 'TAX', 'FEE', 'OTHER']).toContain(line.kind);
        expect(line.amount.amount).toMatch(/^\d+(\.\d+)?$/);
        expect(line.amount.currency).toMatch(/^[A-Z]{3}$/);
        if (line.itemIndex !== null) expect([0, 1]).toContain(line.itemIndex);
      }
      // Itemised: at least one line names the customs item it is for.
      expect(outcome.lines.some((line: any) => line.itemIndex !== null)).toBe(true);
    }
    expect(outcomes.flatMap((o: any) => o.lines.map((l: any) => l.kind))).toEqual(expect.arrayContaining(['DUTY', 'TAX']));
    // One call to each carrier.
    expect(e2e.sandbox.stats.groupAExpress.calls['POST /expressapi/test/landed-cost']).toBe(1);
  });

  it('one failing landed-cost carrier does not hide the other', async () => {
    // The express answer is a server error on the call and on its one retry.
    e2e.sandbox.failNext('groupAExpress', { status: 500, count: 2 });
    const answer = await e2e.gql(LANDED_COST, { input });
    expect(answer.errors).toBeUndefined();
    const outcomes = answer.data.landedCost.outcomes;
    expect(byUpstream(outcomes, 'group-a/express')).toMatchObject({ __typename: 'LandedCostFailure', carrier: 'GROUP_A', division: 'express', code: 'UPSTREAM_UNAVAILABLE' });
    expect(byUpstream(outcomes, 'group-a/ecommerce').__typename).toBe('LandedCostEstimate');
  });

  it('a carrier later than RATE_CARRIER_DEADLINE_MS is a timeout naming the variable; the other estimate stands', async () => {
    e2e.sandbox.setFaults('groupAEcommerce', { latencyMs: 4_000 });
    const answer = await e2e.gql(LANDED_COST, { input });
    expect(answer.errors).toBeUndefined();
    const outcomes = answer.data.landedCost.outcomes;
    expect(byUpstream(outcomes, 'group-a/ecommerce')).toMatchObject({
      __typename: 'LandedCostFailure',
      code: 'UPSTREAM_DEADLINE_EXCEEDED',
      limit: 'RATE_CARRIER_DEADLINE_MS',
    });
    expect(byUpstream(outcomes, 'group-a/express').__typename).toBe('LandedCostEstimate');
  });

  it('bad input is BAD_USER_INPUT naming the field, before any upstream call', async () => {
    e2e.sandbox.resetStats();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...input, destination: { countryCode: 'US', postalCode: '10001' } }, 'input.destination.countryCode'],
      [{ ...input, destination: { countryCode: 'XX', postalCode: '10115' } }, 'input.destination.countryCode'],
      [{ ...input, currency: 'EURO' }, 'input.currency'],
      [{ ...input, expressAccountNumber: '123456789' }, 'input.expressAccountNumber'],
      [{ ...input, packages: [{ weight: { value: 0, unit: 'KG' } }] }, 'input.packages.0.weight.value'],
      [{ ...input, customs: { ...input.customs, items: [] } }, 'input.customs.items'],
    ];
    for (const [bad, field] of cases) {
      const answer = await e2e.gql(LANDED_COST, { input: bad });
      expect(answer.errors?.[0]?.extensions, field).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });
});
