/**
 * The README's pickup queries, read from README.md and pasted as they are into the server `npm start` runs with
 * nothing configured (sandbox mode). rates-quickstart.test.ts checks every README block answers without an error;
 * this file checks what the pickup ones answer.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { migratedDataDir } from '../support/database.js';

/** Every ```graphql block of the README, in order, as a reader pastes it (as rates-quickstart.test.ts reads them). */
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const README_BLOCKS = [...README.matchAll(/```graphql\n([\s\S]*?)```/g)].map((m) => m[1]!);

function readmeBlock(heading: string): string {
  const block = README_BLOCKS.find((b) => b.startsWith(heading));
  if (!block) throw new Error(`README.md has no graphql block starting "${heading}"`);
  return block;
}

/** README "Pickups, addresses, service points and notifications", read from the README itself. */
export const README_PICKUP_AVAILABILITY = readmeBlock('# Pickups 1. ');
export const README_SCHEDULE_PICKUP = readmeBlock('# Pickups 2. ');
export const README_LIST_PICKUPS = readmeBlock('# Pickups 3. ');

/** The cancellation the README gives inline ("Cancel one with its id only: `mutation { cancelPickup(...) }`"). */
const README_CANCEL_PICKUP = (() => {
  const match = /Cancel one with its id only: `(mutation \{ cancelPickup[^`]*)`/.exec(README);
  if (!match) throw new Error('README.md has no inline cancelPickup mutation');
  return match[1]!.replace(/\s*\n\s*/g, ' ');
})();

let server: StartedServer;
let dataDir: string;

beforeAll(async () => {
  // A copy of the run's migrated PGlite template: no initdb or migrations per file.
  ({ root: dataDir } = await migratedDataDir('pickups-readme-'));
  const loaded = loadConfig({ SANDBOX: 'on', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  server = await startServer({ config: loaded.config, logger: createLogger('silent') });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function gql(block: string) {
  const query = block.replace(/^#.*$/gm, '').trim();
  const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

it("the README's pickup queries work as pasted against npm start: availability, a booking (replayed by its key), the list", async () => {
  const availability = await gql(README_PICKUP_AVAILABILITY);
  expect(availability.errors, JSON.stringify(availability.errors)).toBeUndefined();
  expect(availability.data.pickupAvailability.options).toEqual([
    expect.objectContaining({ network: 'GROUND', carrierCode: 'CBXG', pickupDate: '2030-03-13', cutoffTime: '15:00:00', available: true }),
  ]);

  const booked = await gql(README_SCHEDULE_PICKUP);
  expect(booked.errors, JSON.stringify(booked.errors)).toBeUndefined();
  expect(booked.data.schedulePickup.userErrors).toEqual([]);
  const { pickup } = booked.data.schedulePickup.booking;
  expect(pickup).toMatchObject({ state: 'SCHEDULED', scheduledDate: '2030-03-13', carrierCode: 'CBXG' });
  const again = await gql(README_SCHEDULE_PICKUP);
  expect(again.data.schedulePickup.booking).toEqual({ replay: 'REPLAYED', pickup });

  const listed = await gql(README_LIST_PICKUPS);
  expect(listed.errors, JSON.stringify(listed.errors)).toBeUndefined();
  expect(listed.data.pickups.edges.map((e: any) => e.node.id)).toEqual([pickup.id]);

  // The README's inline cancellation, with the id the booking answered in place of its placeholder: only the id is needed.
  expect(README_CANCEL_PICKUP).toContain('"Pickup:<id>"');
  const cancelled = await gql(README_CANCEL_PICKUP.replace('"Pickup:<id>"', JSON.stringify(pickup.id)));
  expect(cancelled.errors, JSON.stringify(cancelled.errors)).toBeUndefined();
  expect(cancelled.data.cancelPickup).toEqual({ cancellation: { cancelled: true, message: expect.any(String) }, userErrors: [] });
  const after = await gql(`{ pickups(first: 10) { edges { node { id state } } } }`);
  expect(after.data?.pickups.edges.map((e: any) => e.node)).toEqual([{ id: pickup.id, state: 'CANCELLED' }]);
}, 60_000);
