/**
 * The sandbox survives restarts: the server `npm start` runs with nothing configured (sandbox mode), stopped and
 * started again on the same DATA_DIR. The simulated carriers never hand out a number twice for that directory, and
 * what was bought before the restart is still found by the carrier (tracked by its number, found by its order id),
 * so an older order's label never shows a newer parcel. Real HTTP, in-process servers one after the other, on both
 * stores (with DATABASE_URL the sandbox's state still lives in DATA_DIR).
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { migratedDataDir, STORE_BACKENDS } from '../support/database.js';
import { postGraphQL } from './support.js';
import { CREATE_SHIPMENT, carrierBShipment, ecommerceShipment, expressShipment } from '../shipping-api/support.js';

let root: string;
let dataDir: string;
let server: StartedServer | null = null;

let storeEnv: Record<string, string> = {};

async function start(): Promise<StartedServer> {
  const loaded = loadConfig({ SANDBOX: 'on', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: dataDir, WATCHERS_ENABLED: 'false', ...storeEnv });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  return startServer({ config: loaded.config, logger: createLogger('silent') });
}


async function buy(input: Record<string, unknown>): Promise<{ trackingNumber: string; shipment: { id: string } }> {
  const answer = await postGraphQL(server!.url, CREATE_SHIPMENT, { input });
  expect(answer.errors).toBeUndefined();
  expect(answer.data.createShipment.userErrors).toEqual([]);
  expect(answer.data.createShipment.purchase.label.state).toBe('PURCHASED');
  return answer.data.createShipment.purchase.label;
}

describe.each(STORE_BACKENDS)('a sandbox restarted on the same data directory ($name)', (backend) => {
  beforeAll(async () => {
    ({ root, dataDir } = await migratedDataDir('sandbox-restart-'));
    storeEnv = await backend.env();
  });
  afterAll(async () => {
    await server?.close();
    server = null;
    await rm(root, { recursive: true, force: true });
  });

  it('never hands out a number twice, and what was bought before the restart is still found by the carrier', async () => {
    server = await start();
    const before = {
      carrierB: await buy(carrierBShipment('restart-b-1', { orderId: 'ORDER-BEFORE' })),
      express: await buy(expressShipment('restart-x-1')),
      ecommerce: await buy(ecommerceShipment('restart-e-1')),
    };
    await server.close();
    server = null;

    server = await start();
    const after = {
      carrierB: await buy(
        carrierBShipment('restart-b-2', {
          orderId: 'ORDER-AFTER',
          recipient: { contactName: 'Cy Later', phone: '+1 214 555 0100', address: { streetLines: ['1500 Marilla St'], city: 'Dallas', stateOrProvinceCode: 'TX', postalCode: '75201', countryCode: 'US' } },
        }),
      ),
      express: await buy(expressShipment('restart-x-2')),
      ecommerce: await buy(ecommerceShipment('restart-e-2')),
    };
    for (const kind of ['carrierB', 'express', 'ecommerce'] as const) {
      expect(after[kind].trackingNumber, kind).not.toBe(before[kind].trackingNumber);
    }

    // The carrier still knows the first label's parcel: tracked live (not from our store) by its number...
    const tracked = await postGraphQL(
      server.url,
      `query($n: String!) { track(inputs: [{ carrier: CARRIER_B, trackingNumber: $n }]) {
         ... on TrackedShipments { shipments { trackingNumber recipient { address { locality } } } }
         ... on TrackingFailure { code message } } }`,
      { n: before.carrierB.trackingNumber },
    );
    expect(tracked.errors).toBeUndefined();
    expect(tracked.data.track[0].shipments, JSON.stringify(tracked.data.track[0])).toHaveLength(1);
    // The old order's parcel (to Austin), not the newer one (to Dallas).
    expect(tracked.data.track[0].shipments[0].recipient.address.locality).toBe('AUSTIN');
    // ... and the order's label in our store still names that parcel.
    const byOrder = await postGraphQL(server.url, `{ shipmentsByOrder(orderId: "ORDER-BEFORE") { labels { edges { node { trackingNumber } } } carrierShipments { trackingNumber } failures { code } } }`);
    expect(byOrder.errors).toBeUndefined();
    expect(byOrder.data.shipmentsByOrder.labels.edges.map((e: { node: unknown }) => e.node)).toEqual([{ trackingNumber: before.carrierB.trackingNumber }]);
    expect(byOrder.data.shipmentsByOrder.failures).toEqual([]);
    expect(JSON.stringify(byOrder.data)).not.toContain(after.carrierB.trackingNumber);
    // The express waybill bought before the restart still tracks on express.
    const express = await postGraphQL(
      server.url,
      `query($n: String!) { track(inputs: [{ carrier: GROUP_A, division: "express", trackingNumber: $n }]) {
         ... on TrackedShipments { shipments { trackingNumber } } ... on TrackingFailure { code message } } }`,
      { n: before.express.trackingNumber },
    );
    expect(express.data.track[0].shipments, JSON.stringify(express.data.track[0])).toHaveLength(1);
  }, 60_000);
});
