import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// Types only: the simulators themselves are imported when asked for (below), so a production build runs without
// sandbox/ on disk (the Docker runtime stage ships none of it).
import type { Sandbox } from '../../sandbox/index.js';
import { loadConfig, noUpstreamConfigured, type Config, type DarkStoreConfig } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';

/** The start is refused for a reason the operator fixes in the environment; main prints the message as is. */
export class StartRefusedError extends Error {
  override readonly name = 'StartRefusedError';
}

/**
 * Whether the simulators stand in for the upstreams. SANDBOX=on: always. Otherwise never in production
 * (DESIGN.md: "NODE_ENV=production never serves simulated data"), where a start with no upstream at all is refused
 * naming what to set; outside production SANDBOX=auto starts them when nothing is configured.
 */
export function sandboxWanted(config: Config): boolean {
  if (config.sandbox.mode === 'on') return true;
  const nothingConfigured = noUpstreamConfigured(config);
  if (config.server.production && nothingConfigured) {
    throw new StartRefusedError(
      'NODE_ENV=production and no upstream is configured, and production never serves simulated data. ' +
        'Set CARRIER_B_BASE_URL, GROUP_A_TRACK_BASE_URL, GROUP_A_EXPRESS_BASE_URL or GROUP_A_ECOM_BASE_URL ' +
        '(each with its credentials, see .env.example), or SANDBOX=on to run the simulators deliberately.',
    );
  }
  return config.sandbox.mode === 'auto' && nothingConfigured;
}

export interface InProcessSandbox {
  sandbox: Sandbox;
  /** The configuration with every upstream pointed at the simulators. */
  config: Config;
  close(): Promise<void>;
}

/**
 * The simulators of every upstream start in this process and every connection points at them. The first log lines
 * say so loudly: nothing reaches a real carrier.
 */
export async function startInProcessSandbox(config: Config, logger: Logger): Promise<InProcessSandbox> {
  const [{ startSandbox, SANDBOX_DARK_STORE_PINCODES }, { DIVISIONS: SANDBOX_DIVISIONS }] = await Promise.all([
    import('../../sandbox/index.js'),
    import('../../sandbox/group-a/numbers.js'),
  ]);
  const stateFile = sandboxStateFile(config);
  const sandbox = await startSandbox({
    ...(stateFile ? { stateFile } : {}),
    seed: config.sandbox.seed,
    timeScale: config.sandbox.timeScale,
    // The simulators' own lines (the bridge's "received records", so a demo shows events arriving; answers at debug).
    logger: logger.child({ component: 'sandbox' }),
    // One assumption moves both: the simulator follows our push path and secret header (docs/assumptions.md P1, P4).
    // With WEBHOOK_TLS_CERT_FILE the simulator trusts our own certificate besides the public roots, so a self-signed
    // development certificate works against the sandbox; it still verifies the chain and the host name.
    push: {
      subscriptionsPath: `/track${config.groupAPush.subscriptionsPath}`,
      secretHeader: config.groupAPush.secretHeader,
      ...(config.webhook.tls ? { ca: readFileSync(config.webhook.tls.certFile) } : {}),
    },
    faults: {
      carrierB: { latencyMs: config.sandbox.latencyMs },
      groupAUnified: { latencyMs: config.sandbox.latencyMs },
      groupAExpress: { latencyMs: config.sandbox.latencyMs },
      groupAEcommerce: { latencyMs: config.sandbox.latencyMs },
      darkStore: { latencyMs: config.sandbox.latencyMs },
      analyticsBridge: { latencyMs: config.sandbox.latencyMs },
    },
  });
  const c = sandbox.credentials;
  const sandboxed: Config = {
    ...config,
    carrierB: {
      baseUrl: sandbox.urls.carrierB,
      clientId: c.carrierB.clientId,
      clientSecret: c.carrierB.clientSecret,
      accountNumber: c.carrierB.accountNumber,
      locale: config.carrierB?.locale ?? null,
    },
    groupATracking: {
      baseUrl: sandbox.urls.groupAUnified,
      apiKey: c.groupAUnified.apiKey,
      // The simulator enforces the seed's quota, so the sandbox keeps ours at the seed's values too.
      minIntervalMs: 5_000,
      dailyQuota: 250,
      maxWaitMs: 20_000,
      cacheTtlMs: 300_000,
      pageLimit: 5,
      ...(config.groupATracking ? pickQuota(config) : {}),
    },
    // Every division the simulator answers with (it has a `freight` one too) is accepted back as input.
    groupADivisions: [...new Set([...config.groupADivisions, ...SANDBOX_DIVISIONS])],
    // The push simulator has its own origin; subscription paths follow GROUP_A_PUSH_SUBSCRIPTIONS_PATH below /track.
    groupAPush: { ...config.groupAPush, baseUrl: sandbox.push.baseUrl },
    groupAExpress: {
      baseUrl: sandbox.urls.groupAExpress,
      environment: 'test',
      username: c.groupAExpress.username,
      password: c.groupAExpress.password,
      accountNumbers: [c.groupAExpress.accountNumber],
      // The simulator enforces the test environment's 500 calls a day (D10); ours keeps inside it.
      dailyQuota: config.groupAExpress?.dailyQuota ?? 500,
    },
    groupAEcommerce: {
      baseUrl: sandbox.urls.groupAEcommerce,
      clientId: c.groupAEcommerce.clientId,
      clientSecret: c.groupAEcommerce.clientSecret,
      // Products and duty and tax send the account's pickup and distribution center (E9); the simulator's are US.
      pickupAccount: c.groupAEcommerce.pickupAccount,
      distributionCenter: c.groupAEcommerce.distributionCenter,
      trackPath: '/tracking/v4/package',
      trackParamPackageId: 'packageId',
      trackParamCarrierId: 'carrierPackageId',
    },
    // The simulator's health; the sandbox catchment unless DARK_STORE_PINCODES(_FILE) chose another (DS4).
    darkStore: {
      ...(config.darkStore ?? darkStoreDefaults(sandbox.urls.darkStore)),
      baseUrl: sandbox.urls.darkStore,
      ...(config.darkStore?.pincodes || config.darkStore?.pincodesFile ? {} : { pincodes: SANDBOX_DARK_STORE_PINCODES.join(','), pincodesFile: null }),
    },
    // The shipment events go to the bridge simulator, never to a real analytics Project (seed 002 B).
    analytics: {
      baseUrl: sandbox.urls.analyticsBridge,
      projectToken: c.analyticsBridge.projectToken,
      serverKey: c.analyticsBridge.serverKey,
      personalDataAllowList: config.analytics?.personalDataAllowList ?? [],
    },
  };
  logger.warn(
    config.sandbox.mode === 'on'
      ? 'SANDBOX MODE: SANDBOX=on, so the upstream simulators run in this process.'
      : 'SANDBOX MODE: no carrier is configured, so the upstream simulators run in this process.',
  );
  logger.warn({ upstreams: sandbox.urls, seed: config.sandbox.seed, timeScale: config.sandbox.timeScale }, 'SANDBOX MODE: every connection points at a simulator; nothing reaches a real carrier');
  return { sandbox, config: sandboxed, close: () => sandbox.close() };
}

/**
 * Where the simulators keep what they created, so a restart on the same DATA_DIR never hands out a number twice and
 * what was bought is still found: beside the store that remembers the labels (inside the embedded store's directory,
 * locked to this process; with DATABASE_URL, DATA_DIR still holds it). None for an in-memory store, which forgets too.
 */
export function sandboxStateFile(config: Config): string | null {
  const dataDir = config.store.dataDir;
  return dataDir.startsWith('memory://') ? null : join(dataDir, SANDBOX_STATE_FILE);
}

export const SANDBOX_STATE_FILE = 'sandbox-state.json';

/** The dark store with every DARK_STORE_* default (one source: the config schema), for a sandbox that set none. */
function darkStoreDefaults(baseUrl: string): DarkStoreConfig {
  const loaded = loadConfig({ DARK_STORE_BASE_URL: baseUrl });
  if (!loaded.ok || !loaded.config.darkStore) throw new Error(`dark-store sandbox defaults: ${loaded.ok ? 'none' : loaded.problems.join('; ')}`);
  return loaded.config.darkStore;
}

function pickQuota(config: Config) {
  const t = config.groupATracking!;
  return { minIntervalMs: t.minIntervalMs, dailyQuota: t.dailyQuota, maxWaitMs: t.maxWaitMs, cacheTtlMs: t.cacheTtlMs, pageLimit: t.pageLimit };
}
