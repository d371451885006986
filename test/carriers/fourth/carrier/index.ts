import type { CarrierModule } from '../module-contract.js';
import { poolConnectionsFor } from '../../platform/config.js';
import { staticHeaderAuth } from '../../platform/http/auth.js';
import { UpstreamClient } from '../../platform/http/upstream-client.js';
import { fourthConfigSection } from './config.js';
import { FOURTH_UPSTREAM, fourthRating, fourthShipping, fourthTracking } from './connectors.js';
import { FOURTH_API_KEY, startFourthSimulator } from './simulator.js';

/**
 * A fourth carrier, test-only, written as a real one is (src/carriers/<name>/index.ts): its configuration section, the
 * upstream it opens, its own simulator for sandbox mode, and `build`, one client handed to every capability. Its
 * imports are those of src/carriers/fourth/: it runs only there, in the copy of the project the process test makes
 * (test/carriers/fourth/fourth-carrier.process.test.ts), where the registry and the Carrier enum name it.
 */
export const fourthModule: CarrierModule = {
  carrier: 'TEST_FOURTH',
  config: fourthConfigSection,
  upstreams: [
    {
      name: FOURTH_UPSTREAM,
      carrier: 'TEST_FOURTH',
      division: null,
      baseUrlVariable: 'FOURTH_BASE_URL',
      poolVariable: 'UPSTREAM_POOL_CONNECTIONS_FOURTH',
      configured: (config) => !!config.fourth,
    },
  ],
  sandbox: {
    // Its simulator is not among the shared ones: it starts its own, and sandbox mode closes it.
    async attach() {
      const simulator = await startFourthSimulator();
      return { sections: { fourth: { baseUrl: simulator.url, apiKey: FOURTH_API_KEY, account: 'F-1' } }, close: () => simulator.close() };
    },
  },
  build(deps) {
    const section = deps.config.fourth ?? null;
    const client = section
      ? new UpstreamClient({
          upstream: FOURTH_UPSTREAM,
          baseUrl: section.baseUrl,
          auth: staticHeaderAuth('x-api-key', section.apiKey),
          timeouts: deps.timeouts,
          retryBaseDelayMs: deps.retryBaseDelayMs,
          metrics: deps.metrics,
          logger: deps.logger,
          connections: poolConnectionsFor(deps.config.http, FOURTH_UPSTREAM),
        })
      : null;
    const tracking = client ? fourthTracking(client) : null;
    return {
      carrier: 'TEST_FOURTH',
      tracking: { carrier: 'TEST_FOURTH', interfaces: tracking ? [{ upstream: FOURTH_UPSTREAM, connector: tracking }] : [], route: () => FOURTH_UPSTREAM },
      rating: client ? [fourthRating(client)] : [],
      landedCost: [],
      postalValidation: [],
      health: [],
      shipping: client && section ? [fourthShipping(client, section)] : [],
      clients: client ? [client] : [],
      close: async () => {
        await client?.close();
      },
    };
  },
};
