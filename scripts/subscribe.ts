/**
 * A terminal subscriber for trying the real-time API: prints every `shipmentStatusChanged` event as one JSON line.
 *   npm run subscribe -- 123456789013                 (tracking numbers)
 *   npm run subscribe -- --carrier CARRIER_B          (every change of a carrier)
 *   npm run subscribe -- 123456789013 --cursor 41     (replay what was recorded after cursor 41, then live)
 *   npm run subscribe -- 123456789013 --url ws://localhost:4100/graphql
 * The endpoint: --url, else GRAPHQL_WS_URL, else ws://localhost:$PORT/graphql (PORT as the server reads it, .env
 * included through the npm script; default 4000). With ROUTER_SHARED_SECRET set (as for the server), it is sent in
 * connection_init under ROUTER_SECRET_HEADER's name (default Router-Secret).
 */
// First: under an older Node this stops with "Node 24 is required" before graphql-ws or ws fail to load.
import '../src/platform/require-node.js';
import { parseArgs } from 'node:util';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    carrier: { type: 'string', multiple: true },
    reference: { type: 'string' },
    cursor: { type: 'string' },
    url: { type: 'string' },
  },
});
const filter: Record<string, unknown> = {};
if (positionals.length > 0) filter.trackingNumbers = positionals;
if (values.carrier) filter.carriers = values.carrier;
if (values.reference) filter.reference = values.reference;
if (Object.keys(filter).length === 0) {
  console.error('usage: npm run subscribe -- <tracking number>... [--carrier GROUP_A|CARRIER_B] [--reference R] [--cursor C] [--url ws://host:port/graphql]');
  process.exit(2);
}

// An empty variable counts as unset, as for the server.
const url = values.url || process.env.GRAPHQL_WS_URL || `ws://localhost:${process.env.PORT || 4000}/graphql`;
const secret = process.env.ROUTER_SHARED_SECRET;
const connectionParams = secret ? { [process.env.ROUTER_SECRET_HEADER || 'Router-Secret']: secret } : {};
const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, connectionParams });
const query = `subscription($filter: StatusChangeFilter!, $cursor: String) {
  shipmentStatusChanged(filter: $filter, cursor: $cursor) {
    cursor source carrier division trackingNumber
    status { status nativeCode nativeText }
    time { instant localDateTime }
    description
  }
}`;
console.error(`subscribed at ${url} to ${JSON.stringify(filter)}${values.cursor ? ` after cursor ${values.cursor}` : ''}; Ctrl-C stops`);
client.subscribe(
  { query, variables: { filter, cursor: values.cursor ?? null } },
  {
    next: (result) => console.log(JSON.stringify(result.errors ? { errors: result.errors } : result.data?.shipmentStatusChanged)),
    error: (error) => {
      console.error('subscription failed:', error instanceof Error ? error.message : JSON.stringify(error));
      process.exit(1);
    },
    complete: () => process.exit(0),
  },
);
process.on('SIGINT', () => void Promise.resolve(client.dispose()).then(() => process.exit(0)));
