/**
 * shipmentStatusChanged over graphql-ws on /graphql, against a started subgraph: replay after a cursor then live with
 * no gap and no duplicate at the seam, reconnect with a cursor, filters, bad input, and across replicas on one
 * PostgreSQL via LISTEN/NOTIFY.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { createPostgresTestDatabase } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';
import { changeInput } from './fixtures.js';
import { startRealtimeServer, subscribe, wsClient, type RealtimeServer } from './support.js';

const cursorsOf = (items: { cursor: string }[]) => items.map((i) => i.cursor);

describe('shipmentStatusChanged over graphql-ws', () => {
  let rt: RealtimeServer;
  const clients: Client[] = [];
  const client = () => {
    const c = wsClient(rt.wsUrl);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    rt = await startRealtimeServer();
  });

  // Stopping is asynchronous over the socket: each rule starts with no subscriber left from the one before.
  beforeEach(async () => {
    await waitFor(() => rtSubscriberCount(rt) === 0);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    await rt?.close();
  });

  it('replays what was recorded after the cursor, then continues live with no gap and no duplicate at the seam', async () => {
    const trackingNumber = 'SEAM-WS-1';
    const start = (await rt.log.latestCursor()) ?? '0';
    const appended: string[] = [];
    for (let i = 0; i < 40; i += 1) appended.push(await rt.append(changeInput({ trackingNumber })));
    const sub = subscribe(client(), { filter: { trackingNumbers: [trackingNumber] }, cursor: start });
    // Appends race the replay: some land in the replay, some arrive live, some both (and must be sent once).
    for (let i = 0; i < 40; i += 1) appended.push(await rt.append(changeInput({ trackingNumber })));
    await waitFor(() => sub.received.length >= appended.length);
    await new Promise((r) => setTimeout(r, 100));
    expect(sub.errors).toEqual([]);
    expect(cursorsOf(sub.received)).toEqual(appended);
    sub.stop();
  });

  it('a subscriber that reconnects with its cursor misses nothing', async () => {
    const trackingNumber = 'RECONNECT-1';
    const first = client();
    const sub = subscribe(first, { filter: { trackingNumbers: [trackingNumber] } });
    await waitFor(() => rtSubscriberCount(rt) === 1);
    const live = [await rt.append(changeInput({ trackingNumber })), await rt.append(changeInput({ trackingNumber }))];
    await waitFor(() => sub.received.length === 2);
    expect(cursorsOf(sub.received)).toEqual(live);
    await first.dispose();
    const missed = [await rt.append(changeInput({ trackingNumber })), await rt.append(changeInput({ trackingNumber }))];
    const resumed = subscribe(client(), { filter: { trackingNumbers: [trackingNumber] }, cursor: sub.received.at(-1)!.cursor });
    await waitFor(() => resumed.received.length === 2);
    const after = await rt.append(changeInput({ trackingNumber }));
    await waitFor(() => resumed.received.length === 3);
    expect(cursorsOf(resumed.received)).toEqual([...missed, after]);
    resumed.stop();
  });

  it('filters by tracking numbers, carriers and reference', async () => {
    const byNumber = subscribe(client(), { filter: { trackingNumbers: ['FILTER-WS-A'] } });
    const byCarrier = subscribe(client(), { filter: { carriers: ['CARRIER_B'] } });
    const byReference = subscribe(client(), { filter: { reference: 'order-ws-9' } });
    await waitFor(() => rtSubscriberCount(rt) === 3);
    await rt.append(changeInput({ trackingNumber: 'FILTER-WS-A' }));
    await rt.append(changeInput({ trackingNumber: 'FILTER-WS-B', carrier: 'CARRIER_B', division: null, shipmentId: 'CARRIER_B:-:FILTER-WS-B' }));
    await rt.append(changeInput({ trackingNumber: 'FILTER-WS-C', references: [{ type: 'ORDER', value: 'order-ws-9', scope: null }] }));
    const last = await rt.append(changeInput({ trackingNumber: 'FILTER-WS-A', carrier: 'GROUP_A' }));
    await waitFor(() => byNumber.received.some((c) => c.cursor === last));
    await new Promise((r) => setTimeout(r, 100));
    expect(byNumber.received.map((c) => c.trackingNumber)).toEqual(['FILTER-WS-A', 'FILTER-WS-A']);
    expect(byCarrier.received.map((c) => c.trackingNumber)).toEqual(['FILTER-WS-B']);
    expect(byReference.received.map((c) => c.trackingNumber)).toEqual(['FILTER-WS-C']);
    // The subscriber sees which reference matched.
    expect(byReference.received[0]?.references).toEqual([{ type: 'ORDER', value: 'order-ws-9', scope: null }]);
    for (const s of [byNumber, byCarrier, byReference]) s.stop();
  });

  it('an unknown or malformed cursor is refused with BAD_USER_INPUT on cursor, leaving stored state unchanged', async () => {
    const before = await storedState(rt);
    const latest = (await rt.log.latestCursor()) ?? '0';
    for (const cursor of [`${BigInt(latest) + 1000n}`, 'not-a-cursor']) {
      const sub = subscribe(client(), { filter: { trackingNumbers: ['ANY-1'] }, cursor });
      await waitFor(() => sub.errors.length > 0);
      expect(sub.errors[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'cursor' });
      expect(sub.received).toEqual([]);
    }
    expect(await storedState(rt)).toEqual(before);
    expect(rtSubscriberCount(rt)).toBe(0);
  });

  it('an empty filter is refused with BAD_USER_INPUT on filter, leaving stored state unchanged', async () => {
    const before = await storedState(rt);
    for (const filter of [{}, { trackingNumbers: [], carriers: [] }, { reference: '  ' }]) {
      const sub = subscribe(client(), { filter });
      await waitFor(() => sub.errors.length > 0);
      expect(sub.errors[0]?.extensions, JSON.stringify(filter)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter' });
    }
    expect(await storedState(rt)).toEqual(before);
  });

  it('statusChanges reads the log as pages after a cursor, with the same validation', async () => {
    const trackingNumber = 'PAGED-1';
    const start = (await rt.log.latestCursor()) ?? '0';
    const appended = [];
    for (let i = 0; i < 5; i += 1) appended.push(await rt.append(changeInput({ trackingNumber })));
    const query = `query($filter: StatusChangeFilter!, $after: String, $first: Int) {
      statusChanges(filter: $filter, after: $after, first: $first) { edges { cursor node { cursor trackingNumber recordedAt status { status } } } }
    }`;
    const post = async (variables: Record<string, unknown>) => {
      const res = await fetch(rt.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
      const answer = (await res.json()) as { data?: { statusChanges: null | { edges: { node: { cursor: string } }[] } }; errors?: { extensions: Record<string, unknown> }[] };
      return { ...answer, changes: answer.data?.statusChanges?.edges.map((edge) => edge.node) ?? [] };
    };
    const page1 = await post({ filter: { trackingNumbers: [trackingNumber] }, after: start, first: 3 });
    const page2 = await post({ filter: { trackingNumbers: [trackingNumber] }, after: page1.changes.at(-1)?.cursor, first: 3 });
    expect([...cursorsOf(page1.changes), ...cursorsOf(page2.changes)]).toEqual(appended);
    expect((await post({ filter: {} })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'filter' });
    expect((await post({ filter: { trackingNumbers: ['x'] }, after: '1x' })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
  });

  it('serves Apollo Router\'s HTTP callback protocol: check, then each change as a next message to the callback URL', async () => {
    const trackingNumber = 'CALLBACK-1';
    const messages: Array<{ action: string; id: string; verifier: string; payload?: { data?: { shipmentStatusChanged?: { cursor: string } } } }> = [];
    const router = createServer(async (req, res) => {
      const body = JSON.parse(await readBody(req)) as (typeof messages)[number];
      messages.push(body);
      res.writeHead(body.action === 'check' ? 204 : 200, { 'subscription-protocol': 'callback/1.0' }).end();
    });
    await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
    try {
      const callbackUrl = `http://127.0.0.1:${(router.address() as AddressInfo).port}/callback/sub-1`;
      const res = await fetch(rt.server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json;callbackSpec=1.0' },
        body: JSON.stringify({
          query: 'subscription($filter: StatusChangeFilter!) { shipmentStatusChanged(filter: $filter) { cursor trackingNumber } }',
          variables: { filter: { trackingNumbers: [trackingNumber] } },
          extensions: { subscription: { callbackUrl, subscriptionId: 'sub-1', verifier: 'v-1', heartbeatIntervalMs: 0 } },
        }),
      });
      expect(res.status).toBe(200);
      expect(messages[0]).toMatchObject({ action: 'check', id: 'sub-1', verifier: 'v-1' });
      await waitFor(() => rtSubscriberCount(rt) === 1);
      const cursor = await rt.append(changeInput({ trackingNumber }));
      await waitFor(() => messages.some((m) => m.action === 'next'));
      expect(messages.find((m) => m.action === 'next')?.payload?.data?.shipmentStatusChanged).toEqual({ cursor, trackingNumber });
    } finally {
      router.closeAllConnections();
      await new Promise((resolve) => router.close(resolve));
    }
  });
});

describe('across replicas on one PostgreSQL', () => {
  let a: RealtimeServer;
  let b: RealtimeServer;
  let subscriberClient: Client;

  beforeAll(async () => {
    const databaseUrl = await createPostgresTestDatabase();
    // The feed's safety-net read of the log is put out of reach (10 minutes): whatever reaches b's subscriber within
    // the test came by LISTEN/NOTIFY, however slow the machine.
    const env = { STATUS_FEED_POLL_INTERVAL_MS: '600000' };
    a = await startRealtimeServer({ databaseUrl, env });
    b = await startRealtimeServer({ databaseUrl, env });
    subscriberClient = wsClient(b.wsUrl);
  });

  afterAll(async () => {
    await subscriberClient?.dispose();
    await Promise.all([a?.close(), b?.close()]);
  });

  it('a change recorded by one server reaches a subscriber of the other via LISTEN/NOTIFY', async () => {
    const trackingNumber = 'XREPLICA-WS-1';
    const sub = subscribe(subscriberClient, { filter: { trackingNumbers: [trackingNumber] } });
    await waitFor(() => rtSubscriberCount(b) > 0);
    const cursor = await a.append(changeInput({ trackingNumber }));
    await waitFor(() => sub.received.length === 1, { timeoutMs: 10_000 });
    expect(cursorsOf(sub.received)).toEqual([cursor]);
    sub.stop();
  });
});

function rtSubscriberCount(rt: RealtimeServer): number {
  return rt.server.statusFeed?.subscriberCount ?? 0;
}

async function storedState(rt: RealtimeServer): Promise<unknown> {
  const changes = await rt.server.store.query('SELECT count(*)::int AS n, max(cursor)::text AS latest FROM status_changes');
  const latest = await rt.server.store.query('SELECT count(*)::int AS n FROM shipment_latest');
  return { changes: changes.rows, latest: latest.rows };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
