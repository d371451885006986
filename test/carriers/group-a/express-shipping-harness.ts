import { ManualClock, startSandbox, type Sandbox, type StartSandboxOptions } from '../../../sandbox/index.js';
import { groupAModule } from '../../../src/carriers/group-a/index.js';
import type { DocumentConnector, ShippingConnector } from '../../../src/carriers/types.js';
import type { CarrierCapabilities } from '../../../src/carriers/module-contract.js';
import type { LabelHandle, ShipmentRequest, ShippingParty } from '../../../src/domain/shipping.js';
import { loadConfig } from '../../../src/config.js';
import { startRecordingProxy, type RecordingProxy } from '../carrier-b/recording-proxy.js';
import { CUSTOMS } from './express-rating-harness.js';
import { platform } from './harness.js';

/**
 * Express shipping tests: the sandbox (with a clock the test moves), a recording proxy in front of the express
 * simulator, and the Group A module built from configuration exactly as the server builds it; the shipping and
 * document connectors are taken from its `shipping` and `documents` lists.
 */

export const SHIPPER: ShippingParty = {
  contactName: 'Asha Rao',
  companyName: 'Rao Textiles',
  phone: '+91 22 5550 1234',
  email: 'dispatch@rao.example',
  address: { streetLines: ['Sahar Road 4', 'Andheri East'], city: 'Mumbai', stateOrProvinceCode: 'MH', postalCode: '400099', countryCode: 'IN', residential: false },
};

export const RECIPIENT: ShippingParty = {
  contactName: 'Kenji Sato',
  companyName: null,
  phone: '+81 3 5550 9876',
  email: null,
  address: { streetLines: ['1-2-3 Haneda'], city: 'Tokyo', stateOrProvinceCode: '13', postalCode: '144-0041', countryCode: 'JP', residential: true },
};

/** Mumbai -> Tokyo, two pieces with dimensions, customs and a declared value, ready 14:00 at +05:30, no pickup. */
export function shipmentRequest(extra: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    carrier: 'GROUP_A',
    division: 'express',
    serviceCode: 'P',
    accountNumber: null,
    shipDate: '2026-03-13',
    readyTime: '14:00:00',
    originUtcOffset: '+05:30',
    shipper: SHIPPER,
    recipient: RECIPIENT,
    returnTo: null,
    packages: [
      { weight: { value: 2.5, unit: 'KG' }, dimensions: { length: 30, width: 20, height: 10, unit: 'CM' }, description: 'Shirts', packageId: 'BOX-1', cashOnDelivery: null },
      { weight: { value: 1.2, unit: 'KG' }, dimensions: { length: 20, width: 20, height: 10, unit: 'CM' }, description: 'Scarves', packageId: null, cashOnDelivery: null },
    ],
    packagingType: null,
    pickupType: null,
    paymentType: 'SENDER',
    customs: CUSTOMS,
    declaredValue: { amount: '120.00', currency: 'USD' },
    codCollectionType: null,
    orderId: 'ORDER-4711',
    references: [],
    labelFormat: 'PDF',
    labelDelivery: 'INLINE',
    pickup: null,
    quotedTotal: null,
    purchaseReference: `pr-${Math.random().toString(36).slice(2, 12)}`,
    ...extra,
  };
}

export function labelHandle(trackingNumber: string, extra: Partial<LabelHandle> = {}): LabelHandle {
  return {
    carrier: 'GROUP_A',
    division: 'express',
    accountNumber: '950000001',
    trackingNumber,
    pieceTrackingNumbers: [],
    carrierUniqueId: null,
    carrierCode: null,
    carrierPackageIds: [],
    serviceCode: 'P',
    shipperCountryCode: 'IN',
    shipDate: '2026-03-13',
    ...extra,
  };
}

export interface ShippingSetup {
  sandbox: Sandbox;
  clock: ManualClock;
  proxy: RecordingProxy;
  module: CarrierCapabilities;
  shipping: ShippingConnector;
  documents: DocumentConnector;
  /** Bodies of the POST calls the connector sent to `path` (below the express prefix), parsed, in order. */
  bodies(path?: string): Array<Record<string, any>>;
  /** Calls the express simulator received per route (its stats). */
  calls(): Record<string, number>;
  /** `{express_url}`: the simulator's origin, as it writes its ready-formed URLs. */
  expressUrl: string;
  close(): Promise<void>;
}

export async function shippingSetup(
  env: Record<string, string> = {},
  sandboxOptions: StartSandboxOptions = {},
  timeouts: Partial<ReturnType<typeof platform>['timeouts']> = {},
): Promise<ShippingSetup> {
  const clock = new ManualClock(Date.now());
  const sandbox = await startSandbox({ seed: 'express-shipping', clock, ...sandboxOptions });
  const proxy = await startRecordingProxy(sandbox.urls.groupAExpress);
  const { username, password, accountNumber } = sandbox.credentials.groupAExpress;
  const loaded = loadConfig({
    GROUP_A_EXPRESS_BASE_URL: proxy.origin,
    GROUP_A_EXPRESS_USERNAME: username,
    GROUP_A_EXPRESS_PASSWORD: password,
    GROUP_A_EXPRESS_ACCOUNT_NUMBERS: accountNumber,
    ...env,
  });
  if (!loaded.ok) throw new Error(`config refused: ${JSON.stringify(loaded)}`);
  const base = platform();
  const module = groupAModule.build({ config: loaded.config, ...base, timeouts: { ...base.timeouts, ...timeouts } });
  const shipping = module.shipping?.find((c) => c.upstream === 'group-a/express');
  const documents = module.documents?.find((c) => c.upstream === 'group-a/express');
  if (!shipping || !documents) throw new Error('the Group A module offers no express shipping or documents');
  return {
    sandbox,
    clock,
    proxy,
    module,
    shipping,
    documents,
    bodies: (path = '/shipments') =>
      proxy.seen.filter((r) => r.method !== 'GET' && r.path === `/expressapi/test${path}`).map((r) => JSON.parse(r.body) as Record<string, any>),
    calls: () => ({ ...sandbox.stats.groupAExpress.calls }),
    expressUrl: sandbox.urls.groupAExpress,
    close: async () => {
      await module.close();
      await proxy.close();
      await sandbox.close();
    },
  };
}

export const PDF_SIGNATURE = '%PDF';
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPdf(bytes: Buffer | null | undefined): boolean {
  return !!bytes && bytes.subarray(0, 4).toString('latin1') === PDF_SIGNATURE;
}

export function isPng(bytes: Buffer | null | undefined): boolean {
  return !!bytes && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
}
