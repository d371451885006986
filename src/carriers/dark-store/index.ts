import type { Money } from '../../domain/money.js';
import type { DarkStoreHealth } from '../../domain/rating.js';
import { poolConnectionsFor } from '../../platform/config.js';
import { z } from 'zod';
import { type DarkStoreConfig, darkStoreConfigSection } from './config.js';
import { type DarkStoreView, darkStorePromiseSource } from './promise.js';

export type { DarkStoreView } from './promise.js';
import type { HealthConnector } from '../types.js';
import type { CarrierCapabilities, CarrierModule, CarrierModuleDeps } from '../module-contract.js';
import { type Catchment, loadCatchment } from './catchment.js';
import { DARK_STORE_POOL_CONNECTIONS, createDarkStoreHttpClient } from './client.js';
import { DarkStoreHealthConnector } from './health.js';
import { DarkStoreMonitor, type DarkStoreHealthState } from './monitor.js';
import { DarkStoreRatingConnector, holdingCostPerUnitPerDay } from './rating.js';

export { Catchment, CatchmentConfigError, loadCatchment } from './catchment.js';
export { createDarkStoreHttpClient } from './client.js';
export { DARK_STORE_HEALTH_PATH, DarkStoreHealthConnector } from './health.js';
export { parseMemoryRss } from './memory.js';
export { DarkStoreMonitor, type DarkStoreHealthState } from './monitor.js';
export { DARK_STORE_REFUSALS, DARK_STORE_SERVICE_CODE, DarkStoreRatingConnector, holdingCostPerUnitPerDay } from './rating.js';

/** The dark store's capabilities, with its view (null when not configured). */
export interface DarkStoreCapabilities extends CarrierCapabilities {
  readonly darkStore: DarkStoreView | null;
}

/** The dark store's view among built modules (registry.modules); null when no dark store is configured. */
export function darkStoreOf(modules: readonly CarrierCapabilities[]): DarkStoreView | null {
  for (const module of modules) {
    if (module.carrier === 'DARK_STORE' && 'darkStore' in module) return (module as DarkStoreCapabilities).darkStore;
  }
  return null;
}

/**
 * The dark-store network (seed 002 A): one client for `{fulfilment_url}` (no credential), a background monitor of
 * `/health` (the only published resource; dark_store_* gauges on /metrics), the catchment from configuration, and a
 * rating connector for the 2-4 hour promise priced by the seed's stated charges. No tracking: none is published.
 * A catchment that is wrong (a malformed pincode, an unreadable file, none at all) stops the build, naming its variable.
 */
export const darkStoreModule: CarrierModule = {
  carrier: 'DARK_STORE',
  config: darkStoreConfigSection,
  upstreams: [
    {
      name: 'dark-store',
      carrier: 'DARK_STORE',
      division: null,
      baseUrlVariable: 'DARK_STORE_BASE_URL',
      poolVariable: 'UPSTREAM_POOL_CONNECTIONS_DARK_STORE',
      configured: (config) => config.darkStore !== null,
    },
  ],
  sandbox: {
    // The simulator's health; the sandbox catchment unless DARK_STORE_PINCODES(_FILE) chose another (DS4).
    async attach({ config, sandbox }) {
      const { SANDBOX_DARK_STORE_PINCODES } = await import('../../../sandbox/index.js');
      const own = config.darkStore;
      return {
        sections: {
          darkStore: {
            ...(own ?? darkStoreDefaults(sandbox.urls.darkStore)),
            baseUrl: sandbox.urls.darkStore,
            ...(own?.pincodes || own?.pincodesFile ? {} : { pincodes: SANDBOX_DARK_STORE_PINCODES.join(','), pincodesFile: null }),
          },
        },
      };
    },
  },
  build(deps: CarrierModuleDeps): DarkStoreCapabilities {
    const section = deps.config.darkStore;
    if (!section) {
      return { carrier: 'DARK_STORE', tracking: null, rating: [], landedCost: [], postalValidation: [], health: [], clients: [], darkStore: null, close: async () => {} };
    }
    const catchment = loadCatchment(section);
    const client = createDarkStoreHttpClient({
      config: section,
      timeouts: deps.timeouts,
      retryBaseDelayMs: deps.retryBaseDelayMs,
      metrics: deps.metrics,
      logger: deps.logger,
      // One health read at a time (the monitor's rule): 2 unless UPSTREAM_POOL_CONNECTIONS_DARK_STORE says otherwise.
      connections: poolConnectionsFor(deps.config.http, 'dark-store', DARK_STORE_POOL_CONNECTIONS),
    });
    const monitor = new DarkStoreMonitor({
      connector: new DarkStoreHealthConnector({ client }),
      intervalMs: section.healthIntervalMs,
      maxAgeMs: section.healthMaxAgeMs,
      metrics: deps.metrics,
      logger: deps.logger,
    });
    monitor.start();
    const healthState = () => monitor.state();
    let holdingCost: Money | undefined;
    const view: DarkStoreView = {
      catchment,
      healthState,
      currency: section.currency,
      country: section.country,
      charges: section.charges,
      // Priced at first use: the first currency formatter loads ICU's data, which a start need not wait for.
      get holdingCostPerUnitPerDay() {
        return (holdingCost ??= holdingCostPerUnitPerDay(section));
      },
    };
    let closing: Promise<void> | null = null;
    return {
      carrier: 'DARK_STORE',
      tracking: null,
      rating: [new DarkStoreRatingConnector({ config: section, catchment, health: healthState })],
      landedCost: [],
      postalValidation: [],
      health: [monitoredHealth(monitor)],
      clients: [client],
      darkStore: view,
      promiseSource: darkStorePromiseSource(view),
      close: () => {
        closing ??= monitor.close().then(() => client.close());
        return closing;
      },
    };
  },
};

/**
 * The health a query shows: the monitor's reading while it is fresh and the last read answered (no call), else one
 * read now, joined with any read in flight. Rejects with the read's UpstreamError when the store cannot be read.
 */
export function monitoredHealth(monitor: DarkStoreMonitor): HealthConnector {
  return {
    upstream: 'dark-store',
    async health(): Promise<DarkStoreHealth> {
      let state = monitor.state();
      if (state.health === null || state.error !== null || state.stale) state = await monitor.refresh();
      if (state.error) throw state.error;
      if (!state.health) throw new Error('dark-store health: no reading after a read');
      return state.health;
    },
  };
}

/** The dark store with every DARK_STORE_* default (one source: its section's schema), for a sandbox that set none. */
function darkStoreDefaults(baseUrl: string): DarkStoreConfig {
  const env = z.object(darkStoreConfigSection.shape).parse({ DARK_STORE_BASE_URL: baseUrl });
  const section = darkStoreConfigSection.read(env).darkStore;
  if (!section) throw new Error('dark-store sandbox defaults: none');
  return section;
}
