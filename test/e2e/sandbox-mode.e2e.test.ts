/**
 * Sandbox mode (`npm start` with nothing configured): what the simulators answer must be usable as input again.
 * The unified simulator has a `freight` division (sandbox/README.md) beside the default GROUP_A_DIVISIONS.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { migratedDataDir } from '../support/database.js';

let server: StartedServer;
let dataDir: string;

beforeAll(async () => {
  // A copy of the run's migrated PGlite template: no initdb or migrations per file.
  ({ root: dataDir } = await migratedDataDir('sandbox-mode-'));
  const loaded = loadConfig({ SANDBOX: 'on', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SANDBOX_LATENCY_MS: '0' });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  server = await startServer({ config: loaded.config, logger: createLogger('silent') });
});
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function gql(query: string, variables?: Record<string, unknown>) {
  const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> };
}

it('every division an ambiguous sandbox number answers with is accepted back as a lookup division', async () => {
  const ambiguous = await gql(`{ track(inputs: [{ carrier: GROUP_A, trackingNumber: "AMB10001" }]) { ... on TrackedShipments { shipments { division trackingNumber } } } }`);
  expect(ambiguous.errors).toBeUndefined();
  const divisions = (ambiguous.data.track[0].shipments as Array<{ division: string }>).map((s) => s.division).sort();
  expect(divisions).toEqual(['ecommerce', 'express', 'freight']);
  for (const division of divisions) {
    const one = await gql('query($d: String) { shipment(carrier: GROUP_A, trackingNumber: "AMB10001", division: $d) { division } }', { d: division });
    expect(one.errors, division).toBeUndefined();
    expect(one.data.shipment.division).toBe(division);
  }
}, 60_000);

it('a division the sandbox does not have is still refused before any call', async () => {
  const answer = await gql('{ shipment(carrier: GROUP_A, trackingNumber: "AMB10001", division: "sea") { division } }');
  expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  expect(answer.errors?.[0]?.message).toMatch(/division/);
});
