import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { groupAModule } from '../../../src/carriers/group-a/index.js';
import { packageDetailOf } from '../../../src/carriers/group-a/ecommerce/label-request.js';
import type { CarrierCapabilities } from '../../../src/carriers/module-contract.js';
import { loadConfig } from '../../../src/config.js';
import { labelRequest } from './ecommerce-shipping-harness.js';
import { platform, trackRequest } from './harness.js';

let sandbox: Sandbox | undefined;
let built: CarrierCapabilities | undefined;
afterEach(async () => {
  await built?.close();
  await sandbox?.close();
  built = undefined;
  sandbox = undefined;
});

async function buildModule(env: Record<string, string>): Promise<{ s: Sandbox; module: CarrierCapabilities }> {
  sandbox = await startSandbox();
  const c = sandbox.credentials.groupAEcommerce;
  const loaded = loadConfig({
    GROUP_A_ECOM_BASE_URL: sandbox.urls.groupAEcommerce,
    GROUP_A_ECOM_CLIENT_ID: c.clientId,
    GROUP_A_ECOM_CLIENT_SECRET: c.clientSecret,
    ...env,
  });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  built = groupAModule.build({ config: loaded.config, ...platform() });
  return { s: sandbox, module: built };
}

describe('Group A module: e-commerce labels, manifest and returns', () => {
  it('with a pickup account and distribution center, the module ships, manifests and returns through its ONE e-commerce client (one token)', async () => {
    const { s, module } = await buildModule({ GROUP_A_ECOM_PICKUP_ACCOUNT: '5351244', GROUP_A_ECOM_DISTRIBUTION_CENTER: 'USATL1' });
    const shipping = module.shipping?.filter((c) => c.upstream === 'group-a/ecommerce') ?? [];
    expect(shipping).toHaveLength(1);
    expect(shipping[0]).toMatchObject({ carrier: 'GROUP_A', division: 'ecommerce', defaultAccountNumber: '5351244', accountNumbers: ['5351244'] });
    expect(module.tendering?.filter((c) => c.upstream === 'group-a/ecommerce').map((c) => c.kind)).toEqual(['MANIFEST']);
    expect(module.returns?.filter((c) => c.upstream === 'group-a/ecommerce')).toHaveLength(1);
    expect(module.clients.filter((client) => client.upstream === 'group-a/ecommerce')).toHaveLength(1);

    const answer = await shipping[0]!.create(labelRequest());
    expect(answer.kind).toBe('CREATED');
    const tracker = module.tracking?.interfaces.find((i) => i.upstream === 'group-a/ecommerce')?.connector;
    const number = answer.kind === 'CREATED' ? (answer.shipment.pieces[0]?.carrierPackageId ?? '') : '';
    const [outcome] = (await tracker?.track([trackRequest(number, { division: 'ecommerce', ecommerceIdType: 'CARRIER_PACKAGE_ID' })])) ?? [];
    expect(outcome?.ok).toBe(true);
    // Label and tracking shared the client's bearer token: minted once.
    expect(s.stats.groupAEcommerce.tokenMints).toBe(1);
  });

  it('without the pickup account (or the distribution center) the module offers no e-commerce shipping, tendering or returns', async () => {
    const { module } = await buildModule({ GROUP_A_ECOM_DISTRIBUTION_CENTER: 'USATL1' });
    expect(module.shipping?.filter((c) => c.upstream === 'group-a/ecommerce') ?? []).toEqual([]);
    expect(module.tendering?.filter((c) => c.upstream === 'group-a/ecommerce') ?? []).toEqual([]);
    expect(module.returns?.filter((c) => c.upstream === 'group-a/ecommerce') ?? []).toEqual([]);
    // Tracking stays: it needs no account.
    expect(module.tracking?.interfaces.map((i) => i.upstream) ?? []).toContain('group-a/ecommerce');
  });
});

describe('e-commerce packageDetail units (E8)', () => {
  it('KG and CM are sent as LB and IN, rounded up to hundredths; LB and IN as given', () => {
    const [kg] = labelRequest().packages;
    expect(packageDetailOf(kg!, 'PKG-1')).toEqual({
      packageId: 'PKG-1',
      packageDescription: 'Books',
      weight: { value: 2.65, unitOfMeasure: 'LB' },
      dimension: { length: 11.82, width: 7.88, height: 3.94, unitOfMeasure: 'IN' },
    });
    expect(
      packageDetailOf({ weight: { value: 2.2, unit: 'LB' }, dimensions: { length: 10, width: 8, height: 4, unit: 'IN' }, description: 'Toy', packageId: null, cashOnDelivery: null }, 'X'),
    ).toEqual({ packageId: 'X', packageDescription: 'Toy', weight: { value: 2.2, unitOfMeasure: 'LB' }, dimension: { length: 10, width: 8, height: 4, unitOfMeasure: 'IN' } });
  });
});
