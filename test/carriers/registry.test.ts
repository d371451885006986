/**
 * DESIGN.md, "Carriers are modules; capabilities are interfaces": a module per carrier builds what it offers from its
 * configuration, src/carriers/registry.ts is the only place naming them all, and services ask the registry, never a
 * carrier. These tests pin that architecture: the import rule, a module the services have never heard of being asked,
 * and one upstream client (one undici pool) per configured interface, shared by every capability of that interface.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildRegistry, CARRIER_MODULES, type CarrierRegistry, type RegistryDeps } from '../../src/carriers/registry.js';
import type { RatingConnector, TrackingConnector } from '../../src/carriers/types.js';
import type { CarrierCapabilities, CarrierModule } from '../../src/carriers/module-contract.js';
import type { CarrierInterface } from '../../src/domain/carrier.js';
import type { RateOutcome, RateRequest } from '../../src/domain/rating.js';
import type { TrackOutcome, TrackRequest } from '../../src/domain/tracking.js';
import { loadConfig, type Config } from '../../src/config.js';
import { UpstreamClient } from '../../src/platform/http/upstream-client.js';
import { createLogger } from '../../src/platform/logger.js';
import { createMetrics } from '../../src/platform/metrics.js';
import { startInProcessSandbox, type InProcessSandbox } from '../../src/server/sandbox-mode.js';
import { TrackingService } from '../../src/services/tracking.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The only files of src/carriers a service or resolver may import. */
const ALLOWED = new Set(['src/carriers/types.ts', 'src/carriers/registry.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module specifier a file names: static imports and re-exports, `import type`, and dynamic `import()`. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) found.push(match[1]!);
  return found;
}

/** The repository path a relative specifier names, with `.js` read as the `.ts` it is compiled from. */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return relative(ROOT, resolve(ROOT, dirname(file), specifier)).replace(/\.js$/, '.ts');
}

let sandbox: InProcessSandbox;
let config: Config;

function deps(): RegistryDeps {
  return {
    config,
    timeouts: { connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 },
    retryBaseDelayMs: 10,
    metrics: createMetrics(),
    logger: createLogger('silent'),
  };
}

beforeAll(async () => {
  const loaded = loadConfig({ SANDBOX: 'on', LOG_LEVEL: 'silent' });
  if (!loaded.ok) throw new Error(`config: ${loaded.problems.join('; ')}`);
  // Every upstream configured, pointed at the simulators, as `npm start` does with no carrier configured.
  sandbox = await startInProcessSandbox(loaded.config, createLogger('silent'));
  config = sandbox.config;
});
afterAll(async () => {
  await sandbox?.close();
});

describe('services ask the registry, never a carrier (DESIGN.md: carriers are modules)', () => {
  it('no file under src/services or src/graphql imports from a carrier folder; only src/carriers/types.ts and registry.ts', () => {
    const files = [...sourceFiles('src/services'), ...sourceFiles('src/graphql')];
    expect(files.length).toBeGreaterThan(10);
    const offending = files.flatMap((file) =>
      specifiers(readFileSync(join(ROOT, file), 'utf8'))
        .map((specifier) => target(file, specifier))
        .filter((path): path is string => path !== null && path.startsWith('src/carriers/') && !ALLOWED.has(path))
        .map((path) => `${file} -> ${path}`),
    );
    // A file listed here names a carrier: its carrier logic belongs in the module, offered as a capability declared in
    // src/carriers/types.ts and reached through the registry.
    expect(offending, 'imports of carrier folders from src/services or src/graphql').toEqual([]);
  });

  it('no file under src/server or src/store imports a carrier folder: the server reads a pushed call through its module (CarrierPush.webhook)', () => {
    // The composition root also sees the module contract (CarrierModule and what it declares), never a carrier's files.
    const allowed = new Set([...ALLOWED, 'src/carriers/module-contract.ts']);
    const files = [...sourceFiles('src/server'), ...sourceFiles('src/store')];
    expect(files.length).toBeGreaterThan(10);
    const offending = files.flatMap((file) =>
      specifiers(readFileSync(join(ROOT, file), 'utf8'))
        .map((specifier) => target(file, specifier))
        .filter((path): path is string => path !== null && path.startsWith('src/carriers/') && !allowed.has(path))
        .map((path) => `${file} -> ${path}`),
    );
    expect(offending, 'imports of carrier folders from src/server or src/store').toEqual([]);
  });

  it('the import rule sees every form of import (a check that finds nothing must be able to find something)', () => {
    const file = 'src/services/example.ts';
    const text = [
      "import { x } from '../carriers/carrier-b/connector.js';",
      "import type { Y } from '../carriers/group-a/index.js';",
      "export { z } from '../carriers/dark-store/index.js';",
      "const m = await import('../carriers/group-a/express/client.js');",
      "import type { RatingConnector } from '../carriers/types.js';",
    ].join('\n');
    const targets = specifiers(text).map((specifier) => target(file, specifier));
    expect(targets.filter((path) => path !== null && !ALLOWED.has(path))).toEqual([
      'src/carriers/carrier-b/connector.ts',
      'src/carriers/group-a/index.ts',
      'src/carriers/dark-store/index.ts',
      'src/carriers/group-a/express/client.ts',
    ]);
  });

  it('a module added to the registry list is asked by the registry: its rating connector is listed, its numbers are tracked by it', async () => {
    // A carrier no real module tracks (the dark store publishes no tracking), given a tracking capability by a fake
    // module: the tracking service accepts its numbers and routes them to it without a line of service code naming it.
    const tracked: TrackRequest[][] = [];
    let closed = 0;
    const fakeTracking: TrackingConnector = {
      upstream: 'dark-store',
      maxBatchSize: 30,
      async track(requests: readonly TrackRequest[]): Promise<TrackOutcome[]> {
        tracked.push([...requests]);
        return requests.map(() => ({ ok: true, shipments: [] }));
      },
    };
    const fakeRating: RatingConnector = {
      upstream: 'dark-store',
      carrier: 'DARK_STORE',
      division: null,
      refuses: () => null,
      rate: async (_request: RateRequest): Promise<RateOutcome> => {
        throw new Error('not asked here');
      },
    };
    const fakeModule: CarrierModule = {
      carrier: 'DARK_STORE',
      // No variables and no upstream of its own: the fake is built from nothing.
      config: { prefix: 'FAKE_', shape: {}, read: () => ({}) },
      upstreams: [],
      build: (): CarrierCapabilities => ({
        carrier: 'DARK_STORE',
        tracking: { carrier: 'DARK_STORE', interfaces: [{ upstream: 'dark-store', connector: fakeTracking }], route: () => 'dark-store' },
        rating: [fakeRating],
        landedCost: [],
        postalValidation: [],
        health: [],
        clients: [],
        close: async () => {
          closed += 1;
        },
      }),
    };
    const registry = buildRegistry(deps(), [fakeModule]);
    expect(registry.ratingConnectors).toEqual([fakeRating]);
    expect(registry.landedCostConnectors).toEqual([]);

    // The tracking service is built from the registry alone; it finds the fake module's connector for the number.
    const service = new TrackingService({ routes: registry.tracking, divisions: ['express', 'ecommerce'], maxNumbersPerRequest: 100 });
    const request = service.validate({ carrier: 'DARK_STORE', trackingNumber: 'DS-000123' }, 'input');
    const route = service.route(request);
    expect(route.name).toBe('dark-store');
    const outcomes = await service.trackOnRoute(route, [request]);
    expect(outcomes).toEqual([{ ok: true, shipments: [] }]);
    expect(tracked).toEqual([[request]]);

    // A carrier whose module is not in the list has no tracking interface: BAD_USER_INPUT on the field, no call.
    expect(() => service.validate({ carrier: 'GROUP_A', trackingNumber: '1234567893' }, 'input')).toThrow(
      expect.objectContaining({ field: 'input.carrier', message: expect.stringMatching(/GROUP_A has no tracking interface/) }),
    );

    await Promise.all([registry.close(), registry.close()]);
    expect(closed).toBe(1);
  });

  it('a reference lookup is offered by the modules that offer one, and refused naming them for any other carrier', async () => {
    const registry = buildRegistry(deps());
    try {
      const service = new TrackingService({ routes: registry.tracking, divisions: config.groupADivisions, maxNumbersPerRequest: 100 });
      expect(registry.tracking.carriersWithReferences).toEqual(['CARRIER_B']);
      await expect(
        service.trackByReference({ carrier: 'GROUP_A', referenceType: 'CUSTOMER_REFERENCE', value: 'ORDER-1', shipDateBegin: null, shipDateEnd: null, includeEvents: false }),
      ).rejects.toThrow(/reference lookup is offered by CARRIER_B only/);
    } finally {
      await registry.close();
    }
  });
});

describe('one upstream client (one undici pool) per configured interface', () => {
  let registry: CarrierRegistry;
  const closes: UpstreamClient[] = [];

  beforeAll(() => {
    const close = UpstreamClient.prototype.close;
    vi.spyOn(UpstreamClient.prototype, 'close').mockImplementation(function (this: UpstreamClient) {
      closes.push(this);
      return close.call(this);
    });
    registry = buildRegistry(deps());
  });
  afterAll(async () => {
    await registry.close();
    vi.restoreAllMocks();
  });

  it('every configured interface has exactly one client, and no two modules share or duplicate one', () => {
    const upstreams = registry.clients.map((client) => client.upstream).sort();
    const configured: CarrierInterface[] = ['carrier-b', 'group-a/ecommerce', 'group-a/express', 'group-a/tracking'];
    for (const upstream of configured) expect(upstreams.filter((u) => u === upstream)).toHaveLength(1);
    expect(new Set(upstreams).size).toBe(upstreams.length);
  });

  it('every capability of an interface calls through that interface\'s one client (express tracking and express rating share it)', () => {
    const clientOf = new Map(registry.clients.map((client) => [client.upstream, client] as const));
    const capabilities: Array<{ upstream: CarrierInterface }> = [
      ...registry.modules.flatMap((m) => m.tracking?.interfaces.map((i) => i.connector) ?? []),
      ...registry.ratingConnectors,
      ...registry.landedCostConnectors,
      ...registry.postalValidators,
      ...registry.healthConnectors,
    ];
    const holding = capabilities.filter((capability) => (capability as { client?: unknown }).client instanceof UpstreamClient);
    // At least every tracking connector of the four configured interfaces holds its client.
    expect(new Set(holding.map((c) => c.upstream)).size).toBeGreaterThanOrEqual(4);
    // Express tracking is not alone on its client: express rating (and landed cost) call through the same one, so the
    // test environment's 500 calls a day are counted once for all of them.
    expect(holding.filter((c) => c.upstream === 'group-a/express').length).toBeGreaterThanOrEqual(2);
    expect(registry.ratingConnectors.some((c) => c.upstream === 'group-a/express')).toBe(true);
    for (const capability of holding) {
      expect((capability as unknown as { client: UpstreamClient }).client, capability.upstream).toBe(clientOf.get(capability.upstream));
    }
  });

  it('close() closes every pool once, however often it is called', async () => {
    await Promise.all([registry.close(), registry.close()]);
    await registry.close();
    expect(closes).toHaveLength(registry.clients.length);
    expect(new Set(closes)).toEqual(new Set(registry.clients));
  });
});

describe('the registry lists every carrier module (src/carriers/registry.ts is the only place naming them all)', () => {
  it('one module per carrier, none twice', () => {
    const carriers = CARRIER_MODULES.map((module) => module.carrier);
    expect(new Set(carriers).size).toBe(carriers.length);
    expect(carriers).toEqual(expect.arrayContaining(['GROUP_A', 'CARRIER_B']));
  });
});
