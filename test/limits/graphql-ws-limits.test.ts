/**
 * graphql-ws's own limits, each set by its variable: the time to send connection_init, the largest message, and the
 * operations one connection may run at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { startE2E, type E2E } from '../e2e/support.js';
import { waitFor } from '../support/wait-for.js';
import { rawSocket, wsClient, wsExecute } from './support.js';

/** graphql-ws's own default for the time to send connection_init. */
const GRAPHQL_WS_DEFAULT_INIT_TIMEOUT_MS = 3_000;
// Far shorter than graphql-ws's own default, so a socket closed well before that default shows the variable is the
// one in force (and the test waits one second, not three).
const INIT_TIMEOUT_MS = 1_000;
const MAX_PAYLOAD = 20_000;
const MAX_OPERATIONS = 2;

let e2e: E2E;
// A generous hook timeout: starting the sandbox and the server takes most of it on a busy machine.
beforeAll(async () => {
  e2e = await startE2E({
    env: {
      WS_CONNECTION_INIT_TIMEOUT_MS: String(INIT_TIMEOUT_MS),
      WS_MAX_PAYLOAD_BYTES: String(MAX_PAYLOAD),
      WS_MAX_SUBSCRIPTIONS_PER_CONNECTION: String(MAX_OPERATIONS),
    },
  });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

const SUBSCRIPTION = `subscription($filter: StatusChangeFilter!) { shipmentStatusChanged(filter: $filter) { cursor } }`;

describe('graphql-ws connection limits', () => {
  it('connection_init is awaited WS_CONNECTION_INIT_TIMEOUT_MS: sent after half of it, it is acknowledged; never sent, the socket is closed 4408 after it and well before graphql-ws\'s default', async () => {
    const openedAt = Date.now();
    const [late, silent] = await Promise.all([rawSocket(e2e.server.url), rawSocket(e2e.server.url)]);
    await new Promise((resolve) => setTimeout(resolve, INIT_TIMEOUT_MS / 2));
    late.socket.send(JSON.stringify({ type: 'connection_init' }));
    await waitFor(() => late.messages.length > 0 || late.socket.readyState !== late.socket.OPEN);
    expect(late.messages).toEqual([{ type: 'connection_ack' }]);
    const closed = await silent.closed;
    const closedAfter = Date.now() - openedAt;
    expect(closed.code).toBe(4408);
    expect(closedAfter).toBeGreaterThanOrEqual(INIT_TIMEOUT_MS - 50);
    expect(closedAfter).toBeLessThan(GRAPHQL_WS_DEFAULT_INIT_TIMEOUT_MS);
    late.socket.close();
  });

  it('a message larger than WS_MAX_PAYLOAD_BYTES closes the connection with 1009 before it is read', async () => {
    const { socket, closed, messages } = await rawSocket(e2e.server.url);
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await waitFor(() => messages.length > 0);
    const padding = ' '.repeat(MAX_PAYLOAD);
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `{ __typename ${padding}}` } }));
    expect((await closed).code).toBe(1009);
    expect(messages).toEqual([{ type: 'connection_ack' }]);
  });

  it(`a third operation at once on one connection is refused naming WS_MAX_SUBSCRIPTIONS_PER_CONNECTION; once one ends, the next is served`, async () => {
    const client: Client = wsClient(e2e.server.url);
    try {
      const before = e2e.server.statusFeed?.subscriberCount ?? 0;
      const stops = [0, 1].map((k) =>
        client.subscribe({ query: SUBSCRIPTION, variables: { filter: { trackingNumbers: [`WS-LIMIT-${k}`] } } }, { next: () => undefined, error: () => undefined, complete: () => undefined }),
      );
      await waitFor(() => (e2e.server.statusFeed?.subscriberCount ?? 0) === before + MAX_OPERATIONS);
      const refused = await wsExecute(client, '{ __typename }');
      expect(refused.errors).toHaveLength(1);
      expect(refused.errors![0]!.extensions?.limit).toBe('WS_MAX_SUBSCRIPTIONS_PER_CONNECTION');
      expect(refused.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
      expect(refused.errors![0]!.message).toContain('WS_MAX_SUBSCRIPTIONS_PER_CONNECTION');
      stops[0]!();
      await waitFor(() => (e2e.server.statusFeed?.subscriberCount ?? 0) === before + MAX_OPERATIONS - 1);
      const served = await wsExecute(client, '{ __typename }');
      expect(served).toEqual({ data: { __typename: 'Query' } });
      stops[1]!();
    } finally {
      await client.dispose();
    }
  });
});
