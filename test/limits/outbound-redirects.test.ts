/**
 * No outbound call follows a redirect. A redirect from an allowed callback host (or a carrier's origin) would send our
 * request bodies, and the credentials on them, to a host nobody allowed; none of our upstreams is expected to redirect.
 * The fault proxy stands where the router's callback endpoint (or the carrier) is and answers 307 toward a second
 * local server that counts what reaches it: it must count nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';

/** A host outside every allow-list: counts each request that reaches it, and would accept a callback check. */
interface Outside {
  server: Server;
  hits: string[];
  origin: string;
}

async function startOutside(): Promise<Outside> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.writeHead(204, { 'subscription-protocol': 'callback/1.0' }).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, hits, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let e2e: E2E;
let outside: Outside;
/** Where the router's callback endpoint is (its host is the one allowed); forwards to `router`. */
let callbackProxy: FaultProxy;
/** Where Group A unified tracking is; every call is answered with a redirect before anything would be forwarded. */
let trackingProxy: FaultProxy;
let router: Outside;

beforeAll(async () => {
  [outside, router] = await Promise.all([startOutside(), startOutside()]);
  callbackProxy = await startFaultProxy(router.origin);
  // Nothing is forwarded (the redirect rule matches every path), so the target is never reached.
  trackingProxy = await startFaultProxy('http://127.0.0.1:9');
  trackingProxy.add({ path: /.*/, redirect: { location: `${outside.origin}/track/shipments`, status: 307 } });
  e2e = await startE2E({
    env: {
      SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS: new URL(callbackProxy.origin).host,
      GROUP_A_TRACK_BASE_URL: trackingProxy.origin,
    },
  });
}, 120_000);

afterAll(async () => {
  await e2e?.close();
  await callbackProxy?.close();
  await trackingProxy?.close();
  for (const s of [outside, router]) {
    s?.server.closeAllConnections();
    await new Promise((resolve) => s?.server.close(resolve));
  }
});

it('a subscription callback answering 307 toward a host outside SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS is not followed: nothing is posted there, and the client gets a clear error with the request id', async () => {
  callbackProxy.add({ path: '/callback/sub-307', redirect: { location: `${outside.origin}/steal`, status: 307 } });
  const response = await fetch(e2e.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', accept: 'application/json;callbackSpec=1.0', 'x-request-id': 'req-callback-307' },
    body: JSON.stringify({
      query: 'subscription($f: StatusChangeFilter!) { shipmentStatusChanged(filter: $f) { cursor } }',
      variables: { f: { trackingNumbers: ['REDIRECT-1'] } },
      extensions: { subscription: { callbackUrl: `${callbackProxy.origin}/callback/sub-307`, subscriptionId: 'sub-307', verifier: 'v-307', heartbeatIntervalMs: 0 } },
    }),
  });
  const body = (await response.json()) as { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
  expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'SUBSCRIPTION_CALLBACK_FAILED', requestId: 'req-callback-307', callbackHost: new URL(callbackProxy.origin).host, callbackStatus: 307 });
  expect(body.errors?.[0]?.message).toMatch(/redirect.*not followed/);
  expect(response.status).toBe(502);
  // One check reached the allowed host (a redirect is not retried), none the host it pointed at.
  expect(callbackProxy.seen.filter((e) => e.action === 'redirect')).toHaveLength(1);
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(outside.hits).toEqual([]);
});

it('an upstream answering 307 is not followed: nothing reaches the redirect target, and the call fails UPSTREAM_CONTRACT naming the upstream and status', async () => {
  const answer = await e2e.gql('{ shipment(carrier: GROUP_A, trackingNumber: "AMB10001") { trackingNumber } }');
  expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_CONTRACT', upstream: 'group-a/tracking' });
  expect(answer.errors?.[0]?.message).toMatch(/HTTP 307.*redirect.*not followed/);
  expect(trackingProxy.seen.length).toBeGreaterThan(0);
  expect(trackingProxy.seen.every((e) => e.action === 'redirect' && !e.forwarded)).toBe(true);
  expect(outside.hits).toEqual([]);
});

it('a subscription callback refusing the check (400) is answered 502 SUBSCRIPTION_CALLBACK_FAILED naming the host, its status and the request id', async () => {
  callbackProxy.add({ path: '/callback/sub-400', status: { code: 400, body: '{}' } });
  const response = await fetch(e2e.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true', accept: 'application/json;callbackSpec=1.0', 'x-request-id': 'req-callback-400' },
    body: JSON.stringify({
      query: 'subscription($f: StatusChangeFilter!) { shipmentStatusChanged(filter: $f) { cursor } }',
      variables: { f: { trackingNumbers: ['REDIRECT-2'] } },
      extensions: { subscription: { callbackUrl: `${callbackProxy.origin}/callback/sub-400`, subscriptionId: 'sub-400', verifier: 'v-400', heartbeatIntervalMs: 0 } },
    }),
  });
  expect(response.status).toBe(502);
  const body = (await response.json()) as { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
  expect(body.errors).toHaveLength(1);
  expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'SUBSCRIPTION_CALLBACK_FAILED', requestId: 'req-callback-400', callbackStatus: 400 });
  expect(body.errors?.[0]?.message).toMatch(/check request to 127\.0\.0\.1:\d+ failed \(HTTP 400\); nothing was subscribed/);
});
