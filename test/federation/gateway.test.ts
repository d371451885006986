/**
 * Federation with real parts: this subgraph composed (@apollo/composition) with small subgraphs of the test's own
 * that hold a carrier and tracking number ("orders") or a shipment id ("returns"), then @apollo/gateway in front of
 * all of them, every hop over real HTTP.
 */
import { composeServices } from '@apollo/composition';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, visit, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readTypeDefs } from '../../src/server/schema.js';
import { carrierBNumbers, postGraphQL, startE2E, type E2E } from '../e2e/support.js';

const REUSED = '991234567893';

// A subgraph that defines Carrier too must list every value of ours (an enum used as input and output composes only
// when its values agree: ENUM_VALUE_MISMATCH).
const ordersTypeDefs = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key"])
  enum Carrier { GROUP_A CARRIER_B DARK_STORE }
  type Shipment @key(fields: "carrier trackingNumber", resolvable: false) {
    carrier: Carrier!
    trackingNumber: String!
  }
  type Order @key(fields: "id") {
    id: ID!
    shipment: Shipment!
  }
  type Query {
    "count orders, each shipped as its own distinct Carrier B number"
    orders(count: Int!): [Order!]!
    "an order whose Carrier B number is reused (two candidate shipments)"
    orderWithReusedNumber: Order!
  }
`);

const returnsTypeDefs = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key"])
  type Shipment @key(fields: "id", resolvable: false) {
    id: ID!
  }
  type Return {
    id: ID!
    shipment: Shipment!
  }
  type Query {
    returnOf(shipmentId: ID!): Return!
  }
`);

const ordersResolvers = {
  Query: {
    orders: (_: unknown, { count }: { count: number }) =>
      carrierBNumbers(count, 7000).map((trackingNumber, i) => ({ id: `order-${i}`, trackingNumber })),
    orderWithReusedNumber: () => ({ id: 'order-reused', trackingNumber: REUSED }),
  },
  Order: {
    shipment: (order: { trackingNumber: string }) => ({ carrier: 'CARRIER_B', trackingNumber: order.trackingNumber }),
  },
};

const returnsResolvers = {
  Query: { returnOf: (_: unknown, { shipmentId }: { shipmentId: string }) => ({ id: `return-of-${shipmentId}`, shipment: { id: shipmentId } }) },
};

interface Served {
  url: string;
  stop(): Promise<void>;
}

async function serveSubgraph(typeDefs: DocumentNode, resolvers: object): Promise<Served> {
  const server = new ApolloServer({ schema: buildSubgraphSchema([{ typeDefs, resolvers: resolvers as never }]) });
  const { url } = await startStandaloneServer(server, { listen: { host: '127.0.0.1', port: 0 } });
  return { url, stop: () => server.stop() };
}

let e2e: E2E;
let orders: Served;
let returns: Served;

function services() {
  return [
    { name: 'carriers', typeDefs: parse(readTypeDefs()), url: e2e.server.url },
    { name: 'orders', typeDefs: ordersTypeDefs, url: orders.url },
    { name: 'returns', typeDefs: returnsTypeDefs, url: returns.url },
  ];
}

/**
 * @apollo/gateway refuses a supergraph that links features `for: SECURITY` it cannot enforce (our mutations'
 * @authenticated / @requiresScopes): it fails closed. A router that enforces them (Apollo Router, Hive Gateway with
 * its auth plugin) serves the full schema; for this gateway, which tests entity joins only, they are left out.
 */
function servicesForApolloGateway() {
  const SECURITY = new Set(['authenticated', 'requiresScopes']);
  return services().map((service) =>
    service.name === 'carriers'
      ? { ...service, typeDefs: visit(service.typeDefs, { Directive: (node) => (SECURITY.has(node.name.value) ? null : undefined) }) }
      : service,
  );
}

beforeAll(async () => {
  e2e = await startE2E();
  orders = await serveSubgraph(ordersTypeDefs, ordersResolvers);
  returns = await serveSubgraph(returnsTypeDefs, returnsResolvers);
});
afterAll(async () => {
  await orders?.stop();
  await returns?.stop();
  await e2e?.close();
});

describe('composition', () => {
  it('this subgraph composes with an orders subgraph and a returns subgraph without errors', () => {
    const result = composeServices(services());
    expect(result.errors ?? []).toEqual([]);
    const sdl = result.supergraphSdl ?? '';
    const shipmentType = sdl.slice(sdl.indexOf('type Shipment'), sdl.indexOf('{', sdl.indexOf('type Shipment')));
    expect(shipmentType).toContain('@join__type(graph: CARRIERS, key: "id")');
    expect(shipmentType).toContain('@join__type(graph: CARRIERS, key: "carrier trackingNumber")');
    expect(shipmentType).toContain('@join__type(graph: ORDERS, key: "carrier trackingNumber", resolvable: false)');
    expect(shipmentType).toContain('@join__type(graph: RETURNS, key: "id", resolvable: false)');
  });
});

describe('@apollo/gateway in front of the subgraphs', () => {
  let gateway: ApolloServer;
  let gatewayUrl: string;

  beforeAll(async () => {
    const composed = composeServices(servicesForApolloGateway());
    if (!composed.supergraphSdl) throw new Error(`composition failed: ${JSON.stringify(composed.errors)}`);
    gateway = new ApolloServer({ gateway: new ApolloGateway({ supergraphSdl: composed.supergraphSdl }) });
    ({ url: gatewayUrl } = await startStandaloneServer(gateway, { listen: { host: '127.0.0.1', port: 0 } }));
  });
  afterAll(async () => {
    await gateway?.stop();
  });
  beforeEach(() => e2e.sandbox.resetStats());

  it('one query reaching 95 Carrier B shipments through _entities costs 4 upstream tracking calls', async () => {
    const answer = await postGraphQL(gatewayUrl, `{ orders(count: 95) { id shipment { id trackingNumber status { status } } } }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.orders).toHaveLength(95);
    for (const order of answer.data.orders) {
      expect(order.shipment.id).toMatch(new RegExp(`^CARRIER_B:-:${order.shipment.trackingNumber}:`));
      expect(order.shipment.status.status).toBe('IN_TRANSIT');
    }
    expect(e2e.carrierBTrackCalls()).toBe(4);
    expect(e2e.sandbox.stats.carrierB.trackingRequests.map((r) => r.length).sort((a, b) => a - b)).toEqual([5, 30, 30, 30]);
  });

  it('a reference by the id key resolves through the gateway', async () => {
    const [number] = carrierBNumbers(1, 8000) as [string];
    const direct = await postGraphQL(e2e.server.url, `{ shipment(carrier: CARRIER_B, trackingNumber: "${number}") { id } }`);
    const id = direct.data.shipment.id as string;
    e2e.sandbox.resetStats();
    const answer = await postGraphQL(gatewayUrl, `query($id: ID!) { returnOf(shipmentId: $id) { id shipment { id trackingNumber carrierCode } } }`, { id });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.returnOf.shipment).toEqual({ id, trackingNumber: number, carrierCode: 'CBXG' });
    expect(e2e.carrierBTrackCalls()).toBe(1);
  });

  it('one supergraph query returns an order from the orders subgraph next to a rate quote from this subgraph', async () => {
    const answer = await postGraphQL(
      gatewayUrl,
      `query ($input: RateRequestInput!) { orders(count: 1) { id } rates(input: $input) { best { carrier upstream serviceCode total { amount currency } } } }`,
      { input: { origin: { countryCode: 'US', postalCode: '30301' }, destination: { countryCode: 'US', postalCode: '10001' }, packages: [{ weight: { value: 2 } }] } },
    );
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    expect(answer.data.orders).toEqual([{ id: 'order-0' }]);
    expect(answer.data.rates.best.total.amount).toMatch(/^\d+(\.\d+)?$/);
    expect(answer.data.rates.best.total.currency).toMatch(/^[A-Z]{3}$/);
  });

  it('an ambiguous carrier-and-number reference resolves to an error naming the candidate ids', async () => {
    const answer = await postGraphQL(gatewayUrl, `{ orderWithReusedNumber { id shipment { id status { status } } } }`);
    const error = answer.errors?.find((e) => e.extensions?.code === 'UPSTREAM_AMBIGUOUS');
    expect(error, JSON.stringify(answer.errors)).toBeDefined();
    expect(error?.message).toContain(REUSED);
    const candidates = (error?.extensions?.candidates ?? []) as string[];
    expect(candidates).toHaveLength(2);
    expect(candidates.every((c) => c.startsWith(`CARRIER_B:-:${REUSED}:`))).toBe(true);
  });
});
