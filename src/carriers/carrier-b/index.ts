import type {
  AddressResolutionConnector,
  DocumentConnector,
  HealthConnector,
  LandedCostConnector,
  NotificationConnector,
  PickupConnector,
  PostalValidationConnector,
  RatingConnector,
  ReturnsConnector,
  ShippingConnector,
  TenderingConnector,
  TrackingCapability,
} from '../types.js';
import type { CarrierCapabilities, CarrierModule, CarrierModuleDeps } from '../module-contract.js';
import { poolConnectionsFor } from '../../platform/config.js';
import { carrierBConfigSection } from './config.js';
import { createCarrierBHttpClient } from './client.js';
import { createCarrierBConnector, type CarrierBConnector } from './connector.js';
import { CarrierBPostalValidator } from './postal.js';
import { CarrierBRatingConnector } from './rating.js';
import { CarrierBTrackingDocumentConnector } from './documents-connector.js';
import { CarrierBReturnTagConnector } from './return-connector.js';
import { CarrierBShippingConnector } from './ship-connector.js';
import { CarrierBEndOfDayConnector } from './tender-connector.js';
import { CarrierBAddressResolutionConnector } from './address-connector.js';
import { CarrierBNotificationConnector } from './notification-connector.js';
import { CarrierBPickupConnector } from './pickup-connector.js';

export { createCarrierBHttpClient } from './client.js';
export { createCarrierBConnector, type CarrierBConnector } from './connector.js';

/** Carrier B's tracking: numbers and customer references, both on its one interface (null: not configured). */
export function carrierBTracking(connector: CarrierBConnector | null): TrackingCapability {
  return {
    carrier: 'CARRIER_B',
    interfaces: connector ? [{ upstream: 'carrier-b', connector }] : [],
    route: () => 'carrier-b',
    // Its numbers are reused, so its ids carry its unique id; a short id names the only watch of the number.
    numbersReused: true,
    references: { upstream: 'carrier-b', connector },
  };
}

/**
 * Carrier B: one origin, one client (OAuth client credentials, one token, one undici pool) handed to every capability.
 * Adding a capability is one line in its list below, built from `carrierB` ({ client, config }).
 */
export const carrierBModule: CarrierModule = {
  carrier: 'CARRIER_B',
  config: carrierBConfigSection,
  upstreams: [
    {
      name: 'carrier-b',
      carrier: 'CARRIER_B',
      division: null,
      baseUrlVariable: 'CARRIER_B_BASE_URL',
      poolVariable: 'UPSTREAM_POOL_CONNECTIONS_CARRIER_B',
      configured: (config) => config.carrierB !== null,
    },
  ],
  sandbox: {
    attach: async ({ config, sandbox }) => ({
      sections: {
        carrierB: {
          baseUrl: sandbox.urls.carrierB,
          clientId: sandbox.credentials.carrierB.clientId,
          clientSecret: sandbox.credentials.carrierB.clientSecret,
          accountNumber: sandbox.credentials.carrierB.accountNumber,
          locale: config.carrierB?.locale ?? null,
        },
      },
    }),
  },
  build(deps: CarrierModuleDeps): CarrierCapabilities {
    const section = deps.config.carrierB;
    const client = section
      ? createCarrierBHttpClient({ config: section, timeouts: deps.timeouts, retryBaseDelayMs: deps.retryBaseDelayMs, metrics: deps.metrics, logger: deps.logger, connections: poolConnectionsFor(deps.config.http, 'carrier-b') })
      : null;

    let trackingConnector: CarrierBConnector | null = null;
    const rating: RatingConnector[] = [];
    const landedCost: LandedCostConnector[] = [];
    const postalValidation: PostalValidationConnector[] = [];
    const health: HealthConnector[] = [];
    const shipping: ShippingConnector[] = [];
    const tendering: TenderingConnector[] = [];
    const returns: ReturnsConnector[] = [];
    const documents: DocumentConnector[] = [];
    const addressResolution: AddressResolutionConnector[] = [];
    const notifications: NotificationConnector[] = [];
    const pickups: PickupConnector[] = [];

    if (client && section) {
      const carrierB = { client, config: section };
      trackingConnector = createCarrierBConnector(carrierB);
      rating.push(new CarrierBRatingConnector(carrierB)); // /rate/v1/rates/quotes
      postalValidation.push(new CarrierBPostalValidator(carrierB)); // /country/v1/postal/validate
      shipping.push(new CarrierBShippingConnector(carrierB)); // /ship/v1/shipments (+ results, validate, cancel)
      tendering.push(new CarrierBEndOfDayConnector(carrierB)); // /ship/v1/endofday/
      returns.push(new CarrierBReturnTagConnector(carrierB)); // /ship/v1/shipments/tag (+ cancel, associated shipments)
      documents.push(new CarrierBTrackingDocumentConnector(carrierB)); // /track/v1/trackingdocuments
      addressResolution.push(new CarrierBAddressResolutionConnector(carrierB)); // /address/v1/addresses/resolve
      notifications.push(new CarrierBNotificationConnector(carrierB)); // /track/v1/notifications
      pickups.push(new CarrierBPickupConnector(carrierB)); // /pickup/v1/pickups (+ availabilities, cancel)
    }

    const clients = client ? [client] : [];
    return {
      carrier: 'CARRIER_B',
      tracking: carrierBTracking(trackingConnector),
      rating,
      landedCost,
      postalValidation,
      health,
      shipping,
      tendering,
      returns,
      documents,
      addressResolution,
      notifications,
      pickups,
      clients,
      close: async () => {
        await Promise.all(clients.map((c) => c.close()));
      },
    };
  },
};
