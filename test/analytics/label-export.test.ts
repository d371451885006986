/**
 * Issue 11 items 1, 4 and 7 over real HTTP: labels bought through GraphQL (an express shipment with its pickup, a
 * Carrier B label) reach the analytics bridge simulator as `label_purchased` and `pickup_scheduled` events, and no
 * exported event carries express rating data (the label's charges) or personal data the operator did not allow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { startE2E, type E2E } from '../e2e/support.js';
import { nextWeekday } from '../pickups/support.js';
import { carrierBShipment, createShipment, expressShipment } from '../shipping-api/support.js';
import { waitFor } from '../support/wait-for.js';

describe('label and pickup events exported to the bridge', () => {
  let bridge: Sandbox;
  let e2e: E2E;
  beforeAll(async () => {
    // The bridge simulator of a sandbox of its own: the subgraph's environment must name it before it starts.
    bridge = await startSandbox();
    e2e = await startE2E({
      env: {
        ANALYTICS_BRIDGE_BASE_URL: bridge.urls.analyticsBridge,
        ANALYTICS_PROJECT_TOKEN: bridge.credentials.analyticsBridge.projectToken,
        ANALYTICS_SERVER_KEY: bridge.credentials.analyticsBridge.serverKey,
        ANALYTICS_PERSONAL_DATA_ALLOW_LIST: 'recipient_city',
        ANALYTICS_EXPORT_INTERVAL_MS: '50',
      },
    });
  });
  afterAll(async () => {
    await e2e?.close();
    await bridge?.close();
  });

  it('a label bought and a pickup booked with it arrive as events, without rating data or disallowed personal data', async () => {
    const shipDate = nextWeekday(3);
    const express = await createShipment(e2e, { ...expressShipment('ax-express'), shipDate, pickup: { readyAt: `${shipDate}T14:00:00`, closeTime: '18:00', location: 'reception' } });
    expect(express.errors).toBeUndefined();
    const expressLabel = express.data.createShipment.purchase.label;
    expect(expressLabel.state).toBe('PURCHASED');
    expect(expressLabel.total?.amount).toBeTruthy();
    const ground = (await createShipment(e2e, carrierBShipment('ax-ground'))).data.createShipment.purchase.label;
    expect(ground.state).toBe('PURCHASED');

    const events = () => bridge.analyticsBridge.events();
    const of = (event: string, trackingNumber: string) => events().find((e) => e.event === event && e.properties.tracking_number === trackingNumber);
    await waitFor(() => !!of('label_purchased', expressLabel.trackingNumber) && !!of('label_purchased', ground.trackingNumber) && events().some((e) => e.event === 'pickup_scheduled'), { timeoutMs: 15_000 });

    const purchased = of('label_purchased', expressLabel.trackingNumber)!;
    expect(purchased.distinctId).toBe(expressLabel.shipment.id);
    expect(purchased.properties).toMatchObject({ carrier: 'GROUP_A', division: 'express', tracking_number: expressLabel.trackingNumber, order_id: 'ORDER-1001', recipient_city: 'Tokyo' });
    // Personal data outside the allow-list never leaves.
    expect(purchased.properties).not.toHaveProperty('recipient_postal_code');
    const pickup = events().find((e) => e.event === 'pickup_scheduled')!;
    expect(pickup.properties).toMatchObject({ carrier: 'GROUP_A', division: 'express', pickup_source: 'WITH_SHIPMENT', scheduled_date: shipDate });

    // No exported event carries a charge, a rate or a name, phone or street of the shipment.
    const exported = JSON.stringify(events());
    for (const amount of [expressLabel.total.amount, ground.total?.amount].filter(Boolean)) expect(exported).not.toContain(`"${amount}"`);
    for (const personal of ['Kenji Sato', 'Asha Rao', '1-2-3 Haneda', '144-0041', '5550 9876', 'Bo Recipient', '600 Congress Ave']) expect(exported).not.toContain(personal);
    for (const event of events()) {
      for (const name of Object.keys(event.properties)) expect(name, event.event).not.toMatch(/charge|rate|total|price|amount|currency/);
    }
  });
});
