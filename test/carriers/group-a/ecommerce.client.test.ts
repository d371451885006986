import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { createEcommerceHttpClient } from '../../../src/carriers/group-a/ecommerce/client.js';
import { EcommerceTrackingConnector } from '../../../src/carriers/group-a/ecommerce/connector.js';
import type { TrackOutcome } from '../../../src/domain/tracking.js';
import type { GroupAEcommerceConfig } from '../../../src/carriers/group-a/config.js';
import { platform, trackRequest } from './harness.js';

const TRACK = 'GET /tracking/v4/package';
let sandbox: Sandbox | undefined;
let connector: EcommerceTrackingConnector | undefined;

afterEach(async () => {
  await connector?.close();
  await sandbox?.close();
  connector = undefined;
  sandbox = undefined;
});

async function setup(overrides: Partial<GroupAEcommerceConfig> = {}) {
  sandbox = await startSandbox();
  const config: GroupAEcommerceConfig = {
    baseUrl: sandbox.urls.groupAEcommerce,
    clientId: sandbox.credentials.groupAEcommerce.clientId,
    clientSecret: sandbox.credentials.groupAEcommerce.clientSecret,
    pickupAccount: null,
    trackPath: '/tracking/v4/package',
    trackParamPackageId: 'packageId',
    trackParamCarrierId: 'carrierPackageId',
    ...overrides,
  };
  connector = new EcommerceTrackingConnector({ client: createEcommerceHttpClient({ config, ...platform() }), config });
  return { sandbox, connector };
}

function shipmentOf(outcome: TrackOutcome | undefined) {
  if (!outcome?.ok) throw new Error(`lookup failed: ${outcome ? outcome.error.message : 'no outcome'}`);
  const shipment = outcome.shipments[0];
  if (!shipment) throw new Error('no shipment');
  return shipment;
}

describe('Group A e-commerce tracking through the sandbox (seed 000, interface C)', () => {
  it('the token is minted once, cached and sent as a bearer token on every call', async () => {
    const { connector, sandbox } = await setup();
    const outcomes = await connector.track([trackRequest('GM12345670'), trackRequest('GM12345671'), trackRequest('GM12345673')]);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    await connector.track([trackRequest('GM12345675')]);
    expect(sandbox.stats.groupAEcommerce.tokenMints).toBe(1);
    expect(sandbox.stats.groupAEcommerce.calls[TRACK]).toBe(4);
  });

  it('a 401 re-mints the token once and retries the call', async () => {
    const { connector, sandbox } = await setup();
    await connector.track([trackRequest('GM12345670')]);
    sandbox.revokeTokens('groupAEcommerce');
    expect((await connector.track([trackRequest('GM12345670')]))[0]?.ok).toBe(true);
    expect(sandbox.stats.groupAEcommerce.tokenMints).toBe(2);
    expect(sandbox.stats.groupAEcommerce.responses['401']).toBe(1);
  });

  it('wrong client credentials: UPSTREAM_UNAUTHORIZED', async () => {
    const { connector } = await setup({ clientSecret: 'wrong-secret' });
    const [outcome] = await connector.track([trackRequest('GM12345670')]);
    expect(outcome?.ok === false && outcome.error.code).toBe('UPSTREAM_UNAUTHORIZED');
  });

  it("tracking by the carrier's id (default) keeps all three identifiers", async () => {
    const { connector } = await setup();
    const shipment = shipmentOf((await connector.track([trackRequest('GM12345670', { division: 'ecommerce' })]))[0]);
    expect(shipment).toMatchObject({ id: 'GROUP_A:ecommerce:GM12345670', trackingNumber: 'GM12345670', source: 'group-a/ecommerce' });
    expect(shipment.references).toEqual([
      { type: 'package-id', value: 'PKG-12345670', scope: null },
      { type: 'carrier-package-id', value: 'GM12345670', scope: null },
      { type: 'tracking-id', value: '9261299000000012345670', scope: null },
    ]);
    expect(shipment.events?.[0]?.time?.instant).toMatch(/[+-]\d{2}:\d{2}$/);
  });

  it("tracking by the caller's package id uses its own parameter", async () => {
    const { connector, sandbox } = await setup();
    const shipment = shipmentOf((await connector.track([trackRequest('PKG-12345670', { ecommerceIdType: 'PACKAGE_ID' })]))[0]);
    expect(shipment.trackingNumber).toBe('PKG-12345670');
    expect(shipment.references.map((r) => r.value)).toContain('GM12345670');
    expect(sandbox.stats.groupAEcommerce.trackingRequests).toEqual([['PKG-12345670']]);
  });

  it('an unknown package answers 404: UPSTREAM_NOT_FOUND (assumption E2)', async () => {
    const { connector } = await setup();
    const [outcome] = await connector.track([trackRequest('GM12345404')]);
    expect(outcome?.ok === false && outcome.error.code).toBe('UPSTREAM_NOT_FOUND');
  });
});
