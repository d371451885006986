import type { E2E } from '../e2e/support.js';

/** Shared pieces of the shipping API tests: the operations as a client writes them and a valid domestic shipment. */

export const LABEL_FIELDS = `
  id kind state carrier division service account trackingNumber carrierCode tendered tenderBy orderId
  total { amount currency } quotedTotal { amount currency }
  failure { code message carrierCode transactionId }
  warnings { code message }
  pieces { sequence trackingNumber packageId carrierPackageId }
  documents { id kind format contentType size url urlExpiresAt }
  shipment { id trackingNumber status { status } }
`;

export const CREATE_SHIPMENT = `mutation($input: CreateShipmentInput!) {
  createShipment(input: $input) {
    purchase { replay label { ${LABEL_FIELDS} } }
    userErrors { field code message carrierCode }
    warnings { code message }
  }
}`;

export const LABEL = `query($id: ID!) { label(id: $id) { ${LABEL_FIELDS} } }`;

/** A Carrier B ground shipment inside the US (domestic: no customs), one package. */
export function carrierBShipment(idempotencyKey: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    idempotencyKey,
    service: { carrier: 'CARRIER_B', serviceCode: 'CARRIER_GROUND' },
    shipper: {
      contactName: 'Ada Shipper',
      companyName: 'Example Goods',
      phone: '+1 901 555 0100',
      address: { streetLines: ['3610 Hacks Cross Rd'], city: 'Memphis', stateOrProvinceCode: 'TN', postalCode: '38125', countryCode: 'US' },
    },
    recipient: {
      contactName: 'Bo Recipient',
      phone: '+1 512 555 0199',
      address: { streetLines: ['600 Congress Ave'], city: 'Austin', stateOrProvinceCode: 'TX', postalCode: '78701', countryCode: 'US' },
    },
    packages: [{ weight: { value: 2.5, unit: 'KG' } }],
    orderId: 'ORDER-1001',
    ...overrides,
  };
}

/** A Group A e-commerce label inside one country. */
export function ecommerceShipment(idempotencyKey: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return carrierBShipment(idempotencyKey, {
    service: { carrier: 'GROUP_A', division: 'ecommerce', serviceCode: 'GND' },
    packages: [{ weight: { value: 1.2, unit: 'KG' }, description: 'Books' }],
    ...overrides,
  });
}

export /** Mumbai to Tokyo by express: customs, a declared value and the origin's offset (express needs it, never guessed). */
function expressShipment(key: string): Record<string, unknown> {
  return carrierBShipment(key, {
    service: { carrier: 'GROUP_A', division: 'express', serviceCode: 'P' },
    originUtcOffset: '+05:30',
    readyTime: '14:00',
    shipper: {
      contactName: 'Asha Rao',
      phone: '+91 22 5550 1234',
      address: { streetLines: ['Sahar Road 4'], city: 'Mumbai', stateOrProvinceCode: 'MH', postalCode: '400099', countryCode: 'IN' },
    },
    recipient: {
      contactName: 'Kenji Sato',
      phone: '+81 3 5550 9876',
      address: { streetLines: ['1-2-3 Haneda'], city: 'Tokyo', postalCode: '144-0041', countryCode: 'JP' },
    },
    customs: { items: [{ description: 'Cotton shirts', quantity: 2, value: { amount: '120.00', currency: 'USD' }, hsCode: '6205.20', countryOfOrigin: 'IN' }] },
    declaredValue: { amount: '120.00', currency: 'USD' },
  });
}

export async function createShipment(e2e: E2E, input: Record<string, unknown>) {
  return e2e.gql(CREATE_SHIPMENT, { input });
}
