/**
 * The README's "Using it: pickups" queries (proposed text, issue 10 item 1), pasted as they are into the server
 * `npm start` runs with nothing configured (sandbox mode). Once the README carries them, rates-quickstart.test.ts runs
 * them too; this file checks what they answer.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { migratedDataDir } from '../support/database.js';

export const README_PICKUP_AVAILABILITY = `# Pickups 1. When can Carrier B collect in Memphis on Wednesday 13 March 2030 (ready 10:00 at UTC-06:00)?
{
  pickupAvailability(input: {
    carrier: CARRIER_B, network: GROUND, dateType: SAME_DAY
    readyAt: "2030-03-13T16:00:00Z", utcOffset: "-06:00"
    address: { streetLines: ["3610 Hacks Cross Rd"], city: "Memphis", stateOrProvinceCode: "TN", postalCode: "38125", countryCode: "US" }
  }) {
    options { network carrierCode pickupDate cutoffTime accessTime readyTime available }
    warnings { code message }
  }
}
`;

export const README_SCHEDULE_PICKUP = `# Pickups 2. Book it (the same key again answers the same pickup, never a second driver)
mutation {
  schedulePickup(input: {
    idempotencyKey: "readme-pickup-1"
    carrier: CARRIER_B, network: GROUND
    location: {
      contactName: "Ada Shipper", phone: "+1 901 555 0100"
      address: { streetLines: ["3610 Hacks Cross Rd"], city: "Memphis", stateOrProvinceCode: "TN", postalCode: "38125", countryCode: "US" }
    }
    readyAt: "2030-03-13T16:00:00Z", utcOffset: "-06:00", closeTime: "17:00"
    packageLocation: "FRONT", packageCount: 3, totalWeight: { value: 12.5, unit: KG }, remarks: "Dock 4"
  }) {
    booking { replay pickup { id state confirmationNumber scheduledDate carrierCode } }
    userErrors { field code message carrierCode }
    warnings { code message }
  }
}
`;

export const README_LIST_PICKUPS = `# Pickups 3. Every pickup, newest first (those booked with an express shipment too, linked to their label)
{ pickups(first: 10) { edges { node { id state source carrier division confirmationNumber scheduledDate cancelUrl labels { id trackingNumber } } } pageInfo { hasNextPage endCursor } } }
`;

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

  // The cancellation the README describes in words, with the id the booking answered: only the id is needed.
  const cancelled = await gql(`mutation { cancelPickup(input: { pickupId: "${pickup.id}", idempotencyKey: "readme-cancel-1" }) { cancellation { cancelled message pickup { state cancelledAt } } userErrors { field code message } } }`);
  expect(cancelled.errors).toBeUndefined();
  expect(cancelled.data.cancelPickup.cancellation).toMatchObject({ cancelled: true, pickup: { state: 'CANCELLED' } });
}, 60_000);
