/**
 * The README's client setups, run as written: examples/apollo-client.ts and examples/urql.ts are the README's code
 * blocks (checked character for character), each used against a started subgraph over real HTTP and graphql-ws for a
 * query, a mutation answering `userErrors`, and a subscription resumed with its cursor after a disconnect with no gap.
 */
import { readFileSync } from 'node:fs';
import { gql } from '@apollo/client';
import { Client as UrqlClient, cacheExchange, fetchExchange } from '@urql/core';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApolloClient } from '../../examples/apollo-client.js';
import { createUrqlClient } from '../../examples/urql.js';
import { changeInput } from '../realtime/fixtures.js';
import { startRealtimeServer, type RealtimeServer } from '../realtime/support.js';
import { waitFor } from '../support/wait-for.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const example = (name: string) => readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8');

const QUERY = `query OneShipment { shipment(carrier: CARRIER_B, trackingNumber: "123456789013") { id trackingNumber status { status } } }`;
/** A bad field: a tracking number with a space and `!` (letters, digits and `-` only). */
const MUTATION = `mutation WatchBadNumber {
  watchShipment(input: { carrier: CARRIER_B, trackingNumber: "not a number!" }) { watch { id } userErrors { field code message } }
}`;
const SUBSCRIPTION = `subscription Changes($filter: StatusChangeFilter!, $cursor: String) {
  shipmentStatusChanged(filter: $filter, cursor: $cursor) { id cursor trackingNumber status { status } }
}`;

interface Change {
  cursor: string;
}

/** What a client needs to do for the three checks, whichever library it is. */
interface Harness {
  query(): Promise<any>;
  mutate(): Promise<any>;
  /** Subscribes with this cursor; returns what arrives and how to stop. */
  subscribe(trackingNumber: string, cursor: string | null): { received: Change[]; errors: unknown[]; stop(): void };
  /** Drops the WebSocket (as a network loss would). */
  disconnect(): Promise<void>;
  close(): Promise<void>;
}

let rt: RealtimeServer;
beforeAll(async () => {
  rt = await startRealtimeServer();
});
afterAll(async () => {
  await rt?.close();
});

function apolloHarness(): Harness {
  const { client, ws } = createApolloClient(rt.server.url, { webSocketImpl: WebSocket });
  return {
    query: async () => (await client.query({ query: gql(QUERY), fetchPolicy: 'network-only' })).data,
    mutate: async () => (await client.mutate({ mutation: gql(MUTATION) })).data,
    subscribe(trackingNumber, cursor) {
      const out = { received: [] as Change[], errors: [] as unknown[], stop: () => undefined as void };
      const sub = client.subscribe({ query: gql(SUBSCRIPTION), variables: { filter: { trackingNumbers: [trackingNumber] }, cursor } }).subscribe({
        next: (result) => {
          if (result.error) out.errors.push(result.error);
          if (result.data) out.received.push((result.data as { shipmentStatusChanged: Change }).shipmentStatusChanged);
        },
        error: (error) => out.errors.push(error),
      });
      out.stop = () => sub.unsubscribe();
      return out;
    },
    disconnect: () => ws.dispose() as Promise<void>,
    close: async () => {
      client.stop();
      await ws.dispose();
    },
  };
}

function urqlHarness(): Harness {
  const { client, ws } = createUrqlClient(rt.server.url, { webSocketImpl: WebSocket });
  return {
    query: async () => {
      const result = await client.query(QUERY, {}, { requestPolicy: 'network-only' }).toPromise();
      if (result.error) throw result.error;
      return result.data;
    },
    mutate: async () => {
      const result = await client.mutation(MUTATION, {}).toPromise();
      if (result.error) throw result.error;
      return result.data;
    },
    subscribe(trackingNumber, cursor) {
      const out = { received: [] as Change[], errors: [] as unknown[], stop: () => undefined as void };
      const sub = client.subscription(SUBSCRIPTION, { filter: { trackingNumbers: [trackingNumber] }, cursor }).subscribe((result) => {
        if (result.error) out.errors.push(result.error);
        if (result.data) out.received.push((result.data as { shipmentStatusChanged: Change }).shipmentStatusChanged);
      });
      out.stop = () => sub.unsubscribe();
      return out;
    },
    disconnect: () => ws.dispose() as Promise<void>,
    close: async () => {
      await ws.dispose();
    },
  };
}

describe.each([
  ['Apollo Client', 'apollo-client.ts', apolloHarness],
  ['urql', 'urql.ts', urqlHarness],
] as const)('%s set up as the README shows', (_name, file, harnessOf) => {
  it('the README shows this setup exactly as the suite runs it', () => {
    expect(README).toContain(`\`\`\`ts\n${example(file)}\`\`\``);
  });

  it('runs a query over HTTP', async () => {
    const client = harnessOf();
    try {
      const data = await client.query();
      expect(data.shipment).toMatchObject({ trackingNumber: '123456789013', status: { status: 'IN_TRANSIT' } });
    } finally {
      await client.close();
    }
  });

  it('runs a mutation whose bad field comes back in userErrors', async () => {
    const client = harnessOf();
    try {
      const data = await client.mutate();
      expect(data.watchShipment.watch).toBeNull();
      expect(data.watchShipment.userErrors[0]).toMatchObject({ code: 'BAD_USER_INPUT' });
      expect(data.watchShipment.userErrors[0].field).toContain('trackingNumber');
    } finally {
      await client.close();
    }
  });

  it('resumes a subscription with its cursor after a disconnect, with no gap and no duplicate', async () => {
    const trackingNumber = `CLIENT-${file.replace(/\W/g, '')}`;
    const first = harnessOf();
    // From the log's current end: what is appended while the subscription starts is replayed, never lost.
    const live = first.subscribe(trackingNumber, (await rt.log.latestCursor()) ?? '0');
    const before = [await rt.append(changeInput({ trackingNumber })), await rt.append(changeInput({ trackingNumber }))];
    await waitFor(() => live.received.length >= 2);
    expect(live.received.map((c) => c.cursor)).toEqual(before);
    const last = live.received.at(-1)!.cursor;
    await first.disconnect();
    await first.close();

    const missed = [await rt.append(changeInput({ trackingNumber })), await rt.append(changeInput({ trackingNumber }))];
    const second = harnessOf();
    try {
      const resumed = second.subscribe(trackingNumber, last);
      await waitFor(() => resumed.received.length >= 2);
      const after = await rt.append(changeInput({ trackingNumber }));
      await waitFor(() => resumed.received.length >= 3);
      expect(resumed.errors).toEqual([]);
      expect(resumed.received.map((c) => c.cursor)).toEqual([...missed, after]);
      resumed.stop();
    } finally {
      await second.close();
    }
  });
});

describe('CSRF prevention and urql', () => {
  it("urql's default GET queries are refused by CSRF prevention; the README's setup (POST) is not", async () => {
    const defaults = new UrqlClient({ url: rt.server.url, exchanges: [cacheExchange, fetchExchange] });
    const refused = await defaults.query(QUERY, {}).toPromise();
    expect(refused.error?.response?.status).toBe(400);
    expect(String(refused.error?.message)).toMatch(/apollo-require-preflight|CSRF|preflight/i);
    const withHeader = new UrqlClient({
      url: rt.server.url,
      exchanges: [cacheExchange, fetchExchange],
      fetchOptions: { headers: { 'apollo-require-preflight': 'true' } },
    });
    const allowed = await withHeader.query(QUERY, {}).toPromise();
    expect(allowed.error).toBeUndefined();
    expect(allowed.data.shipment.trackingNumber).toBe('123456789013');
  });
});
