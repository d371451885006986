import type { PickupHandle, PickupNetwork, PickupRequest, ScheduledPickup } from '../../../src/domain/pickups-addresses.js';

/** A Carrier B pickup request at the sandbox account's (US) address, ready on the world's epoch date. */
export function pickupRequest(overrides: Partial<PickupRequest> = {}): PickupRequest {
  return {
    carrier: 'CARRIER_B',
    division: null,
    accountNumber: '740561073',
    network: 'GROUND',
    location: {
      contactName: 'Dock Manager',
      companyName: 'The Shop',
      phone: '9015550100',
      email: null,
      address: { streetLines: ['10 Fedex Pkwy'], city: 'Collierville', stateOrProvinceCode: 'TN', postalCode: '38017', countryCode: 'US', residential: false },
    },
    readyAt: '2026-03-10T10:00:00Z',
    readyAtLocal: '2026-03-10T10:00:00',
    utcOffset: '+00:00',
    closeTime: '18:00:00',
    dateType: 'SAME_DAY',
    packageLocation: 'FRONT',
    packageCount: 3,
    totalWeight: { value: 12.5, unit: 'KG' },
    remarks: 'Ring the bell',
    countryRelationship: 'DOMESTIC',
    trackingNumbers: [],
    purchaseReference: 'pk-0001',
    ...overrides,
  };
}

export function handleOf(request: PickupRequest, scheduled: ScheduledPickup, network: PickupNetwork = request.network): PickupHandle {
  return {
    carrier: 'CARRIER_B',
    division: null,
    accountNumber: request.accountNumber ?? '740561073',
    network,
    confirmationNumber: scheduled.confirmationNumber,
    location: scheduled.location,
    scheduledDate: scheduled.scheduledDate,
    carrierCode: scheduled.carrierCode,
    countryCode: request.location.address.countryCode,
  };
}
