/**
 * Seed 000 / issue: "a bad body gets 400 and is logged without personal data". Every line the server logs (at trace
 * level) is captured while bodies carrying personal data are refused or accepted; none of that data may appear, while
 * the offending field paths do.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { capturingLogger } from '../platform/test-server.js';
import { CREATE, startPushE2E, waitFor, type PushE2E } from './support.js';

const PERSONAL = ['Erika Mustermann', 'Heidestrasse 17', '51147', 'Koeln-Porz', 'erika@example.org', '+49 221 555 0199'];

let e2e: PushE2E;
let lines: () => string;
let secret: string;

beforeAll(async () => {
  const captured = capturingLogger();
  lines = captured.lines;
  e2e = await startPushE2E({ WATCHERS_ENABLED: 'false' }, { logger: captured.logger });
  // Subscribed for the number the test pushes (a push is taken only for its subscription's number).
  const created = (await e2e.gql(CREATE, { input: { scope: 'TRACKING_NUMBER', subject: 'PII0000001' } })).data.createPushSubscription.pushSubscription;
  secret = e2e.sandbox.push.subscriptions().find((s) => s.id === created.carrierSubscriptionId)!.validationSecret;
});
afterAll(async () => {
  await e2e?.close();
});

/** A shipment whose status carries personal data in every free-text place the seed's shape has. */
function personalShipment(statusCode: unknown) {
  return {
    id: 'PII0000001',
    service: 'express',
    status: {
      timestamp: '2026-03-10T09:00:00',
      statusCode,
      status: `Delivered to Erika Mustermann, erika@example.org, +49 221 555 0199`,
      description: 'Left at Heidestrasse 17',
      location: { address: { countryCode: 'DE', postalCode: '51147', addressLocality: 'Koeln-Porz', streetAddress: 'Heidestrasse 17' } },
    },
  };
}

it('a malformed body with personal data is 400 naming the field, and no personal data reaches the logs', async () => {
  const wrongType = await e2e.postWebhook({ scope: 'subscription.push', shipments: [personalShipment(42)] }, { 'carrier-push-secret': secret });
  expect(wrongType.status).toBe(400);
  expect(wrongType.body.message).toMatch(/shipments\.0\.status\.statusCode/);
  const notJson = await e2e.postWebhook(`{"scope":"subscription.push","shipments":[{"id":"X","status":{"status":"Erika Mustermann, Heidestrasse 17"`, {
    'carrier-push-secret': secret,
  });
  expect(notJson.status).toBe(400);
  const wrongSecret = await e2e.postWebhook({ scope: 'subscription.push', shipments: [personalShipment('delivered')] }, { 'carrier-push-secret': 'wrong' });
  expect(wrongSecret.status).toBe(401);

  const logged = lines();
  expect(logged).toMatch(/webhook refused: malformed body/);
  expect(logged).toMatch(/shipments\.0\.status\.statusCode/);
  for (const value of PERSONAL) expect(logged, value).not.toContain(value);
});

it('an accepted notification with personal data is processed without logging it, even at trace level', async () => {
  const answer = await e2e.postWebhook({ scope: 'subscription.push', shipments: [personalShipment('delivered')] }, { 'carrier-push-secret': secret });
  expect(answer.status).toBe(200);
  await waitFor(async () => (await e2e.count(`SELECT count(*) AS n FROM status_changes WHERE tracking_number = 'PII0000001'`)) === 1);
  const logged = lines();
  expect(logged).toMatch(/webhook notification processed/);
  for (const value of PERSONAL) expect(logged, value).not.toContain(value);
});

it('shipments outside the subscription are logged once per push, by count and reason, without a number or personal data', async () => {
  const outside = (n: number) => ({ ...personalShipment('delivered'), id: `PIIOTHER0${n}` });
  const answer = await e2e.postWebhook({ scope: 'subscription.push', shipments: [outside(1), outside(2)] }, { 'carrier-push-secret': secret });
  expect(answer.body).toEqual({ received: 0, setAside: 2 });
  const logged = lines().split('\n').filter((line) => line.includes('outside the subscription'));
  expect(logged).toHaveLength(1);
  expect(logged[0]).toContain('"setAside":2');
  expect(logged[0]).toContain('other_tracking_number');
  expect(lines()).not.toContain('PIIOTHER0');
  for (const value of PERSONAL) expect(lines(), value).not.toContain(value);
});
