import { join } from 'node:path';
// Types only: the simulators themselves are imported when asked for (below), so a production build runs without
// sandbox/ on disk (the Docker runtime stage ships none of it).
import type { Sandbox } from '../../sandbox/index.js';
import { CARRIER_MODULES } from '../carriers/registry.js';
import type { CarrierModule } from '../carriers/module-contract.js';
import { noUpstreamConfigured } from '../config.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';

/** The start is refused for a reason the operator fixes in the environment; main prints the message as is. */
export class StartRefusedError extends Error {
  override readonly name = 'StartRefusedError';
}

/** "A, B, C or D": every base URL variable the modules declare, so the refusal never forgets one. */
function baseUrlVariables(modules: readonly CarrierModule[]): string {
  const names = modules.flatMap((module) => module.upstreams.map((upstream) => upstream.baseUrlVariable));
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * Whether the simulators stand in for the upstreams. SANDBOX=on: always. Otherwise never in production
 * (DESIGN.md: "NODE_ENV=production never serves simulated data"), where a start with no upstream at all is refused
 * naming what to set; outside production SANDBOX=auto starts them when nothing is configured.
 */
export function sandboxWanted(config: Config, modules: readonly CarrierModule[] = CARRIER_MODULES): boolean {
  if (config.sandbox.mode === 'on') return true;
  const nothingConfigured = noUpstreamConfigured(config, modules);
  if (config.server.production && nothingConfigured) {
    throw new StartRefusedError(
      'NODE_ENV=production and no upstream is configured, and production never serves simulated data. ' +
        `Set ${baseUrlVariables(modules)} ` +
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
 * The simulators of every upstream start in this process and every connection points at them: each module points its
 * own section at them (or at simulators of its own it starts). The first log lines say so loudly: nothing reaches a
 * real carrier.
 */
export async function startInProcessSandbox(config: Config, logger: Logger, modules: readonly CarrierModule[] = CARRIER_MODULES): Promise<InProcessSandbox> {
  const { startSandbox, SIMULATOR_NAMES } = await import('../../sandbox/index.js');
  const stateFile = sandboxStateFile(config);
  const sandbox = await startSandbox({
    ...(stateFile ? { stateFile } : {}),
    seed: config.sandbox.seed,
    timeScale: config.sandbox.timeScale,
    // The simulators' own lines (the bridge's "received records", so a demo shows events arriving; answers at debug).
    logger: logger.child({ component: 'sandbox' }),
    faults: Object.fromEntries(SIMULATOR_NAMES.map((name) => [name, { latencyMs: config.sandbox.latencyMs }])),
    ...Object.assign({}, ...modules.map((module) => module.sandbox?.options?.(config) ?? {})),
  });
  const closers: Array<() => Promise<void>> = [];
  let sandboxed: Config = {
    ...config,
    // The shipment events go to the bridge simulator, never to a real analytics Project.
    analytics: {
      baseUrl: sandbox.urls.analyticsBridge,
      projectToken: sandbox.credentials.analyticsBridge.projectToken,
      serverKey: sandbox.credentials.analyticsBridge.serverKey,
      personalDataAllowList: config.analytics?.personalDataAllowList ?? [],
    },
  };
  try {
    for (const module of modules) {
      if (!module.sandbox) continue;
      const attached = await module.sandbox.attach({ config, sandbox, logger });
      sandboxed = { ...sandboxed, ...attached.sections };
      if (attached.close) closers.push(attached.close);
    }
  } catch (error) {
    await Promise.all([sandbox.close(), ...closers.map((close) => close())]);
    throw error;
  }
  logger.warn(
    config.sandbox.mode === 'on'
      ? 'SANDBOX MODE: SANDBOX=on, so the upstream simulators run in this process.'
      : 'SANDBOX MODE: no carrier is configured, so the upstream simulators run in this process.',
  );
  logger.warn({ upstreams: sandbox.urls, seed: config.sandbox.seed, timeScale: config.sandbox.timeScale }, 'SANDBOX MODE: every connection points at a simulator; nothing reaches a real carrier');
  return {
    sandbox,
    config: sandboxed,
    close: async () => {
      await Promise.all([sandbox.close(), ...closers.map((close) => close())]);
    },
  };
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
