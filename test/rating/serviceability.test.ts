/**
 * Serviceability from rate calls (issue 8 item 4; seeds: "There is no separate serviceability endpoint: a rate call
 * either returns products or does not", "serviceability is a rate call that returns services or not"), over /graphql
 * to the simulators.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { ratingEnv } from './rates-support.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ env: ratingEnv() });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

const LANE = `query Lane($input: ServiceabilityInput!) {
  serviceability(input: $input) {
    fromCache checkedAt
    outcomes {
      __typename
      ... on LaneService { upstream served services { serviceCode serviceName serviceLevel transitDays } }
      ... on RateFailure { upstream code message }
    }
    skipped { upstream code }
  }
}`;

const domestic = (postalCode: string) => ({
  origin: { countryCode: 'US', postalCode: '30301' },
  destination: { countryCode: 'US', postalCode },
});

function callsOf(re: RegExp): number {
  return Object.values(e2e.sandbox.stats).reduce(
    (sum, s) => sum + Object.entries(s.calls).filter(([route]) => re.test(route)).reduce((n, [, v]) => n + v, 0),
    0,
  );
}

async function check(input: Record<string, unknown>) {
  const answer = await e2e.gql(LANE, { input });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data.serviceability;
}

describe('serviceability from rate calls', () => {
  it('a lane a carrier returns services for is served, with those services', async () => {
    const result = await check(domestic('10001'));
    const express = result.outcomes.find((o: any) => o.upstream === 'group-a/express');
    expect(express).toMatchObject({ __typename: 'LaneService', served: true });
    expect(express.services.length).toBeGreaterThan(0);
    for (const o of result.outcomes) expect(o.__typename).toBe('LaneService');
  });

  it('a rate call that returns nothing means not served', async () => {
    // The sandbox's express and e-commerce networks do not reach destinations starting 999 (assumptions XR9, E10).
    const result = await check(domestic('99950'));
    const notServed = result.outcomes.filter((o: any) => o.__typename === 'LaneService' && !o.served).map((o: any) => o.upstream);
    expect(notServed).toEqual(expect.arrayContaining(['group-a/express', 'group-a/ecommerce']));
    for (const o of result.outcomes.filter((x: any) => !x.served)) expect(o.services).toEqual([]);
  });

  it('express answers serviceability of a single piece from /products, not /rates; each carrier is called once', async () => {
    await check(domestic('10002'));
    expect(callsOf(/\/expressapi\/test\/products$/)).toBe(1);
    expect(callsOf(/\/expressapi\/test\/rates$/)).toBe(0);
    expect(callsOf(/\/shipping\/v4\/products$/)).toBe(1);
    expect(callsOf(/\/rate\/v1\/rates\/quotes$/)).toBe(1);
  });

  it('an identical serviceability check within RATE_CACHE_TTL_MS calls no carrier', async () => {
    const first = await check(domestic('10003'));
    e2e.sandbox.resetStats();
    const second = await check(domestic('10003'));
    expect(callsOf(/\/(rates|products|quotes)$/)).toBe(0);
    expect(second.fromCache).toBe(true);
    expect(second.checkedAt).toBe(first.checkedAt);
  });

  it('a rate shop already cached answers serviceability of the same request without a call', async () => {
    const rates = await e2e.gql(`query($input: RateRequestInput!) { rates(input: $input) { quotes { serviceCode } } }`, {
      input: { ...domestic('10004'), packages: [{ weight: { value: 1, unit: 'KG' } }] },
    });
    expect(rates.errors).toBeUndefined();
    e2e.sandbox.resetStats();
    // Serviceability's default package is one of 1 kg (assumption RT9): the same request, so rate answers are reused.
    const result = await check(domestic('10004'));
    expect(callsOf(/\/(rates|quotes)$/)).toBe(0);
    expect(result.outcomes.find((o: any) => o.upstream === 'carrier-b')?.served).toBe(true);
  });
});
