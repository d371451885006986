/**
 * Issue 8 item 6, seed 000: "The legal terms of the express interface forbid sharing product and rating data with
 * competitors." Over real HTTP: a rate shop and a delivery promise ask every carrier at once, and what the express
 * simulator answered (its product codes and names, its prices) must never reach another carrier's simulator nor the
 * server's logs at any level down to trace.
 *
 * Every other upstream (Carrier B, Group A e-commerce, Group A unified tracking, the dark store) sits behind a
 * recording proxy that keeps each request's path, query and body. The e-commerce division is Group A's own, but it is
 * held to the same rule: only the express interface's data is in question, and it goes nowhere but to us.
 *
 * The third leg, "never exported": the analytics export (outbox to the bridge) does not exist yet; it is issue 11's to
 * build and to test that no express quote is ever written to the outbox. Nothing here exports anything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_DARK_STORE_PINCODES, type SimulatorName } from '../../sandbox/index.js';
import { startRecordingProxy, type RecordingProxy } from '../carriers/carrier-b/recording-proxy.js';
import { startE2E, type E2E } from '../e2e/support.js';
import { memoryLogger } from '../observability/support.js';
import { freePort } from '../push/child-server.js';

/** Every upstream but express: what each receives is recorded. */
const OTHERS = ['carrierB', 'groupAEcommerce', 'groupAUnified', 'darkStore'] as const satisfies readonly SimulatorName[];

const RATES = `query Rates($input: RateRequestInput!) {
  rates(input: $input) {
    outcomes {
      __typename
      ... on CarrierRates {
        upstream
        quotes {
          serviceCode localServiceCode serviceName
          total { amount currency }
          breakdown { code name amount { amount } }
          currencyViews { total { amount } breakdown { amount { amount } } }
        }
      }
    }
  }
}`;

const PROMISE = `query Promise($input: DeliveryPromiseInput!) {
  deliveryPromise(input: $input) {
    darkStore { offered reason { code } }
    options { kind quote { upstream serviceCode serviceName total { amount } } }
  }
}`;

/** A domestic Indian lane (express quotes its domestic products; Carrier B and the dark store's country too). */
const lane = {
  origin: { countryCode: 'IN', postalCode: '562123' },
  destination: { countryCode: 'IN', postalCode: '110001' },
  packages: [{ weight: { value: 1.37, unit: 'KG' }, dimensions: { length: 31, width: 21, height: 11, unit: 'CM' } }],
  originUtcOffset: '+05:30',
};

let e2e: E2E;
let proxies: Record<(typeof OTHERS)[number], RecordingProxy>;
const log = memoryLogger('trace');

beforeAll(async () => {
  // Fixed simulator ports, so each proxy knows its target before the sandbox starts inside startE2E.
  const ports = Object.fromEntries(await Promise.all(OTHERS.map(async (name) => [name, await freePort()] as const))) as Record<
    (typeof OTHERS)[number],
    number
  >;
  proxies = Object.fromEntries(
    await Promise.all(OTHERS.map(async (name) => [name, await startRecordingProxy(`http://127.0.0.1:${ports[name]}`)] as const)),
  ) as typeof proxies;
  e2e = await startE2E({
    logger: log.logger,
    sandbox: { ports },
    env: {
      CARRIER_B_BASE_URL: proxies.carrierB.origin,
      GROUP_A_ECOM_BASE_URL: proxies.groupAEcommerce.origin,
      GROUP_A_TRACK_BASE_URL: `${proxies.groupAUnified.origin}/track`,
      DARK_STORE_BASE_URL: proxies.darkStore.origin,
      DARK_STORE_PINCODES: SANDBOX_DARK_STORE_PINCODES.join(','),
    },
  });
}, 60_000);

afterAll(async () => {
  await e2e?.close();
  await Promise.all(Object.values(proxies ?? {}).map((proxy) => proxy.close()));
});

/** Every value of an express quote that is its data: product codes and names, every price. */
function expressData(outcomes: any[]): { words: string[]; amounts: string[] } {
  const express = outcomes.filter((o) => o.__typename === 'CarrierRates' && o.upstream === 'group-a/express');
  const quotes = express.flatMap((o) => o.quotes);
  const words = quotes.flatMap((q: any) => [q.serviceCode, q.localServiceCode, q.serviceName, ...q.breakdown.flatMap((b: any) => [b.code, b.name])]);
  const amounts = quotes.flatMap((q: any) => [
    q.total.amount,
    ...q.breakdown.map((b: any) => b.amount.amount),
    ...q.currencyViews.flatMap((v: any) => [v.total.amount, ...v.breakdown.map((b: any) => b.amount.amount)]),
  ]);
  return {
    words: [...new Set(words.filter((w: unknown): w is string => typeof w === 'string' && w !== ''))],
    // A zero line says nothing about a price, and 0 is in many an honest request body.
    amounts: [...new Set(amounts.filter((a: string) => Number(a) !== 0))],
  };
}

/** Every string and number inside a JSON (or form) body, and the path's query values. */
function leaves(path: string, body: string): string[] {
  const found: string[] = [...new URL(path, 'http://x').searchParams.values()];
  const walk = (value: unknown): void => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object') Object.values(value as object).forEach(walk);
    else found.push(String(value));
  };
  if (body.trim() !== '') {
    try {
      walk(JSON.parse(body));
    } catch {
      found.push(...new URLSearchParams(body).values());
    }
  }
  return found;
}

/** "84.38" and 84.38 and "84.380" are one price. */
const sameAmount = (a: string, b: string): boolean => a === b || (Number.isFinite(Number(a)) && Number.isFinite(Number(b)) && Number(a) === Number(b));

describe('express data stays ours (seed 000 legal terms)', () => {
  let data: { words: string[]; amounts: string[] };

  beforeAll(async () => {
    // The dark store is not offered for this pincode, so the promise asks the couriers, express among them.
    const rates = await e2e.gql(RATES, { input: lane });
    expect(rates.errors).toBeUndefined();
    data = expressData(rates.data.rates.outcomes);
    const promise = await e2e.gql(PROMISE, {
      input: { postalCode: lane.destination.postalCode, countryCode: 'IN', itemCount: 2, origin: lane.origin, packages: lane.packages, originUtcOffset: '+05:30' },
    });
    expect(promise.errors).toBeUndefined();
    expect(promise.data.deliveryPromise.darkStore.offered).toBe(false);
    expect(promise.data.deliveryPromise.options.some((o: any) => o.quote?.upstream === 'group-a/express')).toBe(true);
  }, 30_000);

  it('the rate shop had express quotes to protect (codes, names, prices)', () => {
    expect(data.words.length).toBeGreaterThan(0);
    expect(data.amounts.length).toBeGreaterThan(0);
  });

  it("an express quote's product codes, names and prices never reach another carrier's simulator", () => {
    const seen = OTHERS.flatMap((name) => proxies[name].seen.map((request) => ({ name, request })));
    // Carrier B was asked for its own quotes, the dark store for its health: the recording saw real traffic.
    expect(proxies.carrierB.seen.some((r) => r.path.startsWith('/rate/'))).toBe(true);
    expect(proxies.darkStore.seen.length).toBeGreaterThan(0);
    for (const { name, request } of seen) {
      const values = leaves(request.path, request.body);
      for (const word of data.words) expect(values, `${name} ${request.method} ${request.path} carries express '${word}'`).not.toContain(word);
      for (const amount of data.amounts) {
        expect(values.some((v) => sameAmount(v, amount)), `${name} ${request.method} ${request.path} carries express price ${amount}`).toBe(false);
      }
      // Names are long enough to be searched for anywhere in the raw body too (headers included).
      const raw = `${request.path}\n${JSON.stringify(request.headers)}\n${request.body}`;
      for (const word of data.words.filter((w) => w.length >= 6)) expect(raw).not.toContain(word);
    }
  });

  it('an express quote never appears in full in the logs, at any level down to trace', () => {
    const lines = log.lines();
    expect(lines.length).toBeGreaterThan(0); // trace logging was on and wrote
    const text = lines.map((line) => JSON.stringify(line));
    for (const line of text) {
      for (const word of data.words.filter((w) => w.length >= 6)) expect(line, 'a log line names an express product').not.toContain(word);
      for (const amount of data.amounts) expect(line, 'a log line carries an express price').not.toContain(`"${amount}"`);
    }
  });
});
