/**
 * The README's rate-shopping query, pasted as is into the server `npm start` runs with nothing configured (sandbox
 * mode: every simulator in process, every connection pointed at it). If this fails, the README's query does too.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';

/** README "Quick start", query 4, character for character. */
export const README_RATE_SHOP = `# 4. Rate shopping: every carrier that serves the lane, in parallel; one outcome per carrier, quotes cheapest first
{
  rates(input: {
    origin: { countryCode: "US", postalCode: "30301" }
    destination: { countryCode: "US", postalCode: "10001" }
    packages: [{ weight: { value: 2, unit: KG }, dimensions: { length: 30, width: 20, height: 15, unit: CM } }]
    strategy: CHEAPEST
  }) {
    best { carrier division serviceName total { amount currency } estimatedDelivery { instant localDateTime } }
    quotes { carrier division serviceCode serviceName serviceLevel total { amount currency } transitDays rateType }
    outcomes { __typename ... on RateFailure { upstream code message limit } }
    skipped { upstream code message }
    quotedAt fromCache
  }
}`;

let server: StartedServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rates-quickstart-'));
  const loaded = loadConfig({ SANDBOX: 'on', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  server = await startServer({ config: loaded.config, logger: createLogger('silent') });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function gql(query: string) {
  const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

it("the README's rate-shopping query answers quotes from every sandbox courier, cheapest first, then from cache", async () => {
  const first = await gql(README_RATE_SHOP);
  expect(first.errors, JSON.stringify(first.errors)).toBeUndefined();
  const { rates } = first.data;
  expect(rates.outcomes.map((o: any) => o.__typename)).toEqual(['CarrierRates', 'CarrierRates', 'CarrierRates']);
  expect(new Set(rates.quotes.map((q: any) => `${q.carrier}/${q.division}`))).toEqual(
    new Set(['GROUP_A/express', 'GROUP_A/ecommerce', 'CARRIER_B/null']),
  );
  expect(rates.best.total).toEqual(rates.quotes[0].total);
  expect(rates.fromCache).toBe(false);
  const again = await gql(README_RATE_SHOP);
  expect(again.data.rates.fromCache).toBe(true);
  expect(again.data.rates.quotedAt).toBe(rates.quotedAt);
}, 60_000);
