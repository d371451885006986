/**
 * Nothing lost: the server is killed (SIGKILL) right after it acknowledged a webhook, restarted on the same data
 * directory, and a subscriber resuming from its cursor receives that change exactly once. The server runs as a child
 * process (`tsx src/main.ts`); Group A (tracking and push) is a sandbox in this process, so the test knows the secret.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { subscribe, wsClient } from '../realtime/support.js';
import { freePort, startChildServer, type ChildServer } from './child-server.js';
import { CREATE, notification, waitFor } from './support.js';

let sandbox: Sandbox;
let dataDir: string;
let port: number;
let child: ChildServer | null = null;

async function startChild(): Promise<string> {
  child = await startChildServer({
    DATA_DIR: dataDir,
    SANDBOX: 'off',
    GROUP_A_TRACK_BASE_URL: sandbox.urls.groupAUnified,
    GROUP_A_TRACK_API_KEY: sandbox.credentials.groupAUnified.apiKey,
    GROUP_A_PUSH_BASE_URL: sandbox.push.baseUrl,
  }, port);
  return child.origin;
}

async function gql(origin: string, query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

beforeAll(async () => {
  sandbox = await startSandbox({ push: { duplicateRate: 0 } });
  dataDir = await mkdtemp(join(tmpdir(), 'push-sigkill-'));
  port = await freePort();
});
afterAll(async () => {
  await child?.kill();
  await sandbox?.close();
  await rm(dataDir, { recursive: true, force: true });
});

it('a webhook acknowledged just before SIGKILL reaches a subscriber resuming from its cursor exactly once', async () => {
  const number = '9990003001';
  let origin = await startChild();
  const created = (await gql(origin, CREATE, { input: { scope: 'TRACKING_NUMBER', subject: '1234567890' } })).data.createPushSubscription;
  expect(created.state).toBe('ACTIVE');
  const secret = sandbox.push.subscriptions().find((s) => s.id === created.carrierSubscriptionId)!.validationSecret;
  const post = (body: unknown) =>
    fetch(`${origin}/webhooks/group-a`, { method: 'POST', headers: { 'content-type': 'application/json', 'carrier-push-secret': secret }, body: JSON.stringify(body) });

  // A first change gives the subscriber its cursor.
  const client = wsClient(`ws://127.0.0.1:${port}/graphql`);
  const first = subscribe(client, { filter: { trackingNumbers: [number] } });
  await new Promise((r) => setTimeout(r, 300));
  expect((await post(notification(number, '2026-03-10T08:00:00', 'pre-transit'))).status).toBe(200);
  await waitFor(async () => first.received.length === 1);
  const cursor = first.received[0]!.cursor;
  first.stop();
  await client.dispose();

  // The second change is acknowledged, then the server dies at once.
  const answer = await post(notification(number, '2026-03-10T09:00:00', 'transit'));
  expect(answer.status).toBe(200);
  await child!.kill();
  await new Promise((r) => setTimeout(r, 200));

  origin = await startChild();
  const resumed = wsClient(`ws://127.0.0.1:${port}/graphql`);
  const second = subscribe(resumed, { filter: { trackingNumbers: [number] }, cursor });
  await waitFor(async () => second.received.length >= 1, 20_000);
  await new Promise((r) => setTimeout(r, 1_000));
  expect(second.errors).toEqual([]);
  expect(second.received.map((c) => [c.trackingNumber, c.status.status, c.source])).toEqual([[number, 'IN_TRANSIT', 'PUSH']]);
  second.stop();
  await resumed.dispose();
}, 120_000);
