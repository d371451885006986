/**
 * A purchase costs its creation call: the tracking from birth of a label just bought (a watch that looks the number up
 * at the carrier, then polls it) starts only once the purchase's answer is sent, so its tracking calls and store
 * writes never delay the answer. Real HTTP; the fault proxy in front of Carrier B sees every call the subgraph makes,
 * and the batch window is off so a tracking lookup would go out at once.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { STORE_BACKENDS } from '../support/database.js';
import { carrierBShipment } from './support.js';

/** The purchase as a client that needs the label and its documents asks for it (no `shipment`: that one tracks). */
const CREATE_SHIPMENT = `mutation($input: CreateShipmentInput!) {
  createShipment(input: $input) {
    purchase { replay label { id state trackingNumber documents { id kind } } }
    userErrors { field code message }
  }
}`;


const isTracking = (url: string): boolean => url.startsWith('/track/');

describe.each(STORE_BACKENDS)('the tracking from birth is never on the purchase path, on $name', (backend) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ faultProxies: ['carrierB'], env: { ...(await backend.env()), TRACKING_BATCH_WINDOW_MS: '0', WATCH_POLL_TICK_MS: '100' } });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('no tracking call of the new label reaches the carrier before createShipment has answered; the follow runs after', async () => {
    const proxy = e2e.faults.carrierB!;
    for (let i = 0; i < 5; i++) {
      const before = proxy.seen.length;
      const answer = await e2e.gql(CREATE_SHIPMENT, { input: carrierBShipment(`follow-after-answer-${i}`) });
      // Read at once, as the answer arrives: what the subgraph sent the carrier while the purchase was under way.
      const duringPurchase = proxy.seen.slice(before);
      expect(answer.errors).toBeUndefined();
      const label = answer.data.createShipment.purchase.label;
      expect(label.state).toBe('PURCHASED');
      // (The earlier labels' watches may poll meanwhile: only this label's number counts.)
      expect(duringPurchase.filter((exchange) => isTracking(exchange.url) && exchange.body.includes(label.trackingNumber)).map((exchange) => exchange.url)).toEqual([]);
      expect(duringPurchase.filter((exchange) => exchange.url.startsWith('/ship/'))).toHaveLength(1);
      // The follow still happens: the label's number is tracked once the answer is out.
      await vi.waitFor(
        () => expect(proxy.seen.slice(before).some((exchange) => isTracking(exchange.url) && exchange.body.includes(label.trackingNumber))).toBe(true),
        { timeout: 5_000, interval: 20 },
      );
    }
  });
});
