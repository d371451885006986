import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock, SANDBOX_DARK_STORE_PINCODES, startSandbox, type Sandbox, type StartSandboxOptions } from '../../sandbox/index.js';
import { CARRIER_MODULES } from '../../src/carriers/registry.js';
import type { CarrierModule } from '../../src/carriers/module-contract.js';
import { loadConfig } from '../../src/config.js';
import { createLogger, type Logger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { startRecordingProxy, type RecordingProxy } from '../carriers/carrier-b/recording-proxy.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { migratedDataDir } from '../support/database.js';

/** A fixed sandbox time, so the shipments' stories do not depend on when the tests run. */
export const EPOCH = '2026-03-10T12:00:00Z';

export interface E2E {
  server: StartedServer;
  sandbox: Sandbox;
  /** The recording proxy in front of Carrier B, when asked for. */
  carrierBProxy: RecordingProxy | null;
  /** The fault-injecting proxies asked for (`faultProxies`), in front of those simulators. */
  faults: Partial<Record<FaultedUpstream, FaultProxy>>;
  /** POSTs one GraphQL operation as JSON to the server's /graphql. */
  gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<GraphQLAnswer<T>>;
  /** Carrier B `POST /track/v1/trackingnumbers` calls the simulator has seen since the last `resetStats()`. */
  carrierBTrackCalls(): number;
  /** Every business call any simulator has seen (token calls excluded). */
  upstreamBusinessCalls(): number;
  /**
   * The same without tracking: labels bought earlier are tracked from birth and reconciled in the background, whenever
   * their timers fire, so a tracking call may land inside any test that asserts "no call".
   */
  businessCallsButTracking(): number;
  close(): Promise<void>;
}

export interface GraphQLAnswer<T = any> {
  status: number;
  data: T;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, any> }>;
}

/** Simulators a fault-injecting proxy can be put in front of. */
export type FaultedUpstream = 'carrierB' | 'groupAExpress';

export interface E2EOptions {
  /** Put a fault-injecting proxy (test/support/fault-proxy.ts) between the subgraph and these simulators. */
  faultProxies?: FaultedUpstream[];
  /** Extra environment for the subgraph (e.g. MAX_TRACKING_NUMBERS_PER_REQUEST). */
  env?: Record<string, string>;
  sandbox?: StartSandboxOptions;
  /** Use the masked (postal-code entitlement) unified key. */
  maskedUnifiedKey?: boolean;
  /** Put a recording proxy between the subgraph and the Carrier B simulator, to read the request bodies. */
  recordCarrierB?: boolean;
  /** The server's logger (default: silent); tests of what is logged pass one writing to memory. */
  logger?: Logger;
  /**
   * Configure the dark store too (DARK_STORE_BASE_URL at the simulator, the sandbox catchment). Off by default: its
   * monitor reads `/health` in the background, which tests counting upstream calls would see.
   */
  withDarkStore?: boolean;
  /** Configure e-commerce shipping too (the sandbox's pickup account and distribution center): labels, manifests, returns. */
  withEcommerceShipping?: boolean;
  /** Point Group A push at the sandbox's push simulator (GROUP_A_PUSH_BASE_URL), so push subscriptions can be created. */
  withPush?: boolean;
  /**
   * Carrier modules besides the registry's (a test's own carrier), registered as CARRIER_MODULES registers a real one:
   * their variables are read with the rest, and one not configured by `env` is pointed at its simulators by its
   * sandbox hook.
   */
  modules?: CarrierModule[];
}

/**
 * Starts our own sandbox (fixed epoch, manual clocks, no unified interval) and the subgraph configured against it over
 * real HTTP, as a deployment with every carrier configured would be.
 */
export async function startE2E(options: E2EOptions = {}): Promise<E2E> {
  const sandbox = await startSandbox({
    seed: 'e2e-seed',
    epoch: EPOCH,
    clock: new ManualClock(EPOCH),
    wallClock: new ManualClock(EPOCH),
    unifiedQuota: { minIntervalMs: 0, dailyQuota: 10_000 },
    faults: { carrierB: { latencyMs: 2 } },
    ...options.sandbox,
  });
  const faults: Partial<Record<FaultedUpstream, FaultProxy>> = {};
  for (const upstream of options.faultProxies ?? []) faults[upstream] = await startFaultProxy(sandbox.urls[upstream]);
  const proxy = options.recordCarrierB ? await startRecordingProxy(faults.carrierB?.origin ?? sandbox.urls.carrierB) : null;
  // A copy of the run's migrated PGlite template (no initdb or migrations per start), unless the store is elsewhere.
  const dataDir =
    options.env?.['DATABASE_URL'] || options.env?.['DATA_DIR']
      ? await mkdtemp(join(tmpdir(), 'carrier-subgraph-e2e-'))
      : (await migratedDataDir('carrier-subgraph-e2e-')).root;
  const c = sandbox.credentials;
  const loaded = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    SANDBOX: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    UPSTREAM_RETRY_BASE_DELAY_MS: '5',
    CARRIER_B_BASE_URL: proxy?.origin ?? faults.carrierB?.origin ?? sandbox.urls.carrierB,
    CARRIER_B_CLIENT_ID: c.carrierB.clientId,
    CARRIER_B_CLIENT_SECRET: c.carrierB.clientSecret,
    CARRIER_B_ACCOUNT_NUMBER: c.carrierB.accountNumber,
    GROUP_A_TRACK_BASE_URL: sandbox.urls.groupAUnified,
    GROUP_A_TRACK_API_KEY: options.maskedUnifiedKey ? c.groupAUnified.maskedApiKey : c.groupAUnified.apiKey,
    GROUP_A_TRACK_MIN_INTERVAL_MS: '0',
    GROUP_A_TRACK_MAX_WAIT_MS: '2000',
    GROUP_A_EXPRESS_BASE_URL: faults.groupAExpress?.origin ?? sandbox.urls.groupAExpress,
    GROUP_A_EXPRESS_USERNAME: c.groupAExpress.username,
    GROUP_A_EXPRESS_PASSWORD: c.groupAExpress.password,
    GROUP_A_EXPRESS_ACCOUNT_NUMBERS: c.groupAExpress.accountNumber,
    GROUP_A_ECOM_BASE_URL: sandbox.urls.groupAEcommerce,
    GROUP_A_ECOM_CLIENT_ID: c.groupAEcommerce.clientId,
    GROUP_A_ECOM_CLIENT_SECRET: c.groupAEcommerce.clientSecret,
    // Tests count upstream calls per lookup and reuse numbers across tests: no freshness cache unless a test asks for it.
    TRACKING_FRESHNESS_MS: '0',
    ...options.env,
    // After env, so an empty DARK_STORE_* there still gets the simulator's (a test cannot know its URL beforehand).
    ...(options.withDarkStore ? darkStoreEnv(sandbox, options.env) : {}),
    ...(options.withPush ? { GROUP_A_PUSH_BASE_URL: sandbox.push.baseUrl } : {}),
    ...(options.withEcommerceShipping
      ? { GROUP_A_ECOM_PICKUP_ACCOUNT: c.groupAEcommerce.pickupAccount, GROUP_A_ECOM_DISTRIBUTION_CENTER: c.groupAEcommerce.distributionCenter }
      : {}),
  }, { modules: [...CARRIER_MODULES, ...(options.modules ?? [])] });
  if (!loaded.ok) throw new Error(`config: ${loaded.problems.join('; ')}`);
  const logger = options.logger ?? createLogger('silent');
  let config = loaded.config;
  const closers: Array<() => Promise<void>> = [];
  for (const module of options.modules ?? []) {
    if (!module.sandbox || module.upstreams.some((upstream) => upstream.configured(config))) continue;
    const attached = await module.sandbox.attach({ config, sandbox, logger });
    config = { ...config, ...attached.sections };
    if (attached.close) closers.push(attached.close);
  }
  const server = await startServer({ config, logger, modules: [...CARRIER_MODULES, ...(options.modules ?? [])] });
  return {
    server,
    sandbox,
    carrierBProxy: proxy,
    faults,
    gql: (query, variables) => postGraphQL(server.url, query, variables),
    carrierBTrackCalls: () => sandbox.stats.carrierB.calls['POST /track/v1/trackingnumbers'] ?? 0,
    businessCallsButTracking: () =>
      Object.values(sandbox.stats)
        .flatMap((s) => Object.entries(s.calls))
        .filter(([route]) => !/token|\/track|tracking/.test(route))
        .reduce((n, [, v]) => n + v, 0),
    upstreamBusinessCalls: () =>
      Object.values(sandbox.stats).reduce(
        (sum, s) =>
          sum +
          Object.entries(s.calls)
            .filter(([route]) => !/token/.test(route))
            .reduce((n, [, v]) => n + v, 0),
        0,
      ),
    async close() {
      await server.close();
      for (const close of closers) await close();
      await proxy?.close();
      for (const fault of Object.values(faults)) await fault.close();
      await sandbox.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** DARK_STORE_BASE_URL at the simulator and the sandbox catchment, unless `env` sets them to something. */
function darkStoreEnv(sandbox: Sandbox, env: Record<string, string> = {}): Record<string, string> {
  return {
    DARK_STORE_BASE_URL: env['DARK_STORE_BASE_URL'] || sandbox.urls.darkStore,
    ...(env['DARK_STORE_PINCODES'] || env['DARK_STORE_PINCODES_FILE'] ? {} : { DARK_STORE_PINCODES: SANDBOX_DARK_STORE_PINCODES.join(',') }),
  };
}

export async function postGraphQL<T = any>(url: string, query: string, variables?: Record<string, unknown>): Promise<GraphQLAnswer<T>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
  });
  const body = (await response.json()) as { data: T; errors?: GraphQLAnswer['errors'] };
  return { status: response.status, data: body.data, ...(body.errors ? { errors: body.errors } : {}) };
}

/** `n` distinct 12-digit Carrier B numbers that the sandbox knows (ending 3: in transit), starting at `from`. */
export function carrierBNumbers(n: number, from = 0): string[] {
  return Array.from({ length: n }, (_, i) => `1${String(from + i).padStart(10, '0')}3`);
}
