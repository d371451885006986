/**
 * Issue 12 item 1: "Pool sizes are per upstream and configurable, with a default sized for concurrent load."
 * UPSTREAM_POOL_CONNECTIONS is every carrier upstream's pool size; UPSTREAM_POOL_CONNECTIONS_<UPSTREAM> overrides it
 * for one upstream; the dark store keeps its own 2 unless its variable says otherwise (docs/assumptions.md PF3, PC3).
 * Checked at the wire: each upstream points at its own local HTTP server that holds every answer, and twelve calls at
 * once on each client open at most that upstream's configured number of connections there.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRegistry, type CarrierRegistry } from '../../src/carriers/registry.js';
import type { CarrierInterface } from '../../src/domain/carrier.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { createMetrics } from '../../src/platform/metrics.js';

const HOLD_MS = 300;
const CALLS = 12;

/** A local upstream that answers `{}` after HOLD_MS and records the most sockets it had open at once. */
interface CountingServer {
  server: Server;
  url: string;
  open: number;
  maxOpen: number;
}

async function countingServer(): Promise<CountingServer> {
  const counting: CountingServer = { server: createServer(), url: '', open: 0, maxOpen: 0 };
  counting.server.on('connection', (socket) => {
    counting.open += 1;
    counting.maxOpen = Math.max(counting.maxOpen, counting.open);
    socket.on('close', () => {
      counting.open -= 1;
    });
  });
  counting.server.on('request', (request, response) => {
    request.resume();
    const timer = setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'), HOLD_MS);
    timer.unref();
  });
  await new Promise<void>((resolve) => counting.server.listen(0, '127.0.0.1', resolve));
  counting.url = `http://127.0.0.1:${(counting.server.address() as AddressInfo).port}`;
  return counting;
}

const UPSTREAMS = ['carrier-b', 'group-a/tracking', 'group-a/express', 'group-a/ecommerce', 'dark-store'] as const;

describe('per-upstream pool sizes (UPSTREAM_POOL_CONNECTIONS and UPSTREAM_POOL_CONNECTIONS_<UPSTREAM>)', () => {
  const servers = new Map<CarrierInterface, CountingServer>();
  let registry: CarrierRegistry;

  beforeAll(async () => {
    for (const upstream of UPSTREAMS) servers.set(upstream, await countingServer());
    const url = (upstream: CarrierInterface) => servers.get(upstream)!.url;
    const loaded = loadConfig({
      UPSTREAM_POOL_CONNECTIONS: '3',
      UPSTREAM_POOL_CONNECTIONS_CARRIER_B: '5',
      UPSTREAM_POOL_CONNECTIONS_GROUP_A_EXPRESS: '4',
      CARRIER_B_BASE_URL: url('carrier-b'),
      CARRIER_B_CLIENT_ID: 'id',
      CARRIER_B_CLIENT_SECRET: 'secret',
      CARRIER_B_ACCOUNT_NUMBER: '123456789',
      GROUP_A_TRACK_BASE_URL: url('group-a/tracking'),
      GROUP_A_TRACK_API_KEY: 'key',
      // No spacing between unified tracking calls, so its pool (not its quota) is what bounds them here.
      GROUP_A_TRACK_MIN_INTERVAL_MS: '0',
      GROUP_A_EXPRESS_BASE_URL: url('group-a/express'),
      GROUP_A_EXPRESS_ENVIRONMENT: 'production',
      GROUP_A_EXPRESS_USERNAME: 'user',
      GROUP_A_EXPRESS_PASSWORD: 'password',
      GROUP_A_EXPRESS_ACCOUNT_NUMBERS: '123456789',
      GROUP_A_ECOM_BASE_URL: url('group-a/ecommerce'),
      GROUP_A_ECOM_CLIENT_ID: 'id',
      GROUP_A_ECOM_CLIENT_SECRET: 'secret',
      DARK_STORE_BASE_URL: url('dark-store'),
      DARK_STORE_PINCODES: '110001',
    });
    if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
    const { config } = loaded;
    registry = buildRegistry({
      config,
      timeouts: { connectTimeoutMs: 5_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 },
      retryBaseDelayMs: 10,
      metrics: createMetrics(),
      logger: createLogger('silent'),
    });
  });

  afterAll(async () => {
    await registry?.close();
    for (const counting of servers.values()) {
      counting.server.closeAllConnections();
      await new Promise((resolve) => counting.server.close(resolve));
    }
  });

  it('every upstream client opens at most its configured connections: its own variable, else UPSTREAM_POOL_CONNECTIONS, the dark store its own 2', async () => {
    const clients = registry.clients.filter((client) => (UPSTREAMS as readonly string[]).includes(client.upstream));
    expect(new Set(clients.map((client) => client.upstream))).toEqual(new Set(UPSTREAMS));
    // Twelve slow calls at once on every client; without auth, so only the pool stands between them and the server.
    await Promise.all(
      clients.flatMap((client) =>
        Array.from({ length: CALLS }, () =>
          client.call({ operation: 'pool probe', method: 'GET', path: '/pool-probe', schema: z.unknown(), auth: false }),
        ),
      ),
    );
    const maxOpen = Object.fromEntries(UPSTREAMS.map((upstream) => [upstream, servers.get(upstream)!.maxOpen]));
    expect(maxOpen).toEqual({
      'carrier-b': 5, // UPSTREAM_POOL_CONNECTIONS_CARRIER_B
      'group-a/tracking': 3, // UPSTREAM_POOL_CONNECTIONS
      'group-a/express': 4, // UPSTREAM_POOL_CONNECTIONS_GROUP_A_EXPRESS
      'group-a/ecommerce': 3, // UPSTREAM_POOL_CONNECTIONS
      'dark-store': 2, // its own default, UPSTREAM_POOL_CONNECTIONS_DARK_STORE unset
    });
  });
});

describe('a bad pool size is refused at start, naming its variable', () => {
  it.each([
    ['UPSTREAM_POOL_CONNECTIONS_CARRIER_B', '0'],
    ['UPSTREAM_POOL_CONNECTIONS_GROUP_A_TRACK', 'many'],
    ['UPSTREAM_POOL_CONNECTIONS_GROUP_A_EXPRESS', '2.5'],
    ['UPSTREAM_POOL_CONNECTIONS_GROUP_A_ECOM', '-1'],
    ['UPSTREAM_POOL_CONNECTIONS_DARK_STORE', '0'],
    ['UPSTREAM_POOL_CONNECTIONS', '0'],
  ])('%s=%s', (variable, value) => {
    const loaded = loadConfig({ [variable]: value });
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.problems).toHaveLength(1);
    expect(loaded.problems[0]).toMatch(new RegExp(`^${variable}: `));
  });
});
