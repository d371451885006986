/**
 * Issue 8 item 7: bad input is refused before any upstream call with BAD_USER_INPUT naming the field. Each case goes
 * through /graphql to a server configured against the simulators, and the simulators' counters show no rating call
 * (nor any other business call) was made.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

const RATES = `query Rates($input: RateRequestInput!) { rates(input: $input) { fromCache quotes { serviceCode } } }`;
const SERVICEABILITY = `query Lane($input: ServiceabilityInput!) { serviceability(input: $input) { fromCache } }`;

/** A valid domestic request (US to US); each case breaks one field of it. */
function valid(): Record<string, any> {
  return {
    origin: { countryCode: 'US', postalCode: '30301' },
    destination: { countryCode: 'US', postalCode: '10001' },
    packages: [{ weight: { value: 2, unit: 'KG' }, dimensions: { length: 30, width: 20, height: 10, unit: 'CM' } }],
  };
}

/** A valid cross-border request (DE to GB) with customs content and a declared value. */
function crossBorder(): Record<string, any> {
  return {
    origin: { countryCode: 'DE', postalCode: '10115' },
    destination: { countryCode: 'GB', postalCode: 'SW1A 1AA' },
    packages: [{ weight: { value: 2 } }],
    declaredValue: { amount: '120.00', currency: 'EUR' },
    customs: { items: [{ description: 'Books', quantity: 2, value: { amount: '120.00', currency: 'EUR' } }] },
  };
}

/** Business calls the simulators saw (token mints and the dark store's background health reads left out). */
function upstreamCalls(): number {
  return Object.values(e2e.sandbox.stats).reduce(
    (sum, s) => sum + Object.entries(s.calls).filter(([route]) => !/token|health/i.test(route)).reduce((n, [, v]) => n + v, 0),
    0,
  );
}

const isoDate = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function expectRefused(input: Record<string, any>, field: string, query = RATES) {
  const answer = await e2e.gql(query, { input });
  expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(answer.errors)).toBe('BAD_USER_INPUT');
  expect(answer.errors?.[0]?.extensions?.field).toBe(field);
  expect(upstreamCalls()).toBe(0);
}

describe('rates: bad input is refused before any upstream call', () => {
  it('an unknown country is BAD_USER_INPUT naming input.destination.countryCode before any upstream call', async () => {
    await expectRefused({ ...valid(), destination: { countryCode: 'XX', postalCode: '10001' } }, 'input.destination.countryCode');
  });

  it('a malformed postal code is BAD_USER_INPUT naming input.origin.postalCode before any upstream call', async () => {
    await expectRefused({ ...valid(), origin: { countryCode: 'US', postalCode: 'ABCDE' } }, 'input.origin.postalCode');
  });

  it('a missing postal code where the country has them is BAD_USER_INPUT naming input.destination.postalCode', async () => {
    await expectRefused({ ...valid(), destination: { countryCode: 'US' } }, 'input.destination.postalCode');
  });

  it('a control character in a city is BAD_USER_INPUT naming input.origin.city before any upstream call', async () => {
    await expectRefused({ ...valid(), origin: { countryCode: 'US', postalCode: '30301', city: 'Atl\u0000anta' } }, 'input.origin.city');
  });

  it('a non-positive weight is BAD_USER_INPUT naming input.packages.0.weight.value before any upstream call', async () => {
    await expectRefused({ ...valid(), packages: [{ weight: { value: 0 } }] }, 'input.packages.0.weight.value');
    await expectRefused({ ...valid(), packages: [{ weight: { value: -1 } }] }, 'input.packages.0.weight.value');
  });

  it('an absurd weight is BAD_USER_INPUT naming input.packages.0.weight.value before any upstream call', async () => {
    await expectRefused({ ...valid(), packages: [{ weight: { value: 5000, unit: 'KG' } }] }, 'input.packages.0.weight.value');
  });

  it('a non-positive dimension is BAD_USER_INPUT naming input.packages.0.dimensions.height before any upstream call', async () => {
    await expectRefused(
      { ...valid(), packages: [{ weight: { value: 1 }, dimensions: { length: 10, width: 10, height: 0 } }] },
      'input.packages.0.dimensions.height',
    );
  });

  it('no package, or more than 50, is BAD_USER_INPUT naming input.packages before any upstream call', async () => {
    await expectRefused({ ...valid(), packages: [] }, 'input.packages');
    await expectRefused({ ...valid(), packages: Array.from({ length: 51 }, () => ({ weight: { value: 1 } })) }, 'input.packages');
  });

  it('missing customs content on a cross-border lane is BAD_USER_INPUT naming input.customs before any upstream call', async () => {
    const { customs: _dropped, ...input } = crossBorder();
    await expectRefused(input, 'input.customs');
  });

  it('a missing declared value on a cross-border lane is BAD_USER_INPUT naming input.declaredValue before any upstream call', async () => {
    const { declaredValue: _dropped, ...input } = crossBorder();
    await expectRefused(input, 'input.declaredValue');
  });

  it('a currency that is not ISO 4217 is BAD_USER_INPUT naming input.currency before any upstream call', async () => {
    await expectRefused({ ...valid(), currency: 'ABC' }, 'input.currency');
    await expectRefused({ ...crossBorder(), declaredValue: { amount: '120.00', currency: 'EURO' } }, 'input.declaredValue.currency');
  });

  it('a ship date in the past is BAD_USER_INPUT naming input.shipDate before any upstream call', async () => {
    await expectRefused({ ...valid(), shipDate: isoDate(-3) }, 'input.shipDate');
  });

  it('a ship date more than 30 days ahead is BAD_USER_INPUT naming input.shipDate before any upstream call', async () => {
    await expectRefused({ ...valid(), shipDate: isoDate(45) }, 'input.shipDate');
  });

  it('an unknown express account number is BAD_USER_INPUT naming input.expressAccountNumber before any upstream call', async () => {
    await expectRefused({ ...valid(), expressAccountNumber: '123456789' }, 'input.expressAccountNumber');
  });

  it('DELIVER_BY without a date is BAD_USER_INPUT naming input.deliverBy before any upstream call', async () => {
    await expectRefused({ ...valid(), strategy: 'DELIVER_BY' }, 'input.deliverBy');
  });

  it('a non-positive cash-on-delivery amount is BAD_USER_INPUT naming input.cashOnDelivery.amount before any upstream call', async () => {
    await expectRefused({ ...valid(), cashOnDelivery: { amount: '0.00', currency: 'USD' } }, 'input.cashOnDelivery.amount');
    await expectRefused({ ...valid(), cashOnDelivery: { amount: '1e3', currency: 'USD' } }, 'input.cashOnDelivery.amount');
  });

  it('a cash-on-delivery amount with more decimals than its currency is BAD_USER_INPUT naming input.cashOnDelivery.amount', async () => {
    await expectRefused({ ...valid(), cashOnDelivery: { amount: '100.5', currency: 'JPY' } }, 'input.cashOnDelivery.amount');
  });

  it('an unknown Group A division filter is BAD_USER_INPUT naming input.divisions.0 before any upstream call', async () => {
    await expectRefused({ ...valid(), divisions: ['freight'] }, 'input.divisions.0');
  });

  it('serviceability refuses the same bad input before any upstream call', async () => {
    await expectRefused({ origin: valid().origin, destination: { countryCode: 'ZZ', postalCode: '1' } }, 'input.destination.countryCode', SERVICEABILITY);
  });

  it('today is an allowed ship date', async () => {
    const answer = await e2e.gql(RATES, { input: { ...valid(), shipDate: new Date().toISOString().slice(0, 10), originUtcOffset: '+00:00' } });
    expect(answer.errors).toBeUndefined();
  });
});
