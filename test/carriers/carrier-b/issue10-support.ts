import { ManualClock, startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { carrierBModule } from '../../../src/carriers/carrier-b/index.js';
import type { CarrierCapabilities } from '../../../src/carriers/module-contract.js';
import { loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/platform/logger.js';
import { createMetrics } from '../../../src/platform/metrics.js';

/**
 * Carrier B pickups, address resolution and notifications (issue 10): our sandbox over real HTTP (manual clock at a
 * fixed epoch) and the Carrier B module exactly as built from configuration (one client for every capability).
 */
export const EPOCH = '2026-03-10T15:00:00.000Z';

export interface CarrierBWorld {
  sandbox: Sandbox;
  clock: ManualClock;
  module: CarrierCapabilities;
  close(): Promise<void>;
}

export async function startCarrierBWorld(seed: string): Promise<CarrierBWorld> {
  const clock = new ManualClock(EPOCH);
  const sandbox = await startSandbox({ seed, clock, epoch: EPOCH });
  const loaded = loadConfig({
    LOG_LEVEL: 'silent',
    CARRIER_B_BASE_URL: sandbox.urls.carrierB,
    CARRIER_B_CLIENT_ID: sandbox.credentials.carrierB.clientId,
    CARRIER_B_CLIENT_SECRET: sandbox.credentials.carrierB.clientSecret,
    CARRIER_B_ACCOUNT_NUMBER: sandbox.credentials.carrierB.accountNumber,
  });
  if (!loaded.ok) throw new Error(`config: ${loaded.problems.join('; ')}`);
  const module = carrierBModule.build({
    config: loaded.config,
    timeouts: { connectTimeoutMs: 2_000, headersTimeoutMs: 3_000, bodyTimeoutMs: 3_000 },
    retryBaseDelayMs: 10,
    metrics: createMetrics(),
    logger: createLogger('silent'),
  });
  return {
    sandbox,
    clock,
    module,
    close: async () => {
      await module.close();
      await sandbox.close();
    },
  };
}

export function only<T>(list: readonly T[] | undefined, name: string): T {
  if (!list || list.length !== 1) throw new Error(`the Carrier B module offers ${list?.length ?? 0} ${name} connectors, expected 1`);
  return list[0]!;
}

export function callsTo(sandbox: Sandbox, route: string): number {
  return sandbox.stats.carrierB.calls[route] ?? 0;
}
