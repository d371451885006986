/**
 * Introspection, the landing page and "Did you mean ...?" suggestions are off in production by default, on HTTP and
 * graphql-ws, and on in development; GRAPHQL_INTROSPECTION / GRAPHQL_FIELD_SUGGESTIONS override either way. Each case
 * is a real server process started with its NODE_ENV, as an operator would run it (SANDBOX=on: no carrier here).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postGraphQL } from '../e2e/support.js';
import { startChildServer, type ChildServer } from '../push/child-server.js';
import { wsClient, wsExecute, type WsAnswer } from './support.js';
import { SAFEGUARDS_WAIVED } from '../production/auth-support.js';

const INTROSPECTION = '{ __schema { queryType { name } } }';
const MISSPELLED_FIELD = '{ shipmnt(carrier: CARRIER_B, trackingNumber: "100000000013") { id } }';
const MISSPELLED_ENUM = 'query($c: Carrier!) { shipment(carrier: $c, trackingNumber: "100000000013") { id } }';

const servers: Record<'production' | 'development' | 'productionOverridden', ChildServer | null> = {
  production: null,
  development: null,
  productionOverridden: null,
};
const dataDirs: string[] = [];

async function start(env: Record<string, string>): Promise<ChildServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'carrier-subgraph-defaults-'));
  dataDirs.push(dataDir);
  return startChildServer({ SANDBOX: 'on', DATA_DIR: dataDir, WATCHERS_ENABLED: 'false', ...env }, undefined, { startTimeoutMs: 90_000 });
}

beforeAll(async () => {
  // Settled one by one, so a server that did start is stopped in afterAll even when another failed to.
  const started = await Promise.allSettled([
    start({ NODE_ENV: 'production', ...SAFEGUARDS_WAIVED }),
    start({ NODE_ENV: 'development' }),
    start({ NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, GRAPHQL_INTROSPECTION: 'true', GRAPHQL_FIELD_SUGGESTIONS: 'true' }),
  ]);
  const [production, development, overridden] = started.map((s) => (s.status === 'fulfilled' ? s.value : null));
  Object.assign(servers, { production, development, productionOverridden: overridden });
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}, 120_000);

afterAll(async () => {
  await Promise.all(Object.values(servers).map((server) => server?.kill()));
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const url = (server: ChildServer | null) => `${server!.origin}/graphql`;

async function overWs(server: ChildServer | null, query: string, variables?: Record<string, unknown>): Promise<WsAnswer> {
  const client = wsClient(url(server));
  try {
    return await wsExecute(client, query, variables);
  } finally {
    await client.dispose();
  }
}

const messages = (answer: { errors?: Array<{ message: string }> }) => (answer.errors ?? []).map((e) => e.message).join('\n');

describe('NODE_ENV=production, nothing else set', () => {
  it('introspection is refused over HTTP and over graphql-ws', async () => {
    const http = await postGraphQL(url(servers.production), INTROSPECTION);
    expect(http.data ?? null).toBeNull();
    expect(http.errors?.[0]?.message).toMatch(/introspection/i);
    const ws = await overWs(servers.production, INTROSPECTION);
    expect(ws.data ?? null).toBeNull();
    expect(ws.errors?.[0]?.message).toMatch(/introspection/i);
  });

  it('no landing page is served to a browser', async () => {
    const response = await fetch(url(servers.production), { headers: { accept: 'text/html' } });
    expect(response.headers.get('content-type') ?? '').not.toContain('text/html');
    expect(await response.text()).not.toMatch(/<html/i);
  });

  it('errors carry no "Did you mean" suggestion (field or enum value), over HTTP and over graphql-ws', async () => {
    for (const answer of [
      await postGraphQL(url(servers.production), MISSPELLED_FIELD),
      await postGraphQL(url(servers.production), MISSPELLED_ENUM, { c: 'CARRIER_C' }),
      await overWs(servers.production, MISSPELLED_FIELD),
      await overWs(servers.production, MISSPELLED_ENUM, { c: 'CARRIER_C' }),
    ]) {
      expect(answer.errors?.length).toBeGreaterThan(0);
      expect(messages(answer)).not.toMatch(/did you mean/i);
      expect(messages(answer)).not.toContain('CARRIER_B');
    }
  });
});

describe('NODE_ENV=development', () => {
  it('introspection answers over HTTP and graphql-ws, the landing page is served, suggestions are given', async () => {
    expect((await postGraphQL(url(servers.development), INTROSPECTION)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect((await overWs(servers.development, INTROSPECTION)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const page = await fetch(url(servers.development), { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(messages(await postGraphQL(url(servers.development), MISSPELLED_FIELD))).toMatch(/Did you mean "shipment/);
    expect(messages(await overWs(servers.development, MISSPELLED_FIELD))).toMatch(/Did you mean "shipment/);
  });
});

describe('NODE_ENV=production with GRAPHQL_INTROSPECTION=true and GRAPHQL_FIELD_SUGGESTIONS=true', () => {
  it('the variables turn introspection and suggestions back on, over both transports', async () => {
    const server = servers.productionOverridden;
    expect((await postGraphQL(url(server), INTROSPECTION)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect((await overWs(server, INTROSPECTION)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    expect(messages(await postGraphQL(url(server), MISSPELLED_FIELD))).toMatch(/Did you mean "shipment/);
    expect(messages(await overWs(server, MISSPELLED_FIELD))).toMatch(/Did you mean "shipment/);
  });
});
