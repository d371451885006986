/**
 * Nothing lost: the server is killed (SIGKILL) right after it acknowledged a webhook, restarted on the same data
 * directory, and a subscriber resuming from its cursor receives that change exactly once. The server runs as a child
 * process (`tsx src/main.ts`); Group A (tracking and push) is a sandbox in this process, so the test knows the secret.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { openStore } from '../../src/store/store.js';
import { subscribe, wsClient } from '../realtime/support.js';
import { freePort, startChildServer, type ChildServer } from './child-server.js';
import { ACCOUNT_SUBSCRIPTION, approvedAccountSecret, CREATE, notification, waitFor } from './support.js';

let sandbox: Sandbox;
let dataDir: string;
let port: number;
let child: ChildServer | null = null;

/** `processing: false` (WEBHOOK_INBOX_PROCESSING=false) holds the window between acknowledgement and processing open. */
async function startChild(options: { processing?: boolean } = {}): Promise<string> {
  child = await startChildServer({
    DATA_DIR: dataDir,
    SANDBOX: 'off',
    GROUP_A_TRACK_BASE_URL: sandbox.urls.groupAUnified,
    GROUP_A_TRACK_API_KEY: sandbox.credentials.groupAUnified.apiKey,
    GROUP_A_PUSH_BASE_URL: sandbox.push.baseUrl,
    WEBHOOK_INBOX_PROCESSING: String(options.processing ?? true),
  }, port);
  return child.origin;
}

/** Reads the dead server's data directory directly (only while no server has it open). */
async function inboxRows(): Promise<Array<{ scope: string; processed: boolean; body: Record<string, unknown> }>> {
  const store = await openStore({ dataDir });
  try {
    const { rows } = await store.query<{ body: Record<string, unknown>; processed: boolean }>(
      'SELECT body, processed_at IS NOT NULL AS processed FROM webhook_inbox ORDER BY id',
    );
    return rows.map((row) => ({ scope: String(row.body.scope), processed: row.processed, body: row.body }));
  } finally {
    await store.close();
  }
}

async function gql(origin: string, query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

beforeEach(async () => {
  sandbox = await startSandbox({ push: { duplicateRate: 0 } });
  dataDir = await mkdtemp(join(tmpdir(), 'push-sigkill-'));
  port = await freePort();
});
afterEach(async () => {
  await child?.kill();
  child = null;
  await sandbox?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * An ACTIVE push subscription at the carrier, by customer account (the tests push numbers of their own, and such a
 * subscription takes any number); returns a function posting to the (current) server's webhook with its secret.
 */
async function activePoster(origin: string): Promise<(body: unknown) => Promise<Response>> {
  const created = (await gql(origin, CREATE, { input: ACCOUNT_SUBSCRIPTION })).data.createPushSubscription.pushSubscription;
  expect(created.state).toBe('PENDING_APPROVAL');
  const secret = await approvedAccountSecret(sandbox, created.carrierSubscriptionId);
  return (body) =>
    fetch(`http://127.0.0.1:${port}/webhooks/group-a`, { method: 'POST', headers: { 'content-type': 'application/json', 'carrier-push-secret': secret }, body: JSON.stringify(body) });
}

/** A first change of `number`, received live: the cursor a subscriber later resumes from. */
async function cursorOfFirstChange(post: (body: unknown) => Promise<Response>, number: string): Promise<string> {
  const client = wsClient(`ws://127.0.0.1:${port}/graphql`);
  const first = subscribe(client, { filter: { trackingNumbers: [number] } });
  await new Promise((r) => setTimeout(r, 300));
  expect((await post(notification(number, '2026-03-10T08:00:00', 'pre-transit'))).status).toBe(200);
  await waitFor(async () => first.received.length === 1);
  first.stop();
  await client.dispose();
  return first.received[0]!.cursor;
}

/** A subscriber resuming from `cursor` on the running server receives the second change exactly once. */
async function expectResumedExactlyOnce(number: string, cursor: string): Promise<void> {
  const resumed = wsClient(`ws://127.0.0.1:${port}/graphql`);
  const second = subscribe(resumed, { filter: { trackingNumbers: [number] }, cursor });
  await waitFor(async () => second.received.length >= 1, 20_000);
  await new Promise((r) => setTimeout(r, 1_000));
  expect(second.errors).toEqual([]);
  expect(second.received.map((c) => [c.trackingNumber, c.status.status, c.source])).toEqual([[number, 'IN_TRANSIT', 'PUSH']]);
  second.stop();
  await resumed.dispose();
}

it('a webhook acknowledged just before SIGKILL reaches a subscriber resuming from its cursor exactly once', async () => {
  const number = '9990003001';
  const post = await activePoster(await startChild());
  const cursor = await cursorOfFirstChange(post, number);

  // The second change is acknowledged, then the server dies at once.
  expect((await post(notification(number, '2026-03-10T09:00:00', 'transit'))).status).toBe(200);
  await child!.kill();
  await new Promise((r) => setTimeout(r, 200));

  await startChild();
  await expectResumedExactlyOnce(number, cursor);
}, 120_000);

it('a webhook killed in the window between its 200 and its processing is processed after restart, exactly once', async () => {
  const number = '9990003002';
  // A first server processes normally, to give the subscriber a cursor.
  const post = await activePoster(await startChild());
  const cursor = await cursorOfFirstChange(post, number);
  await child!.kill();

  // The replica that receives the next change acknowledges it and is killed before any processing can happen.
  await startChild({ processing: false });
  expect((await post(notification(number, '2026-03-10T09:00:00', 'transit'))).status).toBe(200);
  await child!.kill();
  // Our two notifications (the sandbox also pushes its own shipments' changes): the first processed, the second not.
  const ours = async () => (await inboxRows()).filter((row) => JSON.stringify(row.body).includes(number)).map((row) => row.processed);
  expect(await ours()).toEqual([true, false]);

  await startChild();
  await expectResumedExactlyOnce(number, cursor);
  await child!.kill();
  expect(await ours()).toEqual([true, true]);
}, 120_000);

it('a push confirmation acknowledged just before SIGKILL still activates its subscription after restart', async () => {
  // The confirmation arrives while processing is held: it is stored and answered, not yet verified.
  let origin = await startChild({ processing: false });
  const created = (await gql(origin, CREATE, { input: { scope: 'TRACKING_NUMBER', subject: '1234567891' } })).data.createPushSubscription.pushSubscription;
  expect(created.state).toBe('CREATED');
  await child!.kill();
  const confirmations = async () => (await inboxRows()).filter((row) => row.scope === 'subscription.confirm');
  const stored = await confirmations();
  expect(stored.map((row) => row.processed)).toEqual([false]);
  expect(typeof stored[0]!.body.validationSecret).toBe('string');

  // The carrier never repeats a confirmation: the restarted server verifies the stored one.
  origin = await startChild();
  await waitFor(async () => {
    const page = (await gql(origin, 'query { pushSubscriptions { edges { node { id state } } } }')).data.pushSubscriptions as {
      edges: Array<{ node: { id: string; state: string } }>;
    };
    return page.edges.some(({ node }) => node.id === created.id && node.state === 'ACTIVE');
  }, 20_000);
  await child!.kill();
  // Settled: the validation secret no longer sits in the inbox (only its digest is kept, on the subscription).
  const settled = await confirmations();
  expect(settled.map((row) => row.processed)).toEqual([true]);
  expect(settled[0]!.body).not.toHaveProperty('validationSecret');
}, 120_000);
