/**
 * Seed 000: "test environment quota: interface B: 500 service invocations per day"; issue 8: quoting "spends the same
 * quota as everything else". With the day's express quota spent, express is a typed RATE_LIMITED outcome with the time
 * it can be asked again, and the other carriers' quotes stand. Over /graphql to the simulators.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { ratingEnv } from './rates-support.js';

let e2e: E2E;
beforeAll(async () => {
  // One express call a day (assumption X5: our own counter, GROUP_A_EXPRESS_DAILY_QUOTA); no cache, so the second
  // rate shop must ask again.
  e2e = await startE2E({ env: ratingEnv({ GROUP_A_EXPRESS_DAILY_QUOTA: '1', RATE_CACHE_TTL_MS: '0' }) });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

const SHOP = `query ($input: RateRequestInput!) {
  rates(input: $input) {
    quotes { upstream }
    outcomes { __typename ... on RateFailure { upstream code retryAt } }
  }
}`;

const input = {
  origin: { countryCode: 'US', postalCode: '30301' },
  destination: { countryCode: 'US', postalCode: '10001' },
  packages: [{ weight: { value: 2 } }],
};

it("with the express day's quota spent, express is UPSTREAM_RATE_LIMITED with retryAt and the other carriers' quotes stand", async () => {
  const first = await e2e.gql(SHOP, { input });
  expect(first.errors).toBeUndefined();
  expect(first.data.rates.quotes.some((q: any) => q.upstream === 'group-a/express')).toBe(true);
  e2e.sandbox.resetStats();
  const second = await e2e.gql(SHOP, { input });
  expect(second.errors).toBeUndefined();
  const express = second.data.rates.outcomes.find((o: any) => o.upstream === 'group-a/express');
  expect(express).toMatchObject({ __typename: 'RateFailure', code: 'UPSTREAM_RATE_LIMITED' });
  expect(Date.parse(express.retryAt)).toBeGreaterThan(Date.now());
  // The call past the quota is never sent.
  expect(Object.entries(e2e.sandbox.stats.groupAExpress.calls).filter(([route]) => /\/rates$/.test(route))).toEqual([]);
  expect(second.data.rates.quotes.some((q: any) => q.upstream === 'carrier-b')).toBe(true);
  expect(second.data.rates.quotes.some((q: any) => q.upstream === 'group-a/ecommerce')).toBe(true);
});
