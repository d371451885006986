/**
 * DESIGN.md "Schema principles": lists that grow without bound are Relay connections (`first`, `after`, `pageInfo`)
 * with a capped page size. statusChanges' cursors are the log's own, so a page's end is where a subscription resumes.
 * Through real HTTP and graphql-ws to a started server (sandbox on, watchers off, MAX_PAGE_SIZE=3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusLog } from '../../src/store/status-log.js';
import { carrierBNumbers } from '../e2e/support.js';
import { CREATE, startPushE2E, waitFor, type PushE2E } from '../push/support.js';
import { changeInput } from '../realtime/fixtures.js';
import { subscribe, wsClient } from '../realtime/support.js';

const MAX_PAGE_SIZE = 3;
let e2e: PushE2E;

beforeAll(async () => {
  e2e = await startPushE2E({ MAX_PAGE_SIZE: String(MAX_PAGE_SIZE), WATCHERS_ENABLED: 'false' });
});
afterAll(async () => {
  await e2e?.close();
});

interface Page<T> {
  edges: Array<{ cursor: string; node: T }>;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/** Reads a whole connection `first` at a time, returning every page. */
async function allPages<T>(field: string, query: string, variables: Record<string, unknown>, first: number): Promise<Page<T>[]> {
  const pages: Page<T>[] = [];
  let after: string | null = null;
  for (;;) {
    const answer = await e2e.gql(query, { ...variables, first, after });
    expect(answer.errors).toBeUndefined();
    const page = answer.data[field] as Page<T>;
    pages.push(page);
    if (!page.pageInfo.hasNextPage) return pages;
    after = page.pageInfo.endCursor;
    expect(pages.length).toBeLessThan(50);
  }
}

const PAGE_INFO = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';

describe('Relay connections', () => {
  it('watches pages through every watch exactly once, in the order watched, `first` at a time', async () => {
    const numbers = carrierBNumbers(5, 8100);
    const watched: string[] = [];
    for (const trackingNumber of numbers) {
      const answer = await e2e.gql(`mutation($input: WatchShipmentInput!) { watchShipment(input: $input) { watch { id } userErrors { message } } }`, {
        input: { carrier: 'CARRIER_B', trackingNumber },
      });
      expect(answer.data.watchShipment.userErrors).toEqual([]);
      watched.push(answer.data.watchShipment.watch.id);
    }
    const query = `query($first: Int, $after: String) { watches(first: $first, after: $after) { edges { cursor node { id trackingNumber } } ${PAGE_INFO} } }`;
    const pages = await allPages<{ id: string; trackingNumber: string }>('watches', query, {}, 2);
    expect(pages.map((p) => p.edges.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.pageInfo.hasNextPage)).toEqual([true, true, false]);
    expect(pages.flatMap((p) => p.edges.map((e) => e.node.id))).toEqual(watched);
    for (const page of pages) {
      expect(page.pageInfo.startCursor).toBe(page.edges[0]!.cursor);
      expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)!.cursor);
      expect(page.pageInfo.hasPreviousPage).toBe(false);
    }
  });

  it('pushSubscriptions pages through every subscription exactly once, oldest first, and keeps its state filter', async () => {
    const created: string[] = [];
    for (const subject of ['1234567890', '1234567891', '1234567893']) {
      const answer = await e2e.gql(CREATE, { input: { scope: 'TRACKING_NUMBER', subject } });
      expect(answer.data.createPushSubscription.userErrors).toEqual([]);
      created.push(answer.data.createPushSubscription.pushSubscription.id);
    }
    const query = `query($first: Int, $after: String, $state: PushSubscriptionState) {
      pushSubscriptions(first: $first, after: $after, state: $state) { edges { cursor node { id state } } ${PAGE_INFO} }
    }`;
    const pages = await allPages<{ id: string; state: string }>('pushSubscriptions', query, {}, 2);
    expect(pages.map((p) => p.edges.length)).toEqual([2, 1]);
    expect(pages.flatMap((p) => p.edges.map((e) => e.node.id))).toEqual(created);
    const deleted = await allPages<{ id: string; state: string }>('pushSubscriptions', query, { state: 'DELETED' }, 2);
    expect(deleted.flatMap((p) => p.edges)).toEqual([]);
  });

  it("statusChanges edges carry the log's cursor: endCursor continues the paging, and the subscription resumes from it with nothing missed", async () => {
    const log = new StatusLog(e2e.server.store);
    const trackingNumber = 'PAGED-CONN-1';
    const appended: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const recorded = await e2e.server.store.transaction((tx) => log.append(tx, changeInput({ trackingNumber })));
      appended.push(recorded!.cursor);
    }
    const filter = { trackingNumbers: [trackingNumber] };
    const query = `query($filter: StatusChangeFilter!, $first: Int, $after: String) {
      statusChanges(filter: $filter, first: $first, after: $after) { edges { cursor node { id cursor } } ${PAGE_INFO} }
    }`;
    const pages = await allPages<{ id: string; cursor: string }>('statusChanges', query, { filter }, 2);
    const edges = pages.flatMap((p) => p.edges);
    expect(edges.map((e) => e.cursor)).toEqual(appended);
    expect(edges.every((e) => e.node.cursor === e.cursor)).toBe(true);
    expect(new Set(edges.map((e) => e.node.id)).size).toBe(appended.length);

    // A client that read the first page subscribes from its endCursor: the rest is replayed, nothing twice.
    const client = wsClient(e2e.server.url.replace(/^http/, 'ws'));
    const sub = subscribe(client, { filter, cursor: pages[0]!.pageInfo.endCursor });
    try {
      await waitFor(async () => sub.received.length >= 3 || sub.errors.length > 0);
      expect(sub.errors).toEqual([]);
      expect(sub.received.map((c) => c.cursor)).toEqual(appended.slice(2));
    } finally {
      sub.stop();
      await client.dispose();
    }
  });

  for (const [field, args] of [
    ['statusChanges', '(filter: { trackingNumbers: ["X1"] }, first: $first)'],
    ['watches', '(first: $first)'],
    ['pushSubscriptions', '(first: $first)'],
    ['labels', '(first: $first)'],
    ['pickups', '(first: $first)'],
  ] as const) {
    it(`${field}: \`first\` above MAX_PAGE_SIZE, or below 1, is BAD_USER_INPUT naming \`first\` and the limit`, async () => {
      const query = `query($first: Int) { ${field}${args} { edges { cursor } } }`;
      const within = await e2e.gql(query, { first: MAX_PAGE_SIZE });
      expect(within.errors).toBeUndefined();
      for (const first of [MAX_PAGE_SIZE + 1, 0, -1]) {
        const answer = await e2e.gql(query, { first });
        expect(answer.errors?.[0]?.extensions?.code, `first: ${first}`).toBe('BAD_USER_INPUT');
        expect(answer.errors?.[0]?.extensions?.field, `first: ${first}`).toBe('first');
        expect(answer.errors?.[0]?.message, `first: ${first}`).toContain(String(MAX_PAGE_SIZE));
      }
    });
  }

  it('without `first`, a page holds 100 items, or MAX_PAGE_SIZE when that is lower', async () => {
    const answer = await e2e.gql(`{ watches(activeOnly: false) { edges { cursor } pageInfo { hasNextPage } } }`);
    expect(answer.errors).toBeUndefined();
    // Five watches exist (first test); the page stops at the cap.
    expect(answer.data.watches.edges).toHaveLength(MAX_PAGE_SIZE);
    expect(answer.data.watches.pageInfo.hasNextPage).toBe(true);
  });

  it('a cursor this server did not make, or one of another list, is BAD_USER_INPUT naming `after`', async () => {
    const watches = await e2e.gql(`{ watches(first: 1) { edges { cursor } } }`);
    const watchCursor = watches.data.watches.edges[0]?.cursor as string;
    expect(watchCursor).toEqual(expect.any(String));
    const forged = [
      'not-a-cursor!',
      Buffer.from('watch:ShipmentWatch:1\u0000', 'utf8').toString('base64url'),
      Buffer.from('push:\u0000', 'utf8').toString('base64url'),
      'x'.repeat(600),
    ];
    for (const after of [...forged, watchCursor]) {
      const answer = await e2e.gql(`query($after: String) { pushSubscriptions(after: $after) { edges { cursor } } }`, { after });
      expect(answer.errors?.[0]?.extensions, after.slice(0, 30)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
    }
    for (const after of forged) {
      const answer = await e2e.gql(`query($after: String) { watches(after: $after) { edges { cursor } } }`, { after });
      expect(answer.errors?.[0]?.extensions, after.slice(0, 30)).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
    }
  });
});
