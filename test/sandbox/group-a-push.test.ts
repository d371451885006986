/**
 * The Group A push simulator against the seed (000, "Push subscription lifecycle" and "Events") and assumptions
 * P1-P7: creation triggers a confirmation call carrying the validation secret, verification activates, approval of a
 * customer account comes later, and "failed deliveries are retried after one hour, then after six hours on each
 * further failure" on the sandbox's scaled clock; "duplicate delivery is possible". Real HTTP to a recording webhook.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { type Sandbox } from '../../sandbox/index.js';
import { waitFor } from '../support/wait-for.js';
import { startTestSandbox } from './support.js';

/** 1 sandbox hour = 100 real ms: the retry after 1 h comes 100 ms later, after 6 h 600 ms later. */
const TIME_SCALE = 36_000;
const SANDBOX_HOUR_MS = 3_600_000 / TIME_SCALE;

interface Received {
  at: number;
  body: { scope: string; subscriptionId?: string; validationSecret?: string; shipments?: Array<{ id: string }> };
  secret: string | undefined;
}

let sandbox: Sandbox | null = null;
let webhook: Server | null = null;

afterEach(async () => {
  await sandbox?.close();
  sandbox = null;
  webhook?.closeAllConnections();
  await new Promise<void>((resolve) => (webhook ? webhook.close(() => resolve()) : resolve()));
  webhook = null;
});

/** A webhook recording every call; `answer` picks the status per call (default 200), `delayMs` how long it takes. */
async function recordingWebhook(answer: (call: Received, index: number) => number = () => 200, delayMs: (call: Received) => number = () => 0) {
  const received: Received[] = [];
  webhook = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const call: Received = {
        at: performance.now(),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        secret: req.headers['carrier-push-secret'] as string | undefined,
      };
      received.push(call);
      const status = answer(call, received.length - 1);
      const delay = delayMs(call);
      if (delay === 0) res.writeHead(status).end();
      else setTimeout(() => res.writeHead(status).end(), delay).unref();
    });
  });
  await new Promise<void>((resolve) => webhook!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`, received };
}

async function start(push: { duplicateRate?: number; approvalDelayMs?: number } = {}) {
  // The ticker is slowed right down, so the only pushes are the ones a test asks for.
  sandbox = (await startTestSandbox({ clock: undefined, timeScale: TIME_SCALE, push: { duplicateRate: 0, tickMs: 3_600_000, ...push } })).sandbox;
  return sandbox;
}

async function call(s: Sandbox, method: string, path: string, body?: unknown) {
  const response = await fetch(`${s.push.baseUrl}/push/v1/subscriptions${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'carrier-api-key': s.credentials.groupAUnified.apiKey },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function activeSubscription(s: Sandbox, callbackUrl: string, value = '1234567890') {
  const created = await call(s, 'POST', '', { type: 'trackingNumber', value, callbackUrl });
  const sub = s.push.subscriptions().find((x) => x.id === created.body.id)!;
  expect((await call(s, 'POST', `/${sub.id}/verify`, { validationSecret: sub.validationSecret })).body.status).toBe('active');
  return sub;
}

it('creation answers 201 created and at once calls the webhook with a confirmation carrying the validation secret, without a secret header', async () => {
  const s = await start();
  const hook = await recordingWebhook();
  const created = await call(s, 'POST', '', { type: 'trackingNumber', value: '1234567890', callbackUrl: hook.url });
  expect(created).toMatchObject({ status: 201, body: { id: expect.any(String), status: 'created' } });
  await waitFor(async () => hook.received.length === 1);
  const [confirmation] = hook.received;
  expect(confirmation!.body).toEqual({ scope: 'subscription.confirm', subscriptionId: created.body.id, validationSecret: expect.any(String) });
  expect(confirmation!.secret).toBeUndefined();
  expect(confirmation!.body.validationSecret).toBe(s.push.subscriptions()[0]!.validationSecret);
});

it('verification with the right secret activates a tracking-number subscription; a wrong secret is 400', async () => {
  const s = await start();
  const hook = await recordingWebhook();
  const created = await call(s, 'POST', '', { type: 'trackingNumber', value: '1234567890', callbackUrl: hook.url });
  expect((await call(s, 'POST', `/${created.body.id}/verify`, { validationSecret: 'not-the-secret' })).status).toBe(400);
  expect(s.push.subscriptions()[0]!.phase).toBe('created');
  const secret = s.push.subscriptions()[0]!.validationSecret;
  expect((await call(s, 'POST', `/${created.body.id}/verify`, { validationSecret: secret })).body).toEqual({ id: created.body.id, status: 'active' });
  // Active: the current status is pushed with the secret header.
  await waitFor(async () => hook.received.some((r) => r.body.scope === 'subscription.push'));
  const pushed = hook.received.find((r) => r.body.scope === 'subscription.push')!;
  expect(pushed.secret).toBe(secret);
  expect(pushed.body.shipments?.map((x) => x.id)).toEqual(['1234567890']);
});

it('a customer-account subscription is pending approval after verification and approved 30 sandbox minutes later', async () => {
  const s = await start();
  const hook = await recordingWebhook();
  const created = await call(s, 'POST', '', { type: 'customerAccount', value: 'ACME-1', callbackUrl: hook.url });
  const secret = s.push.subscriptions()[0]!.validationSecret;
  expect((await call(s, 'POST', `/${created.body.id}/verify`, { validationSecret: secret })).body.status).toBe('pending-approval');
  await waitFor(async () => hook.received.some((r) => r.body.scope === 'subscription.approved'));
  const approval = hook.received.find((r) => r.body.scope === 'subscription.approved')!;
  expect(approval.body).toEqual({ scope: 'subscription.approved', subscriptionId: created.body.id });
  expect(approval.secret).toBe(secret);
  expect(s.push.subscriptions()[0]!.phase).toBe('active');
});

it('a failed delivery is retried after one hour, then after six hours on each further failure (scaled clock), then given up', async () => {
  const s = await start();
  // Every push fails (500); the confirmation is answered 200.
  const hook = await recordingWebhook((c) => (c.body.scope === 'subscription.push' ? 500 : 200));
  const sub = await activeSubscription(s, hook.url);
  await waitFor(async () => hook.received.filter((r) => r.body.scope === 'subscription.push').length >= 4, { timeoutMs: 10_000 });
  await new Promise((r) => setTimeout(r, 20 * SANDBOX_HOUR_MS)); // long enough for a fifth attempt, were there one
  const pushes = hook.received.filter((r) => r.body.scope === 'subscription.push');
  expect(pushes).toHaveLength(4);
  expect(s.push.deliveries.filter((d) => d.subscriptionId === sub.id && d.kind === 'push').map((d) => [d.attempt, d.status])).toEqual([
    [1, 500],
    [2, 500],
    [3, 500],
    [4, 500],
  ]);
  // Same notification every time; gaps of 1 h, 6 h, 6 h (loose lower bounds: timers never fire early).
  expect(new Set(pushes.map((p) => JSON.stringify(p.body))).size).toBe(1);
  const gaps = pushes.slice(1).map((p, i) => (p.at - pushes[i]!.at) / SANDBOX_HOUR_MS);
  expect(gaps[0]).toBeGreaterThanOrEqual(0.9);
  expect(gaps[1]).toBeGreaterThanOrEqual(5.4);
  expect(gaps[2]).toBeGreaterThanOrEqual(5.4);
  expect(gaps[1]! / gaps[0]!).toBeGreaterThan(3);
});

it('a retried delivery answered 200 is not retried again', async () => {
  const s = await start();
  let pushes = 0;
  const hook = await recordingWebhook((c) => (c.body.scope === 'subscription.push' && ++pushes === 1 ? 503 : 200));
  const sub = await activeSubscription(s, hook.url);
  await waitFor(async () => s.push.deliveries.some((d) => d.subscriptionId === sub.id && d.kind === 'push' && d.status === 200), { timeoutMs: 5_000 });
  await new Promise((r) => setTimeout(r, 15 * SANDBOX_HOUR_MS));
  expect(s.push.deliveries.filter((d) => d.kind === 'push').map((d) => [d.attempt, d.status])).toEqual([
    [1, 503],
    [2, 200],
  ]);
  expect(hook.received.filter((r) => r.body.scope === 'subscription.push')).toHaveLength(2);
});

it('duplicate delivery is possible: with duplicateRate 1 every push arrives twice, identical; confirmations never', async () => {
  const s = await start({ duplicateRate: 1 });
  const hook = await recordingWebhook();
  const sub = await activeSubscription(s, hook.url);
  await waitFor(async () => hook.received.filter((r) => r.body.scope === 'subscription.push').length >= 2);
  await s.push.pushNow(sub.value);
  const pushes = hook.received.filter((r) => r.body.scope === 'subscription.push');
  expect(pushes).toHaveLength(4);
  expect(JSON.stringify(pushes[0]!.body)).toBe(JSON.stringify(pushes[1]!.body));
  expect(hook.received.filter((r) => r.body.scope === 'subscription.confirm')).toHaveLength(1);
  expect(s.push.deliveries.filter((d) => d.kind === 'push').map((d) => d.duplicate)).toEqual([false, true, false, true]);
});

it('a deleted subscription receives nothing more, and deleting it again is 404', async () => {
  const s = await start();
  const hook = await recordingWebhook();
  const sub = await activeSubscription(s, hook.url);
  await waitFor(async () => hook.received.some((r) => r.body.scope === 'subscription.push'));
  expect((await call(s, 'DELETE', `/${sub.id}`)).status).toBe(204);
  const before = hook.received.length;
  expect(await s.push.pushNow(sub.value)).toEqual([]);
  expect(hook.received).toHaveLength(before);
  expect((await call(s, 'DELETE', `/${sub.id}`)).status).toBe(404);
});

it("an approved customer-account subscription is pushed the account's shipments: their current status at once, each in its own notification", async () => {
  const s = await start();
  const hook = await recordingWebhook();
  const created = await call(s, 'POST', '', { type: 'customerAccount', value: 'ACME-2', callbackUrl: hook.url });
  const secret = s.push.subscriptions()[0]!.validationSecret;
  await call(s, 'POST', `/${created.body.id}/verify`, { validationSecret: secret });
  const numbers = s.push.accountShipments('ACME-2');
  expect(numbers).toHaveLength(3);
  expect(numbers.every((n) => /^\d{10}$/.test(n))).toBe(true);
  // Nothing is pushed before the approval.
  expect(hook.received.filter((r) => r.body.scope === 'subscription.push')).toEqual([]);
  await waitFor(async () => hook.received.filter((r) => r.body.scope === 'subscription.push').length === 3, { timeoutMs: 5_000 });
  const pushes = hook.received.filter((r) => r.body.scope === 'subscription.push');
  expect(pushes.map((p) => p.body.shipments!.map((x) => x.id)).flat().sort()).toEqual([...numbers].sort());
  expect(pushes.every((p) => p.secret === secret)).toBe(true);
  // Another account's numbers are not its own.
  expect(await s.push.pushNow(s.push.accountShipments('OTHER-1')[0]!)).toEqual([]);
  expect((await s.push.pushNow(numbers[0]!)).map((d) => d.kind)).toEqual(['push']);
});

it('an answer later than five seconds counts as a failed delivery (status 0) and is retried after one hour', async () => {
  const s = await start();
  let pushes = 0;
  // The first push is answered after 6 s, too late; the retry at once.
  const hook = await recordingWebhook(() => 200, (c) => (c.body.scope === 'subscription.push' && ++pushes === 1 ? 6_000 : 0));
  const sub = await activeSubscription(s, hook.url);
  await waitFor(async () => s.push.deliveries.filter((d) => d.subscriptionId === sub.id && d.kind === 'push').length >= 2, { timeoutMs: 9_000 });
  expect(s.push.deliveries.filter((d) => d.kind === 'push').map((d) => [d.attempt, d.status])).toEqual([
    [1, 0],
    [2, 200],
  ]);
}, 15_000);
