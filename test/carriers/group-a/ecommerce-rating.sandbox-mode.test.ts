/**
 * Sandbox mode (`npm start` with nothing configured) points e-commerce at the simulator with the sandbox account's
 * pickup and distribution center (E9), so rate shopping there quotes e-commerce instead of skipping it.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../../src/server/start.js';
import { migratedDataDir } from '../../support/database.js';

let server: StartedServer;
let dataDir: string;

beforeAll(async () => {
  // A copy of the run's migrated PGlite template: no initdb or migrations per file.
  ({ root: dataDir } = await migratedDataDir('ecommerce-sandbox-mode-'));
  const loaded = loadConfig({ SANDBOX: 'on', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SANDBOX_LATENCY_MS: '0' });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  server = await startServer({ config: loaded.config, logger: createLogger('silent') });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('in sandbox mode, rates quotes the e-commerce products (pickup and distribution center come from the sandbox account)', async () => {
  const shipDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `query($input: RateRequestInput!) { rates(input: $input) { quotes { upstream serviceCode } skipped { upstream code } } }`,
      variables: {
        input: {
          origin: { countryCode: 'US', postalCode: '30301' },
          destination: { countryCode: 'US', postalCode: '10001' },
          packages: [{ weight: { value: 2, unit: 'KG' } }],
          shipDate,
          carriers: ['GROUP_A'],
          divisions: ['ecommerce'],
        },
      },
    }),
  });
  const answer = (await response.json()) as { data?: any; errors?: unknown[] };
  expect(answer.errors).toBeUndefined();
  expect(answer.data.rates.skipped).not.toEqual(expect.arrayContaining([expect.objectContaining({ upstream: 'group-a/ecommerce' })]));
  const codes = (answer.data.rates.quotes as Array<{ upstream: string; serviceCode: string }>).filter((q) => q.upstream === 'group-a/ecommerce').map((q) => q.serviceCode);
  expect(codes).toContain('GND');
}, 60_000);
