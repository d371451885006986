/**
 * Group A unified tracking: "at most one call every five seconds", measured by the carrier where calls ARRIVE
 * (assumption U6). The simulator enforces the interval at arrival and answers 429 inside it. A proxy between the
 * subgraph and the simulator holds every other request back, as a new TLS connection or a congested link does, so a
 * slow request is followed by a fast one. Calls spaced from our send slot then arrive closer than the interval; calls
 * spaced from the previous answer cannot.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../sandbox/index.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import type { QuotaCounter } from '../../src/platform/quota.js';
import { MemoryQuotaCounter } from '../../src/platform/quota-memory.js';
import { openStore } from '../../src/store/store.js';
import { StoreQuotaCounter } from '../../src/store/quota-counter.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { postGraphQL } from '../e2e/support.js';
import { createPostgresTestDatabase, STORE_BACKENDS } from '../support/database.js';

/** Small enough to keep the test short; the rule is the same at 5 s. */
const MIN_INTERVAL_MS = 300;
/** Transit jitter: every other request arrives this much later than it was sent. */
const SLOW_TRANSIT_MS = 200;

interface DelayingProxy {
  origin: string;
  /** Requests forwarded so far. */
  forwarded: number;
  close(): Promise<void>;
}

/** Forwards every request to `target`; the 1st, 3rd, 5th ... only after `delayMs`. */
async function startDelayingProxy(target: string, delayMs: number): Promise<DelayingProxy> {
  let seen = 0;
  const proxy: DelayingProxy = { origin: '', forwarded: 0, close: async () => {} };
  const server: Server = createServer((incoming, outgoing) => {
    const slow = seen++ % 2 === 0;
    void (async () => {
      if (slow) await new Promise((r) => setTimeout(r, delayMs));
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === 'string' && !['host', 'connection', 'keep-alive'].includes(name)) headers[name] = value;
      }
      const answer = await fetch(`${target}${incoming.url ?? '/'}`, { method: incoming.method ?? 'GET', headers });
      proxy.forwarded += 1;
      const replyHeaders: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['connection', 'keep-alive', 'transfer-encoding', 'content-encoding', 'content-length'].includes(name)) replyHeaders[name] = value;
      });
      outgoing.writeHead(answer.status, replyHeaders);
      outgoing.end(Buffer.from(await answer.arrayBuffer()));
    })().catch(() => outgoing.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return proxy;
}

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The simulator enforcing MIN_INTERVAL_MS at arrival on the real clock, behind the delaying proxy. */
async function carrierBehindSlowLink(): Promise<{ sandbox: Sandbox; proxy: DelayingProxy }> {
  const sandbox = await startSandbox({ unifiedQuota: { minIntervalMs: MIN_INTERVAL_MS, dailyQuota: 250 } });
  cleanups.push(() => sandbox.close());
  const proxy = await startDelayingProxy(sandbox.urls.groupAUnified, SLOW_TRANSIT_MS);
  cleanups.push(() => proxy.close());
  return { sandbox, proxy };
}

/** A subgraph with only Group A unified tracking configured, through the proxy, on the store `env` names. */
async function subgraph(sandbox: Sandbox, proxy: DelayingProxy, env: Record<string, string>): Promise<StartedServer> {
  const loaded = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX: 'off',
    LOG_LEVEL: 'silent',
    WATCHERS_ENABLED: 'false',
    GROUP_A_TRACK_BASE_URL: proxy.origin,
    GROUP_A_TRACK_API_KEY: sandbox.credentials.groupAUnified.apiKey,
    GROUP_A_TRACK_MIN_INTERVAL_MS: String(MIN_INTERVAL_MS),
    GROUP_A_TRACK_MAX_WAIT_MS: '20000',
    ...env,
  });
  if (!loaded.ok) throw new Error(`config: ${loaded.problems.join('; ')}`);
  const server = await startServer({ config: loaded.config, logger: createLogger('silent') });
  cleanups.push(() => server.close());
  return server;
}

/** Looks `number` up on `server` through unified tracking (no division given); the shipment's id, or the errors. */
async function lookup(server: StartedServer, number: string): Promise<string> {
  const answer = await postGraphQL(server.url, `query ($n: String!) { shipment(carrier: GROUP_A, trackingNumber: $n) { id } }`, { n: number });
  return answer.data?.shipment?.id ?? `failed: ${JSON.stringify(answer.errors)}`;
}

const NUMBERS = ['1234567890', '1234567891', '1234567892', '1234567893', '1234567894', '1234567895'];

describe('Group A unified tracking: calls ARRIVE at least the interval apart under transit jitter (U6)', () => {
  it('alternate requests 200 ms slower in transit: the carrier answers no 429 and every lookup is served', async () => {
    const { sandbox, proxy } = await carrierBehindSlowLink();
    const server = await subgraph(sandbox, proxy, { DATABASE_URL: await createPostgresTestDatabase() });

    const ids = await Promise.all(NUMBERS.map((n) => lookup(server, n)));

    expect(sandbox.stats.groupAUnified.responses).toEqual({ '200': NUMBERS.length });
    expect(ids).toEqual(NUMBERS.map((n) => `GROUP_A:express:${n}`));
    expect(proxy.forwarded).toBe(NUMBERS.length);
  });

  it('two replicas sharing the quota through one PostgreSQL: the carrier answers no 429 and every lookup is served', async () => {
    const { sandbox, proxy } = await carrierBehindSlowLink();
    const databaseUrl = await createPostgresTestDatabase();
    // One after the other: both apply migrations to the same database.
    const a = await subgraph(sandbox, proxy, { DATABASE_URL: databaseUrl });
    const b = await subgraph(sandbox, proxy, { DATABASE_URL: databaseUrl });

    const ids = await Promise.all(NUMBERS.map((n, i) => lookup(i % 2 === 0 ? a : b, n)));

    expect(sandbox.stats.groupAUnified.responses).toEqual({ '200': NUMBERS.length });
    expect(ids).toEqual(NUMBERS.map((n) => `GROUP_A:express:${n}`));
  });
});

/** The counters a replica can share: in memory (one process) and the store's, on both backends. */
const COUNTERS: Array<{ name: string; open(): Promise<{ counter: QuotaCounter; close(): Promise<void> }> }> = [
  { name: 'memory', open: async () => ({ counter: new MemoryQuotaCounter(), close: async () => {} }) },
  ...STORE_BACKENDS.map((backend) => ({
    name: `store (${backend.name})`,
    async open() {
      const store = await openStore(await backend.options());
      return { counter: new StoreQuotaCounter(store), close: () => store.close() };
    },
  })),
];

describe.each(COUNTERS)('quota counter, $name: a granted call holds the interval until its answer arrives', ({ open }) => {
  const rule = { minIntervalMs: 5_000, dailyLimit: 250, holdMs: 30_000 };
  const t0 = Date.parse('2026-03-01T10:00:00Z');
  const at = (ms: number) => new Date(t0 + ms);
  let counter: QuotaCounter;
  let close: () => Promise<void>;
  beforeAll(async () => ({ counter, close } = await open()));
  afterAll(() => close());

  it('while a call is travelling, another is refused as in-flight; once answered, the interval runs from the answer', async () => {
    expect(await counter.reserve('answered', at(0), rule)).toEqual({ granted: true });
    expect(await counter.reserve('answered', at(6_000), rule)).toMatchObject({ granted: false, reason: 'in-flight' });
    await counter.complete('answered', at(0), rule, at(7_000));
    expect(await counter.reserve('answered', at(11_999), rule)).toEqual({ granted: false, reason: 'interval', retryAt: at(12_000) });
    expect(await counter.reserve('answered', at(12_000), rule)).toEqual({ granted: true });
  });

  it('a call that never reports its answer (its replica died) holds the interval only until its hold lapses', async () => {
    expect(await counter.reserve('lapsed', at(0), rule)).toEqual({ granted: true });
    expect(await counter.reserve('lapsed', at(29_999), rule)).toEqual({ granted: false, reason: 'in-flight', retryAt: at(35_000) });
    // The lapsed hold is the latest its request could have arrived: the interval runs from there.
    expect(await counter.reserve('lapsed', at(34_999), rule)).toEqual({ granted: false, reason: 'interval', retryAt: at(35_000) });
    expect(await counter.reserve('lapsed', at(35_000), rule)).toEqual({ granted: true });
    // The late completion of the lapsed call does not move the new holder's interval.
    await counter.complete('lapsed', at(0), rule, at(36_000));
    expect(await counter.reserve('lapsed', at(41_000), rule)).toMatchObject({ granted: false, reason: 'in-flight' });
  });
});
