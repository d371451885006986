/**
 * Real-time operations on /metrics: webhook calls by scope and answered status, acknowledgement latency, status
 * changes recorded by source (duplicates not counted), open subscriptions and webhook calls awaiting processing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { subscribe, wsClient } from '../realtime/support.js';
import { CREATE, notification, startPushE2E, waitFor, type PushE2E } from './support.js';

let e2e: PushE2E;

beforeAll(async () => {
  e2e = await startPushE2E({ WATCHERS_ENABLED: 'false' });
});
afterAll(async () => {
  await e2e?.close();
});

async function metric(line: string): Promise<number | null> {
  const text = await (await fetch(e2e.server.url.replace(/\/graphql$/, '/metrics'))).text();
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(line.length + 1));
}

it('webhook calls, acknowledgement latency, recorded changes and subscribers are on /metrics', async () => {
  // Subscribed for the number the test pushes (a push is taken only for its subscription's number).
  const created = (await e2e.gql(CREATE, { input: { scope: 'TRACKING_NUMBER', subject: 'METRICS1' } })).data.createPushSubscription.pushSubscription;
  expect(created.state).toBe('ACTIVE');
  const secret = e2e.sandbox.push.subscriptions().find((s) => s.id === created.carrierSubscriptionId)!.validationSecret;
  // The sandbox has no shipment METRICS1, so it pushes nothing of its own; measure from a baseline.
  await waitFor(async () => (await metric('webhook_inbox_pending')) === 0);
  const pushesBefore = (await metric('webhook_calls_total{scope="subscription.push",status="200"}')) ?? 0;
  const recordedBefore = (await metric('status_changes_recorded_total{source="PUSH"}')) ?? 0;
  const acksBefore = (await metric('webhook_ack_duration_seconds_count{scope="subscription.push"}')) ?? 0;

  const client = wsClient(e2e.server.url.replace(/^http/, 'ws'));
  const sub = subscribe(client, { filter: { trackingNumbers: ['METRICS1'] } });
  await waitFor(async () => (await metric('realtime_subscribers')) === 1);

  const headers = { 'carrier-push-secret': secret };
  expect((await e2e.postWebhook(notification('METRICS1', '2026-03-10T08:00:00', 'transit'), headers)).status).toBe(200);
  expect((await e2e.postWebhook(notification('METRICS1', '2026-03-10T08:00:00', 'transit'), headers)).status).toBe(200); // duplicate
  expect((await e2e.postWebhook(notification('METRICS1', '2026-03-10T09:00:00', 'delivered'), headers)).status).toBe(200);
  expect((await e2e.postWebhook(notification('METRICS1', '2026-03-10T10:00:00'), { 'carrier-push-secret': 'wrong' })).status).toBe(401);
  expect((await e2e.postWebhook('{not json', headers)).status).toBe(400);
  await waitFor(async () => sub.received.length === 2);
  await waitFor(async () => (await metric('webhook_inbox_pending')) === 0);

  expect((await metric('webhook_calls_total{scope="subscription.push",status="200"}'))! - pushesBefore).toBe(3);
  expect(await metric('webhook_calls_total{scope="unknown",status="401"}')).toBe(1);
  expect(await metric('webhook_calls_total{scope="unknown",status="400"}')).toBe(1);
  expect((await metric('webhook_ack_duration_seconds_count{scope="subscription.push"}'))! - acksBefore).toBe(3);
  // Three acknowledged, one of them a duplicate: two changes recorded.
  expect((await metric('status_changes_recorded_total{source="PUSH"}'))! - recordedBefore).toBe(2);
  expect(await metric('webhook_calls_total{scope="subscription.confirm",status="200"}')).toBe(1);

  sub.stop();
  await client.dispose();
  await waitFor(async () => (await metric('realtime_subscribers')) === 0);
}, 60_000);
