/**
 * The router-friendly key: a subgraph that knows only some carriers references `Shipment` by `carrierName
 * trackingNumber` (plain strings) and composes with this subgraph with no error and no hint, where copying part of
 * the `Carrier` enum onto the `carrier trackingNumber` key fails composition. Then @apollo/gateway resolves such
 * references through this subgraph's `_entities`, every hop over real HTTP.
 */
import { composeServices } from '@apollo/composition';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse, print, visit, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readTypeDefs } from '../../src/server/schema.js';
import { postGraphQL, startE2E, type E2E } from '../e2e/support.js';

/** A parcel-lockers team's subgraph: it ships with Carrier B only and knows nothing of the other carriers. */
const lockersTypeDefs = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key"])
  type Shipment @key(fields: "carrierName trackingNumber", resolvable: false) {
    carrierName: String!
    trackingNumber: String!
  }
  type LockerDrop {
    locker: String!
    shipment: Shipment!
  }
  type Query {
    lockerDrops: [LockerDrop!]!
  }
`);

/** The same team copying only the carrier it knows onto the enum key: what the plain-string key exists to avoid. */
const partialEnumTypeDefs = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key"])
  enum Carrier { CARRIER_B }
  type Shipment @key(fields: "carrier trackingNumber", resolvable: false) {
    carrier: Carrier!
    trackingNumber: String!
  }
  type Query {
    lockerShipments: [Shipment!]!
  }
`);

const DROPS = [
  { locker: 'L-1', carrierName: 'CARRIER_B', trackingNumber: '123456789013' },
  { locker: 'L-2', carrierName: 'GROUP_A', trackingNumber: '1234567877' },
];

const lockersResolvers = {
  Query: {
    lockerDrops: () => DROPS.map(({ locker, carrierName, trackingNumber }) => ({ locker, shipment: { carrierName, trackingNumber } })),
  },
};

/** Our schema as @apollo/gateway can serve it (it fails closed on @authenticated/@requiresScopes it cannot enforce). */
function carriersForGateway(typeDefs: DocumentNode): DocumentNode {
  const SECURITY = new Set(['authenticated', 'requiresScopes']);
  return visit(typeDefs, { Directive: (node) => (SECURITY.has(node.name.value) ? null : undefined) });
}

/** Our schema as it will be once a carrier is added: one more `Carrier` value. */
function withAnotherCarrier(typeDefs: DocumentNode): DocumentNode {
  return parse(print(typeDefs).replace(/enum Carrier \{/, 'enum Carrier {\n  NEW_CARRIER'));
}

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('a subgraph that knows only some carriers references Shipment without copying the Carrier enum', () => {
  const carriers = () => ({ name: 'carriers', typeDefs: parse(readTypeDefs()), url: 'http://carriers.invalid/graphql' });
  const lockers = { name: 'lockers', typeDefs: lockersTypeDefs, url: 'http://lockers.invalid/graphql' };

  it('copying part of the Carrier enum onto the carrier-and-number key fails composition (ENUM_VALUE_MISMATCH)', () => {
    const result = composeServices([carriers(), { name: 'partial', typeDefs: partialEnumTypeDefs, url: 'http://partial.invalid/graphql' }]);
    expect((result.errors ?? []).map((e) => e.extensions?.['code'])).toContain('ENUM_VALUE_MISMATCH');
  });

  it('the carrierName-and-number key composes with no error and no hint', () => {
    const result = composeServices([carriers(), lockers]);
    expect(result.errors ?? []).toEqual([]);
    expect((result.hints ?? []).map((h) => `${h.definition.code}: ${h.message}`)).toEqual([]);
    const sdl = result.supergraphSdl ?? '';
    const shipmentType = sdl.slice(sdl.indexOf('type Shipment'), sdl.indexOf('{', sdl.indexOf('type Shipment')));
    expect(shipmentType).toContain('@join__type(graph: CARRIERS, key: "carrierName trackingNumber")');
    expect(shipmentType).toContain('@join__type(graph: LOCKERS, key: "carrierName trackingNumber", resolvable: false)');
    // The existing keys still compose for the subgraphs that use them.
    expect(shipmentType).toContain('@join__type(graph: CARRIERS, key: "id")');
    expect(shipmentType).toContain('@join__type(graph: CARRIERS, key: "carrier trackingNumber")');
  });

  it('adding a carrier to this subgraph breaks no subgraph that uses the carrierName key', () => {
    const result = composeServices([{ ...carriers(), typeDefs: withAnotherCarrier(carriers().typeDefs) }, lockers]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.hints ?? []).toEqual([]);
    expect(result.supergraphSdl).toContain('NEW_CARRIER');
  });
});

describe('@apollo/gateway resolves carrierName-and-number references through this subgraph', () => {
  let lockersServer: ApolloServer;
  let gateway: ApolloServer;
  let gatewayUrl: string;

  beforeAll(async () => {
    lockersServer = new ApolloServer({ schema: buildSubgraphSchema([{ typeDefs: lockersTypeDefs, resolvers: lockersResolvers as never }]) });
    const { url: lockersUrl } = await startStandaloneServer(lockersServer, { listen: { host: '127.0.0.1', port: 0 } });
    const composed = composeServices([
      { name: 'carriers', typeDefs: carriersForGateway(parse(readTypeDefs())), url: e2e.server.url },
      { name: 'lockers', typeDefs: lockersTypeDefs, url: lockersUrl },
    ]);
    if (!composed.supergraphSdl) throw new Error(`composition failed: ${JSON.stringify(composed.errors)}`);
    gateway = new ApolloServer({ gateway: new ApolloGateway({ supergraphSdl: composed.supergraphSdl }) });
    ({ url: gatewayUrl } = await startStandaloneServer(gateway, { listen: { host: '127.0.0.1', port: 0 } }));
  });
  afterAll(async () => {
    await gateway?.stop();
    await lockersServer?.stop();
  });
  beforeEach(() => e2e.sandbox.resetStats());

  it('a supergraph query joins each locker drop to its shipment, whatever the carrier', async () => {
    const answer = await postGraphQL(
      gatewayUrl,
      `{ lockerDrops { locker shipment { id carrier carrierName trackingNumber status { status } } } }`,
    );
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    const [b, a] = answer.data.lockerDrops;
    expect(b.shipment).toMatchObject({ carrier: 'CARRIER_B', carrierName: 'CARRIER_B', trackingNumber: '123456789013', status: { status: 'IN_TRANSIT' } });
    expect(b.shipment.id).toMatch(/^CARRIER_B:-:123456789013/);
    expect(a.shipment).toMatchObject({ carrier: 'GROUP_A', carrierName: 'GROUP_A', id: 'GROUP_A:express:1234567877', status: { status: 'RETURNED' } });
  });

  it('an unknown carrierName fails that reference with BAD_USER_INPUT naming the carrier, before any carrier call', async () => {
    const answer = await postGraphQL(
      e2e.server.url,
      `query($r: [_Any!]!) { _entities(representations: $r) { ... on Shipment { id } } }`,
      { r: [{ __typename: 'Shipment', carrierName: 'NO_SUCH_CARRIER', trackingNumber: '123456789013' }] },
    );
    expect(answer.errors?.[0]?.extensions?.['code'], JSON.stringify(answer.errors)).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0]?.message).toContain('NO_SUCH_CARRIER');
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });
});
