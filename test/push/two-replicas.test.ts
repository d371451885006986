/**
 * Scaling out (DESIGN.md): two server processes on one PostgreSQL. A webhook received by one reaches a graphql-ws
 * subscriber of the other, carried by LISTEN/NOTIFY (payload: the cursor only).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { createPostgresTestDatabase } from '../support/database.js';
import { subscribe, wsClient } from '../realtime/support.js';
import { startChildServer, type ChildServer } from './child-server.js';
import { ACCOUNT_SUBSCRIPTION, approvedAccountSecret, CREATE, notification, waitFor } from './support.js';

let sandbox: Sandbox;
let replicas: ChildServer[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ push: { duplicateRate: 0 } });
  const databaseUrl = await createPostgresTestDatabase();
  const env = {
    DATABASE_URL: databaseUrl,
    SANDBOX: 'off',
    WATCHERS_ENABLED: 'false',
    GROUP_A_TRACK_BASE_URL: sandbox.urls.groupAUnified,
    GROUP_A_TRACK_API_KEY: sandbox.credentials.groupAUnified.apiKey,
    GROUP_A_PUSH_BASE_URL: sandbox.push.baseUrl,
  };
  // Started one after the other: both apply migrations to the same database under the advisory lock.
  replicas = [await startChildServer(env), await startChildServer(env)];
}, 120_000);

afterAll(async () => {
  await Promise.all(replicas.map((r) => r.kill()));
  await sandbox?.close();
});

async function gql(origin: string, query: string, variables?: Record<string, unknown>) {
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

it('a webhook received by one replica reaches a subscriber of the other through PostgreSQL LISTEN/NOTIFY', async () => {
  const [receiver, other] = replicas as [ChildServer, ChildServer];
  const number = '9990004001';
  // By customer account: it takes a push about any number, and the sandbox's pushes for the account's own shipments
  // never race this test's change.
  const created = (await gql(receiver.origin, CREATE, { input: ACCOUNT_SUBSCRIPTION })).data.createPushSubscription.pushSubscription;
  expect(created.state).toBe('PENDING_APPROVAL');
  const secret = await approvedAccountSecret(sandbox, created.carrierSubscriptionId);

  const client = wsClient(`ws://127.0.0.1:${other.port}/graphql`);
  const sub = subscribe(client, { filter: { trackingNumbers: [number] } });
  await new Promise((r) => setTimeout(r, 500));

  const answer = await fetch(`${receiver.origin}/webhooks/group-a`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'carrier-push-secret': secret },
    body: JSON.stringify(notification(number, '2026-03-10T09:00:00', 'transit')),
  });
  expect(answer.status).toBe(200);

  await waitFor(async () => sub.received.length >= 1, 15_000);
  expect(sub.errors).toEqual([]);
  expect(sub.received.map((c) => [c.trackingNumber, c.status.status, c.source])).toEqual([[number, 'IN_TRANSIT', 'PUSH']]);
  sub.stop();
  await client.dispose();
}, 120_000);
