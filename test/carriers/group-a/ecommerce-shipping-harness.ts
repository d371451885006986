import { startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { createEcommerceHttpClient } from '../../../src/carriers/group-a/ecommerce/client.js';
import { ecommerceShippingCapabilities } from '../../../src/carriers/group-a/ecommerce/shipping-capabilities.js';
import type { CreatedShipment, LabelHandle, ShipmentRequest, ShippingParty } from '../../../src/domain/shipping.js';
import type { GroupAEcommerceConfig } from '../../../src/carriers/group-a/config.js';
import type { UpstreamClient } from '../../../src/platform/http/upstream-client.js';
import type { ReturnsConnector, ShippingConnector, TenderingConnector } from '../../../src/carriers/types.js';
import { platform } from './harness.js';

/** E-commerce labels, manifest and returns over real HTTP to the e-commerce simulator, through the module's client. */
export interface EcommerceShippingRig {
  sandbox: Sandbox;
  client: UpstreamClient;
  config: GroupAEcommerceConfig;
  shipping: ShippingConnector;
  tendering: TenderingConnector;
  returns: ReturnsConnector;
  /** Calls the simulator counted on a route, e.g. `POST /shipping/v4/label`. */
  calls(route: string): number;
  close(): Promise<void>;
}

export async function ecommerceShippingRig(options: { headersTimeoutMs?: number } = {}): Promise<EcommerceShippingRig> {
  const sandbox = await startSandbox();
  const c = sandbox.credentials.groupAEcommerce;
  const config: GroupAEcommerceConfig = {
    baseUrl: sandbox.urls.groupAEcommerce,
    clientId: c.clientId,
    clientSecret: c.clientSecret,
    pickupAccount: c.pickupAccount,
    trackPath: '/tracking/v4/package',
    trackParamPackageId: 'packageId',
    trackParamCarrierId: 'carrierPackageId',
    distributionCenter: c.distributionCenter,
    distributionCenterCountry: 'US',
  };
  const base = platform();
  const timeouts = { ...base.timeouts, ...(options.headersTimeoutMs ? { headersTimeoutMs: options.headersTimeoutMs } : {}) };
  const client = createEcommerceHttpClient({ ...base, timeouts, config });
  const capabilities = ecommerceShippingCapabilities(client, config);
  if (!capabilities) throw new Error('e-commerce shipping should be configured');
  return {
    sandbox,
    client,
    config,
    ...capabilities,
    calls: (route) => sandbox.stats.groupAEcommerce.calls[route] ?? 0,
    close: async () => {
      await client.close();
      await sandbox.close();
    },
  };
}

export function party(overrides: Partial<ShippingParty> = {}, address: Partial<ShippingParty['address']> = {}): ShippingParty {
  return {
    contactName: 'Ada Lovelace',
    companyName: null,
    phone: null,
    email: null,
    address: {
      streetLines: ['12 Analytical Way'],
      city: 'New York',
      stateOrProvinceCode: 'NY',
      postalCode: '10001',
      countryCode: 'US',
      residential: true,
      ...address,
    },
    ...overrides,
  };
}

export function labelRequest(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    carrier: 'GROUP_A',
    division: 'ecommerce',
    serviceCode: 'GND',
    accountNumber: null,
    shipDate: '2030-01-07',
    shipper: party({ contactName: 'Shipping desk', companyName: 'Acme Parcels' }, { streetLines: ['1 Warehouse Rd'], city: 'Atlanta', stateOrProvinceCode: 'GA', postalCode: '30301', residential: false }),
    recipient: party(),
    returnTo: null,
    packages: [{ weight: { value: 1.2, unit: 'KG' }, dimensions: { length: 30, width: 20, height: 10, unit: 'CM' }, description: 'Books', packageId: null, cashOnDelivery: null }],
    packagingType: null,
    pickupType: null,
    paymentType: 'SENDER',
    customs: null,
    declaredValue: null,
    codCollectionType: null,
    orderId: 'ORDER-1001',
    references: [],
    labelFormat: 'PDF',
    labelDelivery: 'INLINE',
    pickup: null,
    quotedTotal: null,
    purchaseReference: `PR-${'0'.repeat(11)}${Math.random().toString(16).slice(2, 18).padEnd(16, '0')}`,
    ...overrides,
  };
}

/** What the service keeps of a created label to tender, return or cancel it. */
export function handleOf(created: CreatedShipment, request: ShipmentRequest): LabelHandle {
  return {
    carrier: 'GROUP_A',
    division: 'ecommerce',
    accountNumber: request.accountNumber ?? '5351244',
    trackingNumber: created.trackingNumber,
    pieceTrackingNumbers: created.pieces.map((p) => p.trackingNumber),
    carrierUniqueId: null,
    carrierCode: null,
    carrierPackageIds: created.pieces.flatMap((p) => (p.carrierPackageId ? [p.carrierPackageId] : [])),
    serviceCode: request.serviceCode,
    shipperCountryCode: request.shipper.address.countryCode,
    shipDate: request.shipDate,
  };
}
