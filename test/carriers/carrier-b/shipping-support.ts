import { ManualClock, startSandbox, type Sandbox } from '../../../sandbox/index.js';
import { carrierBModule } from '../../../src/carriers/carrier-b/index.js';
import type { DocumentConnector, ReturnsConnector, ShippingConnector, TenderingConnector } from '../../../src/carriers/types.js';
import type { CarrierCapabilities } from '../../../src/carriers/module-contract.js';
import type { LabelHandle, ShipmentRequest, ShippingParty } from '../../../src/domain/shipping.js';
import { loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/platform/logger.js';
import { createMetrics } from '../../../src/platform/metrics.js';

/**
 * Carrier B shipping tests: our sandbox over real HTTP (manual clock at a fixed epoch, so tracking is reproducible) and
 * the connectors exactly as the Carrier B module builds them from configuration (one client for all of them).
 */
export const EPOCH = '2026-03-10T15:00:00.000Z';

export interface ShippingWorld {
  sandbox: Sandbox;
  clock: ManualClock;
  module: CarrierCapabilities;
  shipping: ShippingConnector;
  tendering: TenderingConnector;
  returns: ReturnsConnector;
  documents: DocumentConnector;
  close(): Promise<void>;
}

export async function startShippingWorld(seed: string): Promise<ShippingWorld> {
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
    // Short body timeout: a lost answer (held past it) fails fast.
    timeouts: { connectTimeoutMs: 2_000, headersTimeoutMs: 3_000, bodyTimeoutMs: 3_000 },
    retryBaseDelayMs: 10,
    metrics: createMetrics(),
    logger: createLogger('silent'),
  });
  const only = <T>(list: readonly T[] | undefined, name: string): T => {
    if (!list || list.length !== 1) throw new Error(`the Carrier B module offers ${list?.length ?? 0} ${name} connectors, expected 1`);
    return list[0]!;
  };
  return {
    sandbox,
    clock,
    module,
    shipping: only(module.shipping, 'shipping'),
    tendering: only(module.tendering, 'tendering'),
    returns: only(module.returns, 'returns'),
    documents: only(module.documents, 'documents'),
    close: async () => {
      await module.close();
      await sandbox.close();
    },
  };
}

type PartyOverrides = Partial<Omit<ShippingParty, 'address'>> & { city?: string; postalCode?: string; countryCode?: string; state?: string };

export function party(overrides: PartyOverrides = {}): ShippingParty {
  const { city, postalCode, countryCode, state, ...rest } = overrides;
  return {
    contactName: 'Ada Lovelace',
    companyName: 'Analytical Engines Ltd',
    phone: '+1 901 555 0100',
    email: null,
    address: {
      streetLines: ['10 Main Street'],
      city: city ?? 'Collierville',
      stateOrProvinceCode: state ?? 'TN',
      postalCode: postalCode ?? '38017',
      countryCode: countryCode ?? 'US',
      residential: false,
    },
    ...rest,
  };
}

let keyCounter = 0;

export function shipmentRequest(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  keyCounter += 1;
  return {
    carrier: 'CARRIER_B',
    division: null,
    serviceCode: 'PRIORITY_OVERNIGHT',
    accountNumber: null,
    shipDate: '2026-03-10',
    shipper: party(),
    recipient: party({ contactName: 'Grace Hopper', companyName: null, phone: '+1 212 555 0199', city: 'New York', postalCode: '10001', state: 'NY' }),
    returnTo: null,
    packages: [{ weight: { value: 2.5, unit: 'KG' }, dimensions: null, description: null, packageId: null, cashOnDelivery: null }],
    packagingType: null,
    pickupType: null,
    paymentType: 'SENDER',
    customs: null,
    declaredValue: null,
    codCollectionType: null,
    orderId: `ORDER-TEST-${keyCounter}`,
    references: [],
    labelFormat: 'PDF',
    labelDelivery: 'INLINE',
    pickup: null,
    quotedTotal: null,
    purchaseReference: `PR-${String(keyCounter).padStart(6, '0')}${'a'.repeat(21)}`,
    ...overrides,
  };
}

/** A stored label as the service hands it to a connector (cancel, tender, return, documents). */
export function handleOf(request: ShipmentRequest, trackingNumber: string, pieces: string[], extra: Partial<LabelHandle> = {}): LabelHandle {
  return {
    carrier: 'CARRIER_B',
    division: null,
    accountNumber: request.accountNumber ?? '740561073',
    trackingNumber,
    pieceTrackingNumbers: pieces,
    carrierUniqueId: null,
    carrierCode: null,
    carrierPackageIds: [],
    serviceCode: request.serviceCode,
    shipperCountryCode: request.shipper.address.countryCode,
    shipDate: request.shipDate,
    ...extra,
  };
}

/** Calls the sandbox saw on one route (0 when none). */
export function callsTo(sandbox: Sandbox, route: string): number {
  return sandbox.stats.carrierB.calls[route] ?? 0;
}
