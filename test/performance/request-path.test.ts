/**
 * Issue 12 item 2 made the per-request path cheaper: limit verdicts remembered per parsed document, a direct access
 * line, a lazily armed deadline, `cache-control: no-store` without Apollo's per-field policy. These are the rules
 * those shortcuts must keep (they held before; each would break if the shortcut were wrong).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { memoryLogger } from '../observability/support.js';
import { deadlineFromNow } from '../../src/graphql/context-factory.js';

const logs = memoryLogger('info');
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ logger: logs.logger, env: { MAX_QUERY_DEPTH: '5', MAX_PAGE_SIZE: '50' } });
}, 120_000);
afterAll(async () => e2e?.close());

const DEEP = '{ shipment(carrier: CARRIER_B, trackingNumber: "100000000013") { pieces { events { location { address { streetLines } } } } } }';
const PAGE = 'query Page($n: Int!) { statusChanges(filter: { carriers: [CARRIER_B] }, first: $n) { edges { cursor } } }';

describe('limits checked once per document still hold on every request', () => {
  it('the same over-limit document sent three times is refused all three times, naming the limit, before any lookup', async () => {
    e2e.sandbox.resetStats();
    for (let i = 0; i < 3; i++) {
      const answer = await e2e.gql(DEEP);
      expect(answer.status).toBe(400);
      expect(answer.errors).toHaveLength(1);
      expect(answer.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 'MAX_QUERY_DEPTH' });
    }
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it("an operation with variables is judged on each request's values: first: $n = 5 passes, the same document with 51 is refused", async () => {
    const small = await e2e.gql(PAGE, { n: 5 });
    expect(small.errors).toBeUndefined();
    const large = await e2e.gql(PAGE, { n: 51 });
    expect(large.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 'MAX_PAGE_SIZE' });
    const smallAgain = await e2e.gql(PAGE, { n: 5 });
    expect(smallAgain.errors).toBeUndefined();
  });
});

describe('HTTP answers', () => {
  it('every GraphQL answer says cache-control: no-store (POST, GET, and a refusal)', async () => {
    const post = await fetch(e2e.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(post.headers.get('cache-control')).toBe('no-store');
    expect(await post.json()).toEqual({ data: { __typename: 'Query' } });
    const get = await fetch(`${e2e.server.url}?query=${encodeURIComponent('{ __typename }')}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(get.headers.get('cache-control')).toBe('no-store');
    const refused = await fetch(e2e.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: DEEP }) });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });

  it('one access line per request: method, path without the query string, status, time and request id; none for /healthz', async () => {
    const before = logs.lines().length;
    await fetch(`${e2e.server.url}?query=${encodeURIComponent('{ __typename }')}`, { headers: { 'apollo-require-preflight': 'true', 'x-request-id': 'access-line-1' } });
    await fetch(e2e.server.url.replace(/\/graphql$/, '/healthz'), { headers: { 'x-request-id': 'probe-1' } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const written = logs.lines().slice(before).filter((line) => line['msg'] === 'request completed');
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: 30, requestId: 'access-line-1', req: { method: 'GET', path: '/graphql' }, res: { statusCode: 200 } });
    expect(typeof written[0]!['responseTime']).toBe('number');
    expect(JSON.stringify(written[0])).not.toContain('__typename');
  });
});

describe("a request's deadline (REQUEST_DEADLINE_MS)", () => {
  it('counts from the request start even when first read later: read after it passed, it is already aborted', () => {
    let now = 1_000;
    const deadline = deadlineFromNow(50, () => now);
    now += 60;
    expect(deadline.signal.aborted).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('read while time is left, it is not yet aborted', () => {
    let now = 1_000;
    const deadline = deadlineFromNow(50, () => now);
    now += 20;
    expect(deadline.signal.aborted).toBe(false);
  });

});
