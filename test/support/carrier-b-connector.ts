import { createCarrierBHttpClient, type CarrierBClientOptions } from '../../src/carriers/carrier-b/client.js';
import type { UpstreamClient } from '../../src/platform/http/upstream-client.js';
import { createCarrierBConnector, type CarrierBConnector } from '../../src/carriers/carrier-b/connector.js';
import { createLogger } from '../../src/platform/logger.js';
import { createMetrics } from '../../src/platform/metrics.js';

/**
 * A Carrier B client as the server builds one, with a test's settings: short timeouts and 10 ms retry back-off (a
 * failing upstream answers within the test's time), fresh metrics, a silent log.
 */
export function testCarrierBClient(config: CarrierBClientOptions['config']): UpstreamClient {
  return createCarrierBHttpClient({
    config,
    timeouts: { connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000 },
    retryBaseDelayMs: 10,
    metrics: createMetrics(),
    logger: createLogger('silent'),
  });
}

/** A Carrier B tracking connector on its own testCarrierBClient. */
export function testCarrierBConnector(config: CarrierBClientOptions['config']): CarrierBConnector {
  return createCarrierBConnector({ client: testCarrierBClient(config), config });
}
