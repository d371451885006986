/**
 * The README's queries, pasted as is into the server `npm start` runs with nothing configured (sandbox mode: every
 * simulator in process, every connection pointed at it). If this fails, the README's query does too.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { migratedDataDir } from '../support/database.js';

/** Every ```graphql block of the README, in order, as a reader pastes it. */
const README_BLOCKS = [...readFileSync(new URL('../../README.md', import.meta.url), 'utf8').matchAll(/```graphql\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** README "Quick start", query 4, read from the README itself (so the README cannot drift from what is tested). */
export const README_RATE_SHOP = README_BLOCKS.find((block) => block.startsWith('# 4. Rate shopping'))!;

let server: StartedServer;
let dataDir: string;

beforeAll(async () => {
  // A copy of the run's migrated PGlite template: no initdb or migrations per file.
  ({ root: dataDir } = await migratedDataDir('rates-quickstart-'));
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

it('every query pasted from the README answers without a GraphQL error (one operation per block, or per line in the mutations block)', async () => {
  expect(README_BLOCKS.length).toBeGreaterThanOrEqual(7);
  for (const block of README_BLOCKS) {
    const body = block.replace(/^#.*$/gm, '').trim();
    // Another subgraph's schema (the Federation part) is a definition, not a query: the composition tests run it.
    if (/^(extend\s+)?(type|interface|schema|enum|input|union|scalar|directive)\b/.test(body)) continue;
    // The "Mutations and lists" block holds one operation per line; every other block is one operation.
    const operations = block.startsWith('# Mutations and lists') ? body.split('\n').filter((line) => line.trim() !== '') : [body];
    for (const operation of operations) {
      const answer = await gql(operation);
      expect(answer.errors, `${operation.slice(0, 80)}: ${JSON.stringify(answer.errors)}`).toBeUndefined();
      expect(answer.data).toBeTruthy();
    }
  }
}, 120_000);
