// examples/urql.ts: urql (@urql/core 6) against the subgraph (or a router: give the router's URL).
import { Client, cacheExchange, fetchExchange, subscriptionExchange } from '@urql/core';
import { createClient, type Client as WsClient } from 'graphql-ws';

export function createUrqlClient(
  url: string,
  options: { webSocketImpl?: unknown } = {},
): { client: Client; ws: WsClient } {
  const ws = createClient({ url: url.replace(/^http/, 'ws'), webSocketImpl: options.webSocketImpl });
  const client = new Client({
    url,
    // urql sends queries as GET by default. A GET with no custom header is what a cross-site form or <img> can send, so
    // CSRF prevention refuses it (400). POST as JSON instead; or keep GET and send the header Apollo asks for:
    // fetchOptions: { headers: { 'apollo-require-preflight': 'true' } }.
    preferGetMethod: false,
    exchanges: [
      cacheExchange,
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({ unsubscribe: ws.subscribe({ ...request, query: request.query ?? '' }, sink) }),
        }),
      }),
    ],
  });
  return { client, ws };
}
