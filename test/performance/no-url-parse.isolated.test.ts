import url from 'node:url';
import { syncBuiltinESMExports } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2E } from '../e2e/support.js';

// Counts url.parse calls in this test process. Installed before the server's modules load (dynamic import below), so
// both ESM importers (synced by syncBuiltinESMExports) and CJS ones that keep `url.parse` at load (parseurl) see it.
const originalParse = url.parse;
let urlParseCalls = 0;
(url as { parse: typeof url.parse }).parse = ((...args: Parameters<typeof url.parse>) => {
  urlParseCalls += 1;
  return originalParse(...args);
}) as typeof url.parse;
syncBuiltinESMExports();

let e2e: E2E;

beforeAll(async () => {
  const { startE2E } = await import('../e2e/support.js');
  e2e = await startE2E();
});

afterAll(async () => {
  await e2e?.close();
  (url as { parse: typeof url.parse }).parse = originalParse;
  syncBuiltinESMExports();
});

const QUERY = 'query Q($n: Boolean!) { __typename @include(if: $n) }';

function getUrl(query: string, variables: Record<string, unknown>): string {
  const u = new URL(e2e.server.url);
  u.searchParams.set('query', query);
  u.searchParams.set('variables', JSON.stringify(variables));
  return u.toString();
}

describe('GraphQL over HTTP without url.parse (issue 12: a deprecation stack walk per call on Node 24)', () => {
  it('a GraphQL request over POST or GET never calls url.parse', async () => {
    // Warm up once: anything done only at the first request is not per-request work.
    await e2e.gql('{ __typename }');
    const before = urlParseCalls;
    for (let i = 0; i < 20; i += 1) {
      const post = await e2e.gql(QUERY, { n: i % 2 === 0 });
      expect(post.status).toBe(200);
      const get = await fetch(getUrl(QUERY, { n: i % 2 === 1 }), { headers: { 'apollo-require-preflight': 'true' } });
      expect(get.status).toBe(200);
    }
    expect(urlParseCalls - before).toBe(0);
  });

  it('a GET with ?query=...&variables=... is executed with those variables', async () => {
    const response = await fetch(getUrl('query Q($a: Boolean!) { a: __typename @include(if: $a) b: __typename @skip(if: $a) }', { a: true }), {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { a: 'Query' } });
  });

  it('CSRF prevention refuses a simple-request GET without a preflight header', async () => {
    const response = await fetch(getUrl('{ __typename }', {}));
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/CSRF/i);
  });

  it('a malformed JSON body is a 400 with BAD_REQUEST', async () => {
    const response = await fetch(e2e.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Array<{ extensions?: { code?: string } }> };
    expect(body.errors[0]?.extensions?.code).toBe('BAD_REQUEST');
  });

  it('a POST with a query string still reads the operation from the body', async () => {
    const response = await fetch(`${e2e.server.url}?foo=bar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
