/**
 * Issue 9 items 5 and 8: a label bought here is tracked without being asked (a watch for Carrier B and e-commerce, a
 * push subscription on the tracking number for Group A express when push is configured), and an e-commerce label is
 * listed by `untenderedLabels` until a manifest tenders it. Real HTTP to the server and the simulators.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { subscribe, wsClient } from '../realtime/support.js';
import { carrierBShipment, createShipment, ecommerceShipment, expressShipment } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  // A fast watcher tick, so a watched label's first poll happens within the test.
  e2e = await startE2E({ withEcommerceShipping: true, withPush: true, env: { WATCH_POLL_TICK_MS: '100' } });
});
afterAll(async () => {
  await e2e?.close();
});

async function buy(input: Record<string, unknown>) {
  const answer = await createShipment(e2e, input);
  expect(answer.errors).toBeUndefined();
  expect(answer.data.createShipment.userErrors, JSON.stringify(answer.data.createShipment.userErrors)).toEqual([]);
  expect(answer.data.createShipment.purchase.label.state).toBe('PURCHASED');
  return answer.data.createShipment.purchase.label;
}

async function watchedShipmentIds(): Promise<string[]> {
  const answer = await e2e.gql(`{ watches(first: 500) { edges { node { shipmentId trackingNumber } } } }`);
  expect(answer.errors).toBeUndefined();
  return answer.data.watches.edges.map((e: { node: { shipmentId: string } }) => e.node.shipmentId);
}

describe('tracked from birth', () => {
  it('a Carrier B label is watched from birth under its Shipment id (the follow runs beside the purchase answer)', async () => {
    const label = await buy(carrierBShipment('born-b-1'));
    await vi.waitFor(async () => expect(await watchedShipmentIds()).toContain(label.shipment.id), { timeout: 5_000, interval: 50 });
  });

  it("a Carrier B label's scans reach shipmentStatusChanged subscribers without anyone asking to track it", async () => {
    const label = await buy(carrierBShipment('born-b-feed'));
    const client = wsClient(e2e.server.url.replace(/^http/, 'ws'));
    const sub = subscribe(client, { filter: { trackingNumbers: [label.trackingNumber] }, cursor: '0' });
    try {
      await vi.waitFor(() => expect(sub.received.length).toBeGreaterThan(0), { timeout: 15_000, interval: 100 });
      expect(sub.errors).toEqual([]);
      expect(sub.received[0]).toMatchObject({ trackingNumber: label.trackingNumber, carrier: 'CARRIER_B', source: 'POLL' });
    } finally {
      sub.stop();
      await client.dispose();
    }
  });

  it('an e-commerce label is watched from birth under its Shipment id', async () => {
    const label = await buy(ecommerceShipment('born-ecom-1', { service: { carrier: 'GROUP_A', division: 'ecommerce', serviceCode: 'GND' } }));
    expect(label.trackingNumber).toBeTruthy();
    expect(label.documents.length).toBeGreaterThan(0);
    await vi.waitFor(async () => expect(await watchedShipmentIds()).toContain(label.shipment.id), { timeout: 5_000 });
  });

  it('a Group A express label gets a push subscription on its tracking number (push is configured)', async () => {
    const label = await buy(expressShipment('born-express-1'));
    await vi.waitFor(
      async () => {
        const answer = await e2e.gql(`{ pushSubscriptions(first: 100) { edges { node { scope subject } } } }`);
        expect(answer.errors).toBeUndefined();
        expect(answer.data.pushSubscriptions.edges.map((e: { node: unknown }) => e.node)).toContainEqual({ scope: 'TRACKING_NUMBER', subject: label.trackingNumber });
      },
      { timeout: 5_000, interval: 50 },
    );
    // Pushed, not polled: no watch for it.
    expect(await watchedShipmentIds()).not.toContain(label.shipment.id);
  });
});

describe('e-commerce tendering', () => {
  it('an e-commerce label is listed by untenderedLabels until the manifest, which tenders it with a manifest document', async () => {
    const label = await buy(ecommerceShipment('manifest-1', { service: { carrier: 'GROUP_A', division: 'ecommerce', serviceCode: 'GND' } }));
    expect(label).toMatchObject({ tendered: false, tenderBy: 'MANIFEST' });
    const listed = async () =>
      (await e2e.gql(`{ untenderedLabels(carrier: GROUP_A) { edges { node { id } } } }`)).data.untenderedLabels.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(await listed()).toContain(label.id);
    const manifest = await e2e.gql(
      `mutation($input: TenderLabelsInput!) { tenderLabels(input: $input) { tender { kind labels { id tendered } documents { kind } } userErrors { field code message } } }`,
      { input: { carrier: 'GROUP_A', division: 'ecommerce', labelIds: [label.id], idempotencyKey: 'manifest-day-1' } },
    );
    expect(manifest.errors).toBeUndefined();
    expect(manifest.data.tenderLabels.userErrors).toEqual([]);
    expect(manifest.data.tenderLabels.tender).toMatchObject({ kind: 'MANIFEST', labels: [{ id: label.id, tendered: true }] });
    expect(manifest.data.tenderLabels.tender.documents.length).toBeGreaterThan(0);
    expect(await listed()).not.toContain(label.id);
  });
});

describe('e-commerce returns', () => {
  it('an e-commerce return label is a RETURN label of its outbound, with its tracking number and document', async () => {
    const outbound = await buy(ecommerceShipment('ecom-outbound-for-return'));
    const answer = await e2e.gql(
      `mutation($input: CreateReturnInput!) { createReturn(input: $input) { purchase { label { kind state carrier division trackingNumber returnOf { id } pieces { packageId carrierPackageId trackingNumber } documents { kind contentType } } } userErrors { field code message } } }`,
      { input: { outboundLabelId: outbound.id, idempotencyKey: 'ecom-return-1' } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.createReturn.userErrors).toEqual([]);
    const label = answer.data.createReturn.purchase.label;
    expect(label).toMatchObject({ kind: 'RETURN', state: 'PURCHASED', carrier: 'GROUP_A', division: 'ecommerce', returnOf: { id: outbound.id } });
    expect(label.trackingNumber).toBeTruthy();
    expect(label.documents.length).toBeGreaterThan(0);
    expect(e2e.sandbox.stats.groupAEcommerce.calls['POST /returns/v4/label']).toBe(1);
  });
});
