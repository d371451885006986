import { ManualClock, startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { createDarkStoreHttpClient } from '../../../src/carriers/dark-store/client.js';
import { DarkStoreHealthConnector } from '../../../src/carriers/dark-store/health.js';
import type { UpstreamClient } from '../../../src/platform/http/upstream-client.js';
import { createLogger } from '../../../src/platform/logger.js';
import { createMetrics, type Metrics } from '../../../src/platform/metrics.js';

export const EPOCH = '2026-03-10T12:00:00Z';
const timeouts = { connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 };

export interface DarkStoreHarness {
  sandbox: Sandbox;
  wallClock: ManualClock;
  metrics: Metrics;
  client: UpstreamClient;
  connector: DarkStoreHealthConnector;
  close(): Promise<void>;
}

/** The sandbox (fixed wall clock) and a health connector pointed at its dark store, or at `baseUrl` when given. */
/** A client and health connector toward any `{fulfilment_url}` (close the client). */
export function healthConnectorAt(baseUrl: string, metrics: Metrics = createMetrics()): { client: UpstreamClient; connector: DarkStoreHealthConnector } {
  const client = createDarkStoreHttpClient({ config: { baseUrl }, timeouts, retryBaseDelayMs: 5, metrics, logger: createLogger('silent') });
  return { client, connector: new DarkStoreHealthConnector({ client }) };
}

export async function startDarkStoreHarness(baseUrl?: (sandbox: Sandbox) => string): Promise<DarkStoreHarness> {
  const wallClock = new ManualClock(EPOCH);
  const sandbox = await startSandbox({ seed: 'dark-store-tests', epoch: EPOCH, clock: new ManualClock(EPOCH), wallClock });
  const metrics = createMetrics();
  const { client, connector } = healthConnectorAt(baseUrl ? baseUrl(sandbox) : sandbox.urls.darkStore, metrics);
  return {
    sandbox,
    wallClock,
    metrics,
    client,
    connector,
    async close() {
      await client.close();
      await sandbox.close();
    },
  };
}
