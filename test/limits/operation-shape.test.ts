/**
 * Depth, aliases, tokens, cost and page size are limited on every transport: the same operation is refused over HTTP
 * and over graphql-ws, before anything runs, with BAD_USER_INPUT naming the limit's variable in `extensions.limit`. A
 * page size beyond MAX_PAGE_SIZE is refused by its own field (before it reads anything), so its siblings answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { wsClient, wsExecute, type WsAnswer } from './support.js';

const MAX_DEPTH = 5;
let e2e: E2E;
// A generous hook timeout: starting the sandbox and the server takes most of it on a busy machine.
beforeAll(async () => {
  // Every other limit keeps its default, so these tests also pin the defaults against the shapes the issue found.
  e2e = await startE2E({ env: { MAX_QUERY_DEPTH: String(MAX_DEPTH) } });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

type Transport = 'HTTP' | 'graphql-ws';

/** Sends one operation over the transport; the answer's errors, and the HTTP status where there is one. */
async function send(transport: Transport, query: string, variables?: Record<string, unknown>): Promise<WsAnswer & { status?: number }> {
  if (transport === 'HTTP') return e2e.gql(query, variables);
  const client = wsClient(e2e.server.url);
  try {
    return await wsExecute(client, query, variables);
  } finally {
    await client.dispose();
  }
}

async function expectRefused(transport: Transport, limit: string, query: string, variables?: Record<string, unknown>): Promise<string> {
  e2e.sandbox.resetStats();
  const answer = await send(transport, query, variables);
  expect(answer.errors, JSON.stringify(answer)).toHaveLength(1);
  const error = answer.errors![0]!;
  expect(error.extensions?.code).toBe('BAD_USER_INPUT');
  expect(error.extensions?.limit).toBe(limit);
  expect(error.message).toContain(limit);
  expect(answer.data ?? null).toBeNull();
  if (transport === 'HTTP') expect(answer.status).toBe(400);
  expect(e2e.upstreamBusinessCalls()).toBe(0);
  return error.message;
}

const filter = '{ carriers: [CARRIER_B] }';

describe.each<Transport>(['HTTP', 'graphql-ws'])('operation limits over %s', (transport) => {
  it('the ~200 KB document of 1,000 aliased statusChanges pages is refused by MAX_QUERY_TOKENS while it is read', async () => {
    const fields = Array.from(
      { length: 1_000 },
      (_, k) => `page${k}: statusChanges(filter: ${filter}, first: 1000) { edges { cursor node { id trackingNumber recordedAt status { status nativeCode nativeText } } } }`,
    );
    const query = `{ ${fields.join('\n')} }`;
    expect(query.length).toBeGreaterThan(150_000);
    await expectRefused(transport, 'MAX_QUERY_TOKENS', query);
  });

  it('101 aliases are refused by MAX_QUERY_ALIASES (default 100), counted through fragments', async () => {
    const page = (k: number) => `a${k}: statusChanges(filter: ${filter}, first: 1) { pageInfo { hasNextPage } }`;
    const query = `{ ${Array.from({ length: 60 }, (_, k) => page(k)).join('\n')} ...More }
      fragment More on Query { ${Array.from({ length: 41 }, (_, k) => page(60 + k)).join('\n')} }`;
    const message = await expectRefused(transport, 'MAX_QUERY_ALIASES', query);
    expect(message).toContain('101 aliases');
  });

  it('every alias counts, __typename included: 101 __typename aliases are refused by MAX_QUERY_ALIASES', async () => {
    const typenames = (from: number, n: number) => Array.from({ length: n }, (_, k) => `t${from + k}: __typename`).join(' ');
    const message = await expectRefused(transport, 'MAX_QUERY_ALIASES', `{ ${typenames(0, 60)} ...More } fragment More on Query { ${typenames(60, 41)} }`);
    expect(message).toContain('101 aliases');
    // An alias named `__typename` over another field counts too.
    await expectRefused(
      transport,
      'MAX_QUERY_ALIASES',
      `{ __typename: watches(first: 1) { pageInfo { hasNextPage } } ${typenames(0, 100)} }`,
    );
    // At the limit it is served, and `__typename` without an alias (what a router adds to every selection) never counts.
    const atLimit = await send(transport, `{ ${typenames(0, 100)} __typename watches(first: 1) { __typename pageInfo { __typename hasNextPage } } }`);
    expect(atLimit.errors, JSON.stringify(atLimit)).toBeUndefined();
    expect((atLimit.data as Record<string, unknown>)['t99']).toBe('Query');
  });

  it(`a selection ${MAX_DEPTH + 1} levels deep is refused by MAX_QUERY_DEPTH (${MAX_DEPTH} here), before any lookup`, async () => {
    await expectRefused(
      transport,
      'MAX_QUERY_DEPTH',
      `{ shipment(carrier: CARRIER_B, trackingNumber: "100000000013") { pieces { events { location { address { streetLines } } } } } }`,
    );
  });

  it('cost is priced on the page sizes as executed: 30 pages of first: $n = 500 exceed MAX_QUERY_COST', async () => {
    const query = `query($n: Int!) { ${Array.from(
      { length: 30 },
      (_, k) => `p${k}: statusChanges(filter: ${filter}, first: $n) { edges { node { id trackingNumber status { status nativeCode } } } }`,
    ).join('\n')} }`;
    await expectRefused(transport, 'MAX_QUERY_COST', query, { n: 500 });
    // The same operation with small pages is served.
    const small = await send(transport, query, { n: 2 });
    expect(small.errors).toBeUndefined();
  });

  it('a page larger than MAX_PAGE_SIZE (default 500) is refused by its own field before it reads anything, naming the argument; its siblings answer', async () => {
    e2e.sandbox.resetStats();
    const answer = await send(
      transport,
      `query($n: Int) { statusChanges(filter: ${filter}, first: $n) { edges { node { shipment { id } } } } watches(first: 1) { pageInfo { hasNextPage } } }`,
      { n: 501 },
    );
    expect(answer.errors, JSON.stringify(answer)).toHaveLength(1);
    const error = answer.errors![0]!;
    expect((error as { path?: unknown }).path).toEqual(['statusChanges']);
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 'MAX_PAGE_SIZE', field: 'first', max: 500 });
    expect(error.message).toContain('MAX_PAGE_SIZE');
    expect((answer.data as any).statusChanges).toBeNull();
    expect((answer.data as any).watches.pageInfo).toEqual({ hasNextPage: false });
    expect(e2e.upstreamBusinessCalls()).toBe(0);
    const literal = (await send(transport, `{ watches(first: 100000) { pageInfo { hasNextPage } } }`)).errors![0]!;
    expect(literal.extensions?.limit).toBe('MAX_PAGE_SIZE');
    expect(literal.extensions?.field).toBe('first');
  });
});

it('every alias counts over HTTP GET too: 101 __typename aliases are refused by MAX_QUERY_ALIASES', async () => {
  const query = `{ ${Array.from({ length: 101 }, (_, k) => `t${k}: __typename`).join(' ')} }`;
  const response = await fetch(`${e2e.server.url}?query=${encodeURIComponent(query)}`, { headers: { 'apollo-require-preflight': 'true' } });
  const answer = (await response.json()) as { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
  expect(answer.errors?.[0]?.extensions?.['limit'], JSON.stringify(answer)).toBe('MAX_QUERY_ALIASES');
  expect(response.status).toBe(400);
});
