import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { UpstreamError } from '../../src/domain/errors.js';
import { OAuthClientCredentials } from '../../src/platform/http/auth.js';
import { UpstreamClient, type UpstreamClientOptions } from '../../src/platform/http/upstream-client.js';
import { createMetrics } from '../../src/platform/metrics.js';
import { capturingLogger, freePort, startTestServer, type Reply, type TestServer } from './test-server.js';

const okSchema = z.object({ ok: z.literal(true) });
const timeouts = { connectTimeoutMs: 1_000, headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000 };

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function serve(handler: (index: number) => Reply): Promise<TestServer> {
  const server = await startTestServer((_req, index) => handler(index));
  open.push(server);
  return server;
}

function clientFor(baseUrl: string, extra: Partial<UpstreamClientOptions> = {}) {
  const metrics = createMetrics();
  const log = capturingLogger();
  const client = new UpstreamClient({
    upstream: 'carrier-b',
    baseUrl,
    timeouts,
    metrics,
    logger: log.logger,
    retryBaseDelayMs: 40,
    readError: (_status, body) => {
      const first = (body as { errors?: Array<{ code?: string; message?: string }> } | null)?.errors?.[0];
      return { carrierCode: first?.code ?? null, message: first?.message ?? null };
    },
    ...extra,
  });
  open.push(client);
  return { client, metrics, log };
}

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof UpstreamError)) throw new Error(`expected an UpstreamError, got ${String(error)}`);
  return error;
}

const get = { operation: 'probe', method: 'GET', path: '/probe', schema: okSchema } as const;

describe('UpstreamClient (DESIGN.md, Upstream clients)', () => {
  it('a 500 is retried once with backoff, then the answer is used', async () => {
    const server = await serve((i) => (i === 0 ? { status: 500 } : { status: 200, body: { ok: true } }));
    const { client } = clientFor(server.origin);
    const started = Date.now();
    await expect(client.call(get)).resolves.toEqual({ ok: true });
    expect(server.seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20); // base 40 ms, jittered to at least half
  });

  it('a 503 twice fails UPSTREAM_UNAVAILABLE after exactly two attempts', async () => {
    const server = await serve(() => ({ status: 503, body: { errors: [{ code: 'SERVICE.UNAVAILABLE.ERROR', message: 'down' }] } }));
    const { client } = clientFor(server.origin);
    const error = await failure(client.call(get));
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(error.carrierCode).toBe('SERVICE.UNAVAILABLE.ERROR');
    expect(error.httpStatus).toBe(503);
    expect(error.message).toContain('carrier-b probe');
    expect(server.seen).toHaveLength(2);
  });

  it('a POST is not retried on 500 unless the operation is marked idempotent', async () => {
    const server = await serve(() => ({ status: 500 }));
    const { client } = clientFor(server.origin);
    const post = { operation: 'create', method: 'POST', path: '/things', json: { a: 1 }, schema: okSchema } as const;
    expect((await failure(client.call(post))).code).toBe('UPSTREAM_UNAVAILABLE');
    expect(server.seen).toHaveLength(1);
    await failure(client.call({ ...post, idempotent: true }));
    expect(server.seen).toHaveLength(3);
  });

  it('nothing else is retried blindly: a 400 fails at once as UPSTREAM_BAD_REQUEST with the carrier code', async () => {
    const server = await serve(() => ({ status: 400, body: { errors: [{ code: 'TRACKING.TRACKINGNUMBER.EMPTY', message: 'empty' }] } }));
    const { client } = clientFor(server.origin);
    const error = await failure(client.call(get));
    expect([error.code, error.carrierCode, error.message]).toEqual(['UPSTREAM_BAD_REQUEST', 'TRACKING.TRACKINGNUMBER.EMPTY', 'carrier-b probe: empty']);
    expect(server.seen).toHaveLength(1);
  });

  it('a 429 with a small Retry-After is waited out and retried', async () => {
    const server = await serve((i) => (i === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { status: 200, body: { ok: true } }));
    const { client } = clientFor(server.origin);
    const started = Date.now();
    await expect(client.call(get)).resolves.toEqual({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.seen).toHaveLength(2);
  });

  it('a 429 with a large Retry-After fails at once as UPSTREAM_RATE_LIMITED carrying retryAt', async () => {
    const server = await serve(() => ({ status: 429, headers: { 'retry-after': '120' } }));
    const { client } = clientFor(server.origin);
    const before = Date.now();
    const error = await failure(client.call(get));
    expect(error.code).toBe('UPSTREAM_RATE_LIMITED');
    expect(error.retryAt!.getTime()).toBeGreaterThanOrEqual(before + 119_000);
    expect(error.retryAt!.getTime()).toBeLessThanOrEqual(Date.now() + 120_000);
    expect(server.seen).toHaveLength(1);
  });

  it('an answer that does not match its zod schema is UPSTREAM_CONTRACT naming the call and the member', async () => {
    const server = await serve(() => ({ status: 200, body: { ok: 'yes', extra: 1 } }));
    const { client } = clientFor(server.origin);
    const error = await failure(client.call(get));
    expect(error.code).toBe('UPSTREAM_CONTRACT');
    expect(error.message).toMatch(/carrier-b probe: answer does not match its schema \(ok: /);
  });

  it('a non-JSON answer is UPSTREAM_CONTRACT', async () => {
    const server = await serve(() => ({ status: 200, raw: '<html>maintenance</html>' }));
    const { client } = clientFor(server.origin);
    expect((await failure(client.call(get))).code).toBe('UPSTREAM_CONTRACT');
  });

  it('connection refused is UPSTREAM_UNAVAILABLE, counted with status 0', async () => {
    const { client, metrics } = clientFor(`http://127.0.0.1:${await freePort()}`);
    const error = await failure(client.call(get));
    expect(error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(await metrics.registry.metrics()).toContain('upstream_calls_total{upstream="carrier-b",operation="probe",status="0"} 1');
  });

  it('a nextUrl on the same origin is followed below the base path; one on another origin is refused as UPSTREAM_CONTRACT', async () => {
    const server = await serve(() => ({ status: 200, body: { ok: true } }));
    const { client } = clientFor(`${server.origin}/track`);
    await client.call({ ...get, path: '/shipments', query: { trackingNumber: '1', skip: undefined } });
    await client.call({ ...get, path: `${server.origin}/track/shipments?offset=5` });
    expect(server.seen.map((r) => r.url)).toEqual(['/track/shipments?trackingNumber=1', '/track/shipments?offset=5']);
    const error = await failure(client.call({ ...get, path: 'https://elsewhere.example/track/shipments?offset=10' }));
    expect(error.code).toBe('UPSTREAM_CONTRACT');
    expect(server.seen).toHaveLength(2);
  });

  it('on a 401 the OAuth token is re-minted once and the call retried once; a second 401 fails UPSTREAM_UNAUTHORIZED', async () => {
    let minted = 0;
    let valid = '';
    const server = await startTestServer((req) => {
      if (req.url === '/oauth/token') {
        minted += 1;
        valid = `token-${minted}`;
        return { status: 200, body: { access_token: valid, token_type: 'bearer', expires_in: 3600 } };
      }
      if (req.url === '/always-401') return { status: 401 };
      return req.headers.authorization === `Bearer ${valid}` && minted > 1 ? { status: 200, body: { ok: true } } : { status: 401 };
    });
    open.push(server);
    const auth = (c: UpstreamClient) => new OAuthClientCredentials(c, { tokenPath: '/oauth/token', clientId: 'id', clientSecret: 'secret' });
    const { client } = clientFor(server.origin, { auth });
    await expect(client.call(get)).resolves.toEqual({ ok: true });
    expect(minted).toBe(2);
    const error = await failure(client.call({ ...get, path: '/always-401' }));
    expect(error.code).toBe('UPSTREAM_UNAUTHORIZED');
    expect(minted).toBe(3);
  });

  it('credentials never reach logs: neither the client secret nor the bearer token nor the basic password', async () => {
    const server = await serve((i) =>
      i === 0 ? { status: 200, body: { access_token: 'tok-SENSITIVE-123', expires_in: 3600 } } : { status: 500, body: { errors: [{ code: 'X', message: 'boom' }] } },
    );
    const { client, log } = clientFor(server.origin, {
      auth: (c) => new OAuthClientCredentials(c, { tokenPath: '/oauth/token', clientId: 'client-ID-77', clientSecret: 'very-SECRET-value' }),
    });
    const error = await failure(client.call(get));
    log.logger.info({ error, authorization: 'Bearer tok-SENSITIVE-123', clientSecret: 'very-SECRET-value' }, 'explicit attempt');
    const lines = log.lines();
    expect(lines).toContain('upstream call failed');
    for (const secret of ['very-SECRET-value', 'tok-SENSITIVE-123']) {
      expect(lines).not.toContain(secret);
      expect(error.message).not.toContain(secret);
    }
    expect(server.seen[0]?.body).toContain('client_secret=very-SECRET-value');
  });

  it('every attempt is counted per upstream, operation and status on the metrics registry', async () => {
    const server = await serve((i) => (i === 0 ? { status: 503 } : { status: 200, body: { ok: true } }));
    const { client, metrics } = clientFor(server.origin);
    await client.call(get);
    const text = await metrics.registry.metrics();
    expect(text).toContain('upstream_calls_total{upstream="carrier-b",operation="probe",status="503"} 1');
    expect(text).toContain('upstream_calls_total{upstream="carrier-b",operation="probe",status="200"} 1');
  });
});
