// examples/apollo-client.ts: Apollo Client 4 against the subgraph (or a router: give the router's URL).
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type Client } from 'graphql-ws';
import { OperationTypeNode } from 'graphql';

export function createApolloClient(
  url: string,
  options: { webSocketImpl?: unknown } = {},
): { client: ApolloClient; ws: Client } {
  // Subscriptions over graphql-ws on the same path (ws:// or wss://); in a browser no webSocketImpl is needed.
  const ws = createClient({ url: url.replace(/^http/, 'ws'), webSocketImpl: options.webSocketImpl });
  const link = ApolloLink.split(
    ({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION,
    new GraphQLWsLink(ws),
    // Queries and mutations are POSTed as JSON: CSRF prevention lets them through with no extra header.
    new HttpLink({ uri: url }),
  );
  return { client: new ApolloClient({ link, cache: new InMemoryCache() }), ws };
}
