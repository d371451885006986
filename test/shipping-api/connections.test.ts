/**
 * Lists that grow are Relay connections with the server's page cap: `untenderedLabels`, `shipmentsByOrder.labels` and
 * `shipmentsByReference` page with `first`/`after` (each item once, in order, over more items than a page), and a
 * `first` beyond MAX_PAGE_SIZE is refused naming `first` before the field reads anything (that field null). Real HTTP
 * to the server and simulators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { carrierBShipment, createShipment } from './support.js';

const MAX_PAGE_SIZE = 5;
const ORDER = 'ORDER-PAGED-1';
let e2e: E2E;
const bought: string[] = [];

beforeAll(async () => {
  e2e = await startE2E({ env: { MAX_PAGE_SIZE: String(MAX_PAGE_SIZE) } });
  for (const key of ['page-1', 'page-2', 'page-3']) {
    const answer = await createShipment(e2e, carrierBShipment(key, { orderId: ORDER }));
    expect(answer.data.createShipment.userErrors).toEqual([]);
    bought.push(answer.data.createShipment.purchase.label.id);
  }
});
afterAll(async () => {
  await e2e?.close();
});

type Page = { edges: Array<{ cursor: string; node: { id: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

/** Every page of a connection at `first: 2`, following `endCursor`; `pick` finds the connection in an answer. */
async function pageThrough(query: string, pick: (data: any) => Page): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: string | null = null;
  let pages = 0;
  for (;;) {
    const answer = await e2e.gql(query, { first: 2, after });
    expect(answer.errors).toBeUndefined();
    const page = pick(answer.data);
    pages += 1;
    expect(page.edges.length).toBeLessThanOrEqual(2);
    ids.push(...page.edges.map((e) => e.node.id));
    if (!page.pageInfo.hasNextPage) return { ids, pages };
    expect(page.pageInfo.endCursor).toBe(page.edges.at(-1)!.cursor);
    after = page.pageInfo.endCursor;
  }
}

const PAGE = 'edges { cursor node { id } } pageInfo { hasNextPage endCursor }';

describe('connections for lists that grow', () => {
  it('untenderedLabels pages through more labels than a page, oldest first, each once', async () => {
    const { ids, pages } = await pageThrough(
      `query($first: Int, $after: String) { untenderedLabels(carrier: CARRIER_B, first: $first, after: $after) { ${PAGE} } }`,
      (d) => d.untenderedLabels,
    );
    expect(pages).toBe(2);
    expect(ids).toEqual(bought);
  });

  it('shipmentsByOrder.labels pages through the order\'s labels, newest first, each once', async () => {
    const { ids, pages } = await pageThrough(
      `query($first: Int, $after: String) { shipmentsByOrder(orderId: "${ORDER}") { labels(first: $first, after: $after) { ${PAGE} } } }`,
      (d) => d.shipmentsByOrder.labels,
    );
    expect(pages).toBe(2);
    expect(ids).toEqual([...bought].reverse());
  });

  it('shipmentsByReference pages through the shipments of an order, each once', async () => {
    const all = await e2e.gql(`{ shipmentsByReference(input: { carrier: CARRIER_B, value: "ORDER-1235" }) { ${PAGE} } }`);
    expect(all.errors).toBeUndefined();
    const everything = all.data.shipmentsByReference.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(everything.length).toBeGreaterThan(2);
    const { ids } = await pageThrough(
      `query($first: Int, $after: String) { shipmentsByReference(input: { carrier: CARRIER_B, value: "ORDER-1235" }, first: $first, after: $after) { ${PAGE} } }`,
      (d) => d.shipmentsByReference,
    );
    expect(ids).toEqual(everything);
  });

  it.each([
    ['untenderedLabels', `{ untenderedLabels(first: ${MAX_PAGE_SIZE + 1}) { edges { node { id } } } }`, (d: any) => d.untenderedLabels],
    ['shipmentsByOrder.labels', `{ shipmentsByOrder(orderId: "${ORDER}") { labels(first: ${MAX_PAGE_SIZE + 1}) { edges { node { id } } } } }`, (d: any) => d.shipmentsByOrder.labels],
    ['shipmentsByReference', `{ shipmentsByReference(input: { value: "${ORDER}" }, first: ${MAX_PAGE_SIZE + 1}) { edges { node { id } } } }`, (d: any) => d.shipmentsByReference],
  ])('%s refuses a first beyond MAX_PAGE_SIZE naming first (that field is null)', async (_name, query, page) => {
    const answer = await e2e.gql(query);
    expect(answer.errors).toHaveLength(1);
    expect(page(answer.data)).toBeNull();
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 'MAX_PAGE_SIZE', field: 'first' });
    expect(answer.errors?.[0]?.message).toContain(`at most ${MAX_PAGE_SIZE}`);
  });

  it('a cursor of another list is refused naming after', async () => {
    const labels = await e2e.gql(`{ labels(first: 1) { pageInfo { endCursor } } }`);
    const cursor = labels.data.labels.pageInfo.endCursor;
    const answer = await e2e.gql(`query($after: String) { untenderedLabels(after: $after) { edges { node { id } } } }`, { after: cursor });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(answer.errors?.[0]?.message).toContain('after');
  });
});
