/**
 * DESIGN.md, "Upstream clients": "an answer that does not match is UPSTREAM_CONTRACT, never 'not found', and is never
 * cached". Every tracking connector is pointed, over real HTTP, at a tiny upstream that answers 200 with the payload
 * missing: `{}`, or the list the contract requires empty. An unknown number is a 404 on every interface (seed 000
 * Errors 3; assumptions X1, E2, B2), so a 200 without a shipment is the upstream breaking its contract.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCarrierBHttpClient } from '../../src/carriers/carrier-b/client.js';
import { createCarrierBConnector } from '../../src/carriers/carrier-b/connector.js';
import { createEcommerceHttpClient } from '../../src/carriers/group-a/ecommerce/client.js';
import { EcommerceTrackingConnector } from '../../src/carriers/group-a/ecommerce/connector.js';
import { createExpressHttpClient } from '../../src/carriers/group-a/express/client.js';
import { ExpressTrackingConnector } from '../../src/carriers/group-a/express/connector.js';
import { UnifiedTrackingConnector } from '../../src/carriers/group-a/unified/connector.js';
import type { TrackOutcome } from '../../src/domain/tracking.js';
import { startTestServer, type Reply, type SeenRequest, type TestServer } from '../platform/test-server.js';
import { trackRequest } from '../support/track-request.js';
import { platform } from './group-a/harness.js';

const TOKEN = { access_token: 'test-token', token_type: 'Bearer', expires_in: 3600, scope: 'all' };

let upstream: TestServer | undefined;
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await upstream?.close();
  upstream = undefined;
});

/** A 200 with `business` for every business call; a token for token calls. */
async function upstreamAnswering(business: unknown): Promise<TestServer> {
  upstream = await startTestServer((req: SeenRequest): Reply => {
    if (/token/.test(req.url)) return { status: 200, body: TOKEN };
    return { status: 200, body: business };
  });
  return upstream;
}

const businessCalls = (server: TestServer) => server.seen.filter((req) => !/token/.test(req.url)).length;

function codeOf(outcome: TrackOutcome | undefined): string {
  if (!outcome) throw new Error('no outcome');
  return outcome.ok ? 'OK' : outcome.error.code;
}

function unified(server: TestServer) {
  const connector = new UnifiedTrackingConnector({
    config: { baseUrl: server.origin, apiKey: 'key', minIntervalMs: 0, dailyQuota: 250, maxWaitMs: 1_000, cacheTtlMs: 30_000, pageLimit: 5 },
    ...platform(),
  });
  closers.push(() => connector.close());
  return connector;
}

function express(server: TestServer) {
  const connector = new ExpressTrackingConnector({
    client: createExpressHttpClient({
      config: { baseUrl: server.origin, environment: 'test', username: 'u', password: 'p', accountNumbers: ['123456789'] },
      ...platform(),
    }),
  });
  closers.push(() => connector.close());
  return connector;
}

function ecommerce(server: TestServer) {
  const config = {
    baseUrl: server.origin,
    clientId: 'id',
    clientSecret: 'secret',
    pickupAccount: null,
    trackPath: '/tracking/v4/package',
    trackParamPackageId: 'packageId',
    trackParamCarrierId: 'carrierPackageId',
  };
  const connector = new EcommerceTrackingConnector({ client: createEcommerceHttpClient({ config, ...platform() }), config });
  closers.push(() => connector.close());
  return connector;
}

function carrierB(server: TestServer) {
  const { metrics, logger, timeouts } = platform();
  const config = { baseUrl: server.origin, clientId: 'id', clientSecret: 'secret', accountNumber: '123456789', locale: null };
  const connector = createCarrierBConnector({ client: createCarrierBHttpClient({ config, timeouts, retryBaseDelayMs: 10, metrics, logger }), config });
  closers.push(() => connector.close());
  return connector;
}

describe('a 200 whose payload is missing is UPSTREAM_CONTRACT, never UPSTREAM_NOT_FOUND', () => {
  describe('Group A unified tracking', () => {
    it.each([
      ['{}', {}],
      ['an empty shipments list', { shipments: [] }],
    ])('%s is UPSTREAM_CONTRACT', async (_label, body) => {
      const connector = unified(await upstreamAnswering(body));
      expect(codeOf((await connector.track([trackRequest('GROUP_A', '1234567890')]))[0])).toBe('UPSTREAM_CONTRACT');
    });

    it('a contract failure is never cached: the next lookup of the number asks the upstream again', async () => {
      const server = await upstreamAnswering({ shipments: [] });
      const connector = unified(server);
      const request = trackRequest('GROUP_A', '1234567890');
      expect(codeOf((await connector.track([request]))[0])).toBe('UPSTREAM_CONTRACT');
      expect(codeOf((await connector.track([request]))[0])).toBe('UPSTREAM_CONTRACT');
      expect(businessCalls(server)).toBe(2);
    });
  });

  describe('Group A express', () => {
    it.each([
      ['{}', {}],
      ['an empty shipments list', { shipments: [] }],
    ])('%s is UPSTREAM_CONTRACT', async (_label, body) => {
      const connector = express(await upstreamAnswering(body));
      const request = trackRequest('GROUP_A', '1234567890', { division: 'express' });
      expect(codeOf((await connector.track([request]))[0])).toBe('UPSTREAM_CONTRACT');
    });
  });

  describe('Group A e-commerce', () => {
    it.each([
      ['{}', {}],
      ['an empty packages list', { packages: [] }],
    ])('%s is UPSTREAM_CONTRACT', async (_label, body) => {
      const connector = ecommerce(await upstreamAnswering(body));
      const request = trackRequest('GROUP_A', 'GM12345670', { division: 'ecommerce', ecommerceIdType: 'CARRIER_PACKAGE_ID' });
      expect(codeOf((await connector.track([request]))[0])).toBe('UPSTREAM_CONTRACT');
    });
  });

  describe('Carrier B', () => {
    it.each([
      ['{}', {}],
      ['no completeTrackResults', { output: { completeTrackResults: [] } }],
      ['no trackResults for the number', { output: { completeTrackResults: [{ trackingNumber: '123456789012', trackResults: [] }] } }],
    ])('tracking: %s is UPSTREAM_CONTRACT', async (_label, body) => {
      const connector = carrierB(await upstreamAnswering(body));
      expect(codeOf((await connector.track([trackRequest('CARRIER_B', '123456789012')]))[0])).toBe('UPSTREAM_CONTRACT');
    });

    it.each([
      ['{}', {}],
      ['no completeTrackResults', { output: { completeTrackResults: [] } }],
    ])('reference lookup: %s is UPSTREAM_CONTRACT (a reference that matches nothing answers 404)', async (_label, body) => {
      const connector = carrierB(await upstreamAnswering(body));
      const lookup = connector.trackByReference({
        carrier: 'CARRIER_B',
        referenceType: 'CUSTOMER_REFERENCE',
        value: 'ORDER-1',
        shipDateBegin: null,
        shipDateEnd: null,
        includeEvents: false,
      });
      await expect(lookup).rejects.toMatchObject({ code: 'UPSTREAM_CONTRACT' });
    });
  });
});
