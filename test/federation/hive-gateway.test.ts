/**
 * A third-party gateway in front of this subgraph: Hive Gateway (@graphql-hive/gateway's runtime, as its CLI serves
 * it) over a supergraph composed with @apollo/composition from this subgraph and a second one ("orders",
 * second-subgraph.ts). Every hop is real HTTP or WebSocket on loopback. Two gateways serve the same supergraph and
 * differ only in how they reach this subgraph for subscriptions: graphql-ws, or the router's HTTP callback protocol.
 * The router shared secret and the callback host allow-list are on, configured as a deployment would.
 */
import { createServer, type Server } from 'node:http';
import { composeServices } from '@apollo/composition';
import { createGatewayRuntime, getGraphQLWSOptions, MemPubSub } from '@graphql-hive/gateway';
import { parse } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { readTypeDefs } from '../../src/server/schema.js';
import { ACCOUNT_SUBSCRIPTION, approvedAccountSecret, CREATE, notification, startPushE2E, waitFor, type PushE2E } from '../push/support.js';
import { freePort } from '../push/child-server.js';
import { createPostgresTestDatabase } from '../support/database.js';
import { carrierBNumbers } from '../e2e/support.js';
import { orderNoteFor, ordersTypeDefs, startOrdersSubgraph, type SecondSubgraph } from './second-subgraph.js';

const ROUTER_SECRET = 'hive-gateway-test-router-secret';
/**
 * The rule is that a subscription stays up at least 60 s while events flow, with a gateway heartbeat of 10 s and an
 * event every 15 s. What keeps it up is a ratio (heartbeats sent at a share of the interval the gateway asks for,
 * events rarer than heartbeats), and no fixed timer of ours or of the gateway's is involved, so the test runs the same
 * proportions at 1:5: six heartbeat intervals, an event every one and a half.
 */
const SCALE = 5;
/** What the callback gateway asks for in `extensions.subscription.heartbeatIntervalMs`, and its timeout. */
const GATEWAY_HEARTBEAT_MS = 10_000 / SCALE;
/** The rule: a subscription stays up at least this long while events flow (60 s, scaled). */
const KEEP_ALIVE_MS = 60_000 / SCALE;
/** Rarer than the gateway's heartbeat interval: between events only heartbeats keep a callback subscription alive. */
const EVENT_EVERY_MS = 15_000 / SCALE;

type SubscriptionTransport = 'ws' | 'http-callback';

interface Gateway {
  url: string;
  wsUrl: string;
  close(): Promise<void>;
}

/** Hive Gateway in front of `supergraph`, served over HTTP and graphql-ws as its CLI does. */
async function startHiveGateway(supergraph: string, carriersUrl: string, subscriptions: SubscriptionTransport): Promise<Gateway> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const secretHeader: [string, string][] = [['Router-Secret', ROUTER_SECRET]];
  const runtime = createGatewayRuntime({
    supergraph,
    logging: false,
    maskedErrors: false,
    // The callback protocol: this subgraph posts events and heartbeats to /callback/<id>, the gateway's webhooks.
    webhooks: true,
    pubsub: new MemPubSub(),
    transportEntries: {
      carriers: {
        headers: secretHeader,
        options: {
          subscriptions:
            subscriptions === 'ws'
              ? { kind: 'ws', location: new URL(carriersUrl).pathname, options: { connectionParams: { 'Router-Secret': ROUTER_SECRET } } }
              : {
                  kind: 'http-callback',
                  options: { public_url: `${origin}/callback`, heartbeat_interval: GATEWAY_HEARTBEAT_MS },
                },
        },
      },
    },
  });
  const server: Server = createServer(runtime);
  const wsServer = new WebSocketServer({ server, path: runtime.graphqlEndpoint });
  const ws = useServer(
    getGraphQLWSOptions<Record<string, unknown>, Extra>(runtime, (ctx) => ({ req: ctx.extra.request, socket: ctx.extra.socket })),
    wsServer,
  );
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // The runtime loads the supergraph on its first HTTP request; graphql-ws operations do not trigger that.
  await post(`${origin}${runtime.graphqlEndpoint}`, '{ __typename }');
  return {
    url: `${origin}${runtime.graphqlEndpoint}`,
    wsUrl: `ws://127.0.0.1:${port}${runtime.graphqlEndpoint}`,
    async close() {
      await ws.dispose();
      await runtime.dispose();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function post<T = any>(url: string, query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as { data?: T; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

interface Received {
  trackingNumber: string;
  status: { status: string };
}

/** A client subscribed through a gateway: what arrived, the errors, and whether the stream ended. */
function subscribeThrough(gateway: Gateway, trackingNumber: string) {
  const client: Client = createClient({ url: gateway.wsUrl, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
  const sub = { client, received: [] as Received[], errors: [] as unknown[], completed: false };
  client.subscribe<{ shipmentStatusChanged: Received }>(
    {
      query: `subscription ($n: String!) { shipmentStatusChanged(filter: { trackingNumbers: [$n] }) { trackingNumber status { status } } }`,
      variables: { n: trackingNumber },
    },
    {
      next: (result) => {
        if (result.errors) sub.errors.push(...result.errors);
        if (result.data) sub.received.push(result.data.shipmentStatusChanged);
      },
      error: (error) => sub.errors.push(error instanceof Error ? error.message : error),
      complete: () => {
        sub.completed = true;
      },
    },
  );
  return sub;
}

let subgraph: PushE2E;
let orders: SecondSubgraph;
const gateways: Partial<Record<SubscriptionTransport, Gateway>> = {};

beforeAll(async () => {
  subgraph = await startPushE2E({
    DATABASE_URL: await createPostgresTestDatabase(),
    ROUTER_SHARED_SECRET: ROUTER_SECRET,
    // The gateways listen on loopback; their callback URLs name 127.0.0.1.
    SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS: '127.0.0.1',
  });
  orders = await startOrdersSubgraph();
  const composed = composeServices([
    { name: 'carriers', typeDefs: parse(readTypeDefs()), url: subgraph.server.url },
    { name: 'orders', typeDefs: ordersTypeDefs, url: orders.url },
  ]);
  if (!composed.supergraphSdl) throw new Error(`composition failed: ${JSON.stringify(composed.errors)}`);
  gateways.ws = await startHiveGateway(composed.supergraphSdl, subgraph.server.url, 'ws');
  gateways['http-callback'] = await startHiveGateway(composed.supergraphSdl, subgraph.server.url, 'http-callback');
}, 120_000);

afterAll(async () => {
  await Promise.all(Object.values(gateways).map((g) => g.close()));
  await orders?.stop();
  await subgraph?.close();
});

describe('Hive Gateway in front of this subgraph and an orders subgraph', () => {
  it("a query joins the orders subgraph's orderNote onto Shipment, and the orders subgraph's Shipment references resolve back here", async () => {
    const gateway = gateways['http-callback']!;
    const number = carrierBNumbers(1, 8100)[0]!;
    const joined = await post<{ shipment: { id: string; trackingNumber: string; orderNote: string } }>(
      gateway.url,
      `query ($n: String!) { shipment(carrier: CARRIER_B, trackingNumber: $n) { id trackingNumber orderNote } }`,
      { n: number },
    );
    expect(joined.errors).toBeUndefined();
    const shipment = joined.data!.shipment;
    expect(shipment).toEqual({ id: shipment.id, trackingNumber: number, orderNote: orderNoteFor(shipment.id) });

    const back = await post(gateway.url, `query ($id: ID!) { orderOf(shipmentId: $id) { id shipment { id carrier trackingNumber orderNote } } }`, {
      id: shipment.id,
    });
    expect(back.errors).toBeUndefined();
    expect(back.data.orderOf.shipment).toEqual({ id: shipment.id, carrier: 'CARRIER_B', trackingNumber: number, orderNote: orderNoteFor(shipment.id) });
  });

  it('one supergraph query returns an order from the orders subgraph next to a rate quote from this subgraph', async () => {
    const answer = await post(
      gateways['http-callback']!.url,
      `query ($input: RateRequestInput!) { order(id: "o1") { id } rates(input: $input) { best { carrier upstream total { amount currency } } } }`,
      { input: { origin: { countryCode: 'US', postalCode: '30301' }, destination: { countryCode: 'US', postalCode: '10001' }, packages: [{ weight: { value: 2 } }] } },
    );
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    expect(answer.data.order).toEqual({ id: 'o1' });
    expect(answer.data.rates.best.total.amount).toMatch(/^\d+(\.\d+)?$/);
  });

  it(
    'shipmentStatusChanged stays up for six gateway heartbeat intervals while events flow (the 60 s rule at 1:5), through graphql-ws and through HTTP callbacks (heartbeats inside the gateway timeout)',
    async () => {
      const live = '9990007001';
      // A push subscription at the carrier gives the webhook secret; by customer account, so that it takes a push
      // about the tested number and the sandbox's own pushes (the account's shipments) never reach the tested one.
      const created = await post(subgraph.server.url, CREATE, { input: ACCOUNT_SUBSCRIPTION }, { 'Router-Secret': ROUTER_SECRET });
      const carrierId = created.data.createPushSubscription.pushSubscription.carrierSubscriptionId as string;
      const secret = await approvedAccountSecret(subgraph.sandbox, carrierId);
      let minute = 0;
      const push = async () => {
        const at = `2026-03-10T${String(9 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
        minute += 1;
        const answer = await subgraph.postWebhook(notification(live, at, 'transit'), { 'carrier-push-secret': secret });
        expect(answer.status).toBe(200);
      };

      const viaWs = subscribeThrough(gateways.ws!, live);
      const viaCallback = subscribeThrough(gateways['http-callback']!, live);
      const subs = [viaWs, viaCallback];
      try {
        // Both are up once this subgraph serves both; the first event comes a whole gateway heartbeat interval later,
        // so until then only heartbeats tell the callback gateway that its subscription is alive.
        await waitFor(async () => subgraph.server.statusFeed?.subscriberCount === 2, 30_000);
        const upAt = Date.now();
        let sent = 0;
        do {
          await new Promise((r) => setTimeout(r, EVENT_EVERY_MS));
          await push();
          sent += 1;
        } while (Date.now() - upAt < KEEP_ALIVE_MS);
        // The last event, sent KEEP_ALIVE_MS after both were up, reaches both, and nothing ended either stream.
        await waitFor(async () => subs.every((s) => s.received.length >= sent || s.completed || s.errors.length > 0), 15_000).catch(() => undefined);
        const outcome = (via: SubscriptionTransport, sub: typeof viaWs) => ({
          via,
          errors: sub.errors,
          completed: sub.completed,
          received: sub.received.map((r) => r.trackingNumber),
        });
        const all = Array.from({ length: sent }, () => live);
        expect([outcome('ws', viaWs), outcome('http-callback', viaCallback)]).toEqual([
          { via: 'ws', errors: [], completed: false, received: all },
          { via: 'http-callback', errors: [], completed: false, received: all },
        ]);
      } finally {
        await Promise.all(subs.map((s) => s.client.dispose()));
      }
    },
    KEEP_ALIVE_MS + 90_000,
  );
});
