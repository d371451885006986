// Child process of bench/realtime-delivery.ts: N graphql-ws subscribers, each on its own WebSocket, all subscribed to
// one tracking number. Kept out of the server's process so that its RSS counts the server's cost per subscriber only.
// Reports, for each change, every subscriber's receipt time (performance.timeOrigin + now(), the parent's clock).
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

const url = process.env.BENCH_WS_URL;
const n = Number(process.env.BENCH_SUBSCRIBERS);
const trackingNumber = process.env.BENCH_TRACKING_NUMBER;
const query = `subscription($filter: StatusChangeFilter!) { shipmentStatusChanged(filter: $filter) { cursor } }`;
const receipts = new Map();
const clients = [];
const unsubscribes = [];

for (let i = 0; i < n; i += 1) {
  const client = createClient({ url, webSocketImpl: WebSocket, retryAttempts: 0, lazy: true });
  clients.push(client);
  unsubscribes.push(
    client.subscribe(
      { query, variables: { filter: { trackingNumbers: [trackingNumber] } } },
      {
        next: (result) => {
          const at = performance.timeOrigin + performance.now();
          const cursor = result.data?.shipmentStatusChanged?.cursor;
          if (!cursor) {
            process.send?.({ error: JSON.stringify(result.errors ?? result) });
            return;
          }
          const times = receipts.get(cursor) ?? [];
          times.push(at);
          receipts.set(cursor, times);
          if (times.length === n) {
            receipts.delete(cursor);
            process.send?.({ cursor, times });
          }
        },
        error: (error) => process.send?.({ error: error instanceof Error ? error.message : JSON.stringify(error) }),
        complete: () => undefined,
      },
    ),
  );
  // Open the sockets in small steps rather than 1,000 handshakes at once.
  if (i % 50 === 49) await new Promise((resolve) => setTimeout(resolve, 10));
}
process.send?.({ opened: n });

process.on('message', async (message) => {
  if (message?.stop) {
    for (const unsubscribe of unsubscribes) unsubscribe();
    await Promise.all(clients.map((client) => client.dispose()));
    process.exit(0);
  }
});
