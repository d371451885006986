/**
 * A second subgraph for the gateway tests ("orders"): it adds a field to this subgraph's `Shipment` entity by its
 * `id` key (`orderNote`), and hands out `Shipment` references of its own (`orderOf`) that the gateway resolves back
 * through this subgraph's `_entities`. A plain @apollo/subgraph server over real HTTP.
 */
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';

export const ordersTypeDefs = parse(`
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key"])
  type Shipment @key(fields: "id") {
    id: ID!
    "The order the shipment belongs to, as the orders team writes it."
    orderNote: String
  }
  type Order {
    id: ID!
    shipment: Shipment!
  }
  type Query {
    "The order that shipped as shipmentId."
    orderOf(shipmentId: ID!): Order!
    "An order by its id (it may have no shipment yet: a checkout asks for rates beside it)."
    order(id: ID!): OrderSummary
  }
  type OrderSummary {
    id: ID!
  }
`);

/** What this subgraph knows about a shipment: derived from its id, so a test can predict it. */
export function orderNoteFor(shipmentId: string): string {
  return `order for ${shipmentId}`;
}

const resolvers = {
  Query: {
    orderOf: (_: unknown, { shipmentId }: { shipmentId: string }) => ({ id: `order-${shipmentId}`, shipment: { id: shipmentId } }),
    order: (_: unknown, { id }: { id: string }) => ({ id }),
  },
  Shipment: {
    __resolveReference: (reference: { id: string }) => ({ id: reference.id }),
    orderNote: (shipment: { id: string }) => orderNoteFor(shipment.id),
  },
};

export interface SecondSubgraph {
  url: string;
  stop(): Promise<void>;
}

export async function startOrdersSubgraph(): Promise<SecondSubgraph> {
  const server = new ApolloServer({ schema: buildSubgraphSchema([{ typeDefs: ordersTypeDefs, resolvers: resolvers as never }]) });
  const { url } = await startStandaloneServer(server, { listen: { host: '127.0.0.1', port: 0 } });
  return { url, stop: () => server.stop() };
}
