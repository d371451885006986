/**
 * Only the router reaches the subgraph: with ROUTER_SHARED_SECRET set, /graphql over HTTP and graphql-ws require it
 * (health, metrics and the carrier's webhook do not), and HTTP-callback subscriptions post only to
 * SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS — and never for an operation that was refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { groupAPush } from '../../src/carriers/group-a/push/module-push.js';

const GROUP_A_WEBHOOK_PATH = groupAPush.webhookPath;
import { waitFor } from '../support/wait-for.js';
import { rawSocket, wsClient, wsExecute } from './support.js';

const SECRET = 'router-secret-0123456789abcdef';
const HEADER = 'X-Router-Token';

/** A stand-in for the router's callback endpoint: records every call and answers as the protocol asks. */
interface CallbackRecorder {
  server: Server;
  calls: Array<{ action: string; id: string }>;
  url(id: string): string;
}

async function startRecorder(): Promise<CallbackRecorder> {
  const calls: CallbackRecorder['calls'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const message = JSON.parse(body) as { action: string; id: string };
      calls.push(message);
      res.writeHead(message.action === 'check' ? 204 : 200, { 'subscription-protocol': 'callback/1.0' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, calls, url: (id) => `http://127.0.0.1:${port}/callback/${id}` };
}

let e2e: E2E;
let allowed: CallbackRecorder;
let other: CallbackRecorder;
// A generous hook timeout: starting the sandbox and the server takes most of it on a busy machine.
beforeAll(async () => {
  [allowed, other] = await Promise.all([startRecorder(), startRecorder()]);
  e2e = await startE2E({
    env: {
      ROUTER_SHARED_SECRET: SECRET,
      ROUTER_SECRET_HEADER: HEADER,
      SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS: new URL(allowed.url('x')).host,
    },
  });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
  for (const recorder of [allowed, other]) {
    recorder?.server.closeAllConnections();
    await new Promise((resolve) => recorder?.server.close(resolve));
  }
});

async function post(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const response = await fetch(e2e.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const withSecret = { [HEADER]: SECRET };

describe('the shared secret over HTTP', () => {
  it('/graphql without the secret, or with a wrong one, is 401 with a JSON GraphQL error naming the header', async () => {
    for (const headers of [{}, { [HEADER]: 'not-the-secret-at-all-xxxxxxxx' }, { [HEADER]: SECRET.slice(0, -1) }] as Array<Record<string, string>>) {
      const answer = await post({ query: '{ __typename }' }, headers);
      expect(answer.status).toBe(401);
      expect(answer.body.errors[0].extensions).toEqual({ code: 'UNAUTHENTICATED', header: HEADER });
      expect(answer.body.data).toBeUndefined();
    }
  });

  it('/graphql with the secret in ROUTER_SECRET_HEADER (any case) is served', async () => {
    expect(await post({ query: '{ __typename }' }, withSecret)).toEqual({ status: 200, body: { data: { __typename: 'Query' } } });
    expect((await post({ query: '{ __typename }' }, { [HEADER.toLowerCase()]: SECRET })).status).toBe(200);
  });

  it('/healthz, /metrics and the carrier webhook are not behind the secret', async () => {
    const origin = new URL(e2e.server.url).origin;
    expect((await fetch(`${origin}/healthz`)).status).toBe(200);
    expect((await fetch(`${origin}/metrics`)).status).toBe(200);
    const webhook = await fetch(`${origin}${GROUP_A_WEBHOOK_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    const text = await webhook.text();
    expect(text).not.toContain('UNAUTHENTICATED');
    expect(text).not.toContain(HEADER);
  });
});

describe('the shared secret over graphql-ws', () => {
  it('connection_init without the secret is closed with 4403', async () => {
    const { socket, closed, messages } = await rawSocket(e2e.server.url);
    socket.send(JSON.stringify({ type: 'connection_init', payload: { [HEADER]: 'wrong' } }));
    expect((await closed).code).toBe(4403);
    expect(messages).toEqual([]);
  });

  it('the secret in the connection_init payload, or as a header on the upgrade request, is accepted', async () => {
    for (const client of [wsClient(e2e.server.url, { [HEADER]: SECRET }), wsClient(e2e.server.url, undefined, withSecret)]) {
      try {
        expect(await wsExecute(client, '{ __typename }')).toEqual({ data: { __typename: 'Query' } });
      } finally {
        await client.dispose();
      }
    }
  });
});

describe('subscription callbacks only toward allowed hosts', () => {
  const subscription = (callbackUrl: string, id: string, query = 'subscription($f: StatusChangeFilter!) { shipmentStatusChanged(filter: $f) { cursor } }') => ({
    query,
    variables: { f: { trackingNumbers: [`CB-${id}`] } },
    extensions: { subscription: { callbackUrl, subscriptionId: id, verifier: `v-${id}`, heartbeatIntervalMs: 0 } },
  });
  const callbackHeaders = { ...withSecret, accept: 'application/json;callbackSpec=1.0' };

  it('a callbackUrl on a host not in SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS is refused naming it, and nothing is posted there', async () => {
    const answer = await post(subscription(other.url('sub-other'), 'sub-other'), callbackHeaders);
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 'SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS' });
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd', 'not a url']) {
      expect((await post(subscription(url, 'sub-x'), callbackHeaders)).status).toBe(400);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.calls).toEqual([]);
  });

  it('a callbackUrl on an allowed host is checked and subscribed', async () => {
    const answer = await post(subscription(allowed.url('sub-ok'), 'sub-ok'), callbackHeaders);
    expect(answer.status).toBe(200);
    await waitFor(() => allowed.calls.some((c) => c.id === 'sub-ok'));
    expect(allowed.calls.find((c) => c.id === 'sub-ok')?.action).toBe('check');
  });

  it('an operation refused by validation or a limit is not subscribed: no check is posted, even to an allowed host', async () => {
    const invalid = await post(subscription(allowed.url('sub-bad'), 'sub-bad', 'subscription { shipmentStatusChanged(filter: {}) { noSuchField } }'), callbackHeaders);
    expect(invalid.status).toBe(400);
    const aliases = Array.from({ length: 101 }, (_, k) => `a${k}: cursor`).join(' ');
    const overLimit = await post(
      subscription(allowed.url('sub-aliases'), 'sub-aliases', `subscription { shipmentStatusChanged(filter: { carriers: [CARRIER_B] }) { ${aliases} } }`),
      callbackHeaders,
    );
    expect(overLimit.status).toBe(400);
    expect(overLimit.body.errors[0].extensions.limit).toBe('MAX_QUERY_ALIASES');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(allowed.calls.filter((c) => c.id === 'sub-bad' || c.id === 'sub-aliases')).toEqual([]);
  });
});
