/**
 * POST /graphql runs its handlers straight from node:http, without express's router (src/server/graphql-fast-path.ts),
 * and Apollo's inline trace is built only for a request that asks for one (src/graphql/inline-trace.ts). Issue 12
 * item 2. The rules: every answer is the one express's mounted stack gives, and ftv1 traces still reach a router that
 * asks. express matches paths case-insensitively, so `POST /GRAPHQL` is served by the very same handlers through
 * express's router: each request below is sent both ways and the two answers must be the same.
 */
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { memoryLogger } from '../observability/support.js';

const SECRET = 'fast-path-secret';
const HEADER = 'Router-Secret';
const logs = memoryLogger('info');
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ logger: logs.logger, env: { ROUTER_SHARED_SECRET: SECRET, ROUTER_SECRET_HEADER: HEADER } });
}, 120_000);
afterAll(async () => e2e?.close());

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers that differ between any two answers (the date, the generated request id, keep-alive timing). */
const VARYING = new Set(['date', 'x-request-id', 'keep-alive', 'connection']);

async function post(path: string, init: { headers?: Record<string, string>; body: string | Uint8Array }): Promise<Answer> {
  const url = e2e.server.url.replace(/\/graphql$/, path);
  const response = await fetch(url, { method: 'POST', headers: { [HEADER]: SECRET, ...init.headers }, body: init.body as BodyInit });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    if (!VARYING.has(key)) headers[key] = value;
  });
  return { status: response.status, headers, body: await response.text() };
}

const JSON_TYPE = { 'content-type': 'application/json' };
const typename = JSON.stringify({ query: '{ __typename }' });

const CASES: Array<{ name: string; headers?: Record<string, string>; body: string | Uint8Array; status: number }> = [
  { name: 'a query', headers: JSON_TYPE, body: typename, status: 200 },
  { name: 'a query with a query string on the URL', headers: JSON_TYPE, body: typename, status: 200 },
  { name: 'a refused operation (GraphQL validation)', headers: JSON_TYPE, body: JSON.stringify({ query: '{ nope }' }), status: 400 },
  { name: 'a body that is not JSON', headers: JSON_TYPE, body: '{"query": ', status: 400 },
  { name: 'a body over the 2mb limit', headers: JSON_TYPE, body: JSON.stringify({ query: '{ __typename }', pad: 'x'.repeat(2 * 1024 * 1024) }), status: 413 },
  { name: 'a charset other than UTF-8', headers: { 'content-type': 'application/json; charset=latin-9' }, body: typename, status: 415 },
  { name: 'a gzip body (express.json inflates it)', headers: { ...JSON_TYPE, 'content-encoding': 'gzip' }, body: gzipSync(typename), status: 200 },
  { name: 'an unsupported content encoding', headers: { ...JSON_TYPE, 'content-encoding': 'compress' }, body: typename, status: 415 },
  { name: 'text/plain (refused by CSRF prevention)', headers: { 'content-type': 'text/plain' }, body: typename, status: 400 },
  { name: 'application/json; charset=utf-8', headers: { 'content-type': 'application/json; charset=utf-8' }, body: typename, status: 200 },
  { name: 'application/json;charset=UTF-8 (another spelling)', headers: { 'content-type': 'application/json;charset=UTF-8' }, body: typename, status: 200 },
  { name: 'a body starting with a byte order mark', headers: JSON_TYPE, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(typename)]), status: 200 },
  { name: 'a multi-byte UTF-8 body', headers: JSON_TYPE, body: JSON.stringify({ query: 'query Ünïcødé { __typename }' }), status: 400 },
  { name: 'a JSON string instead of an object (strict JSON)', headers: JSON_TYPE, body: '"{ __typename }"', status: 400 },
  { name: 'a JSON array (a batch, refused by Apollo)', headers: JSON_TYPE, body: `[${typename}]`, status: 400 },
  { name: 'an empty body', headers: JSON_TYPE, body: '', status: 400 },
  { name: 'whitespace only', headers: JSON_TYPE, body: '  \n ', status: 400 },
  { name: 'no secret', headers: { ...JSON_TYPE, [HEADER]: '' }, body: typename, status: 401 },
  { name: 'a wrong secret', headers: { ...JSON_TYPE, [HEADER]: 'wrong' }, body: typename, status: 401 },
];

describe('POST /graphql without express\'s router answers exactly what express\'s mounted stack answers', () => {
  for (const c of CASES) {
    it(`${c.name}: same status, headers and body as through express's router`, async () => {
      const query = c.name.includes('query string') ? '?a=1' : '';
      const direct = await post(`/graphql${query}`, c);
      const throughRouter = await post(`/GRAPHQL${query}`, c);
      expect(direct.status).toBe(c.status);
      expect(direct).toEqual(throughRouter);
    });
  }

  it('POST /graphql gets its request id, one access line naming it, and the id on every line written for it', async () => {
    const before = logs.lines().length;
    const ok = await fetch(e2e.server.url, { method: 'POST', headers: { ...JSON_TYPE, [HEADER]: SECRET, 'x-request-id': 'fast-1' }, body: typename });
    expect(ok.headers.get('x-request-id')).toBe('fast-1');
    const bad = await fetch(e2e.server.url, { method: 'POST', headers: { ...JSON_TYPE, [HEADER]: SECRET, 'x-request-id': 'fast-2' }, body: '{' });
    expect(bad.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const written = logs.lines().slice(before);
    const access = written.filter((line) => line['msg'] === 'request completed');
    expect(access.map((line) => [line['requestId'], line['req'], line['res']])).toEqual([
      ['fast-1', { method: 'POST', path: '/graphql' }, { statusCode: 200 }],
      ['fast-2', { method: 'POST', path: '/graphql' }, { statusCode: 400 }],
    ]);
    const refusal = written.find((line) => line['msg'] === 'graphql request refused: unreadable body');
    expect(refusal?.['requestId']).toBe('fast-2');
  });

  it('a client that goes away mid-body is logged as request.aborted, as through express\'s router', async () => {
    const { port } = new URL(e2e.server.url);
    const abortedOn = async (path: string, id: string): Promise<unknown> => {
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(`POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n${HEADER}: ${SECRET}\r\nx-request-id: ${id}\r\ncontent-length: 100\r\n\r\n{"query":`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.destroy();
      const deadline = Date.now() + 5_000;
      for (;;) {
        const line = logs.lines().find((l) => l['requestId'] === id && l['msg'] === 'graphql request refused: unreadable body');
        if (line || Date.now() > deadline) return line && { level: line['level'], status: line['status'], problem: line['problem'] };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const direct = await abortedOn('/graphql', 'aborted-direct');
    expect(direct).toEqual({ level: 40, status: 400, problem: 'request.aborted' });
    expect(direct).toEqual(await abortedOn('/GRAPHQL', 'aborted-router'));
  });

  it('a generated request id is a UUID echoed in x-request-id', async () => {
    const response = await fetch(e2e.server.url, { method: 'POST', headers: { ...JSON_TYPE, [HEADER]: SECRET }, body: typename });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('inline traces (ftv1) only when the router asks', () => {
  it('with apollo-federation-include-trace: ftv1 the answer carries extensions.ftv1; without it, no extensions at all', async () => {
    const traced = await post('/graphql', { headers: { ...JSON_TYPE, 'apollo-federation-include-trace': 'ftv1' }, body: typename });
    const tracedBody = JSON.parse(traced.body) as { data: unknown; extensions?: { ftv1?: unknown } };
    expect(tracedBody.data).toEqual({ __typename: 'Query' });
    expect(typeof tracedBody.extensions?.ftv1).toBe('string');
    expect(Buffer.from(tracedBody.extensions!.ftv1 as string, 'base64').length).toBeGreaterThan(0);
    const plain = await post('/graphql', { headers: JSON_TYPE, body: typename });
    expect(JSON.parse(plain.body)).toEqual({ data: { __typename: 'Query' } });
  });
});
