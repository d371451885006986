import type { E2E } from '../e2e/support.js';

/** Shared pieces of the pickup API tests: the operations as a client writes them and valid pickups. */

export const PICKUP_FIELDS = `
  id state source carrier division account network confirmationNumber otherConfirmationNumbers scheduledDate
  readyByTime nextPickupDate location carrierCode cancelUrl message readyAt
  labels { id trackingNumber dispatchConfirmationNumber }
  warnings { code message type }
  failure { code message carrierCode transactionId }
  cancelledAt createdAt updatedAt
`;

export const SCHEDULE_PICKUP = `mutation($input: SchedulePickupInput!) {
  schedulePickup(input: $input) {
    booking { replay pickup { ${PICKUP_FIELDS} } }
    userErrors { field code message carrierCode }
    warnings { code message }
  }
}`;

export const UPDATE_PICKUP = `mutation($input: UpdatePickupInput!) {
  updatePickup(input: $input) {
    booking { replay pickup { ${PICKUP_FIELDS} } }
    userErrors { field code message carrierCode }
    warnings { code message }
  }
}`;

export const CANCEL_PICKUP = `mutation($input: CancelPickupInput!) {
  cancelPickup(input: $input) {
    cancellation { cancelled message replayed pickup { ${PICKUP_FIELDS} } }
    userErrors { field code message carrierCode }
    warnings { code message }
  }
}`;

export const PICKUP = `query($id: ID!) { pickup(id: $id) { ${PICKUP_FIELDS} } }`;

export const AVAILABILITY = `query($input: PickupAvailabilityInput!) {
  pickupAvailability(input: $input) {
    options { network carrierCode pickupDate cutoffTime accessTime readyTime available }
    warnings { code message }
  }
}`;

/** The next `weekday` (1 Monday .. 5 Friday) at least two days after today (UTC), YYYY-MM-DD: never in the past. */
export function nextWeekday(weekday: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + 2);
  while (day.getUTCDay() !== weekday) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

export const MEMPHIS = {
  contactName: 'Ada Shipper',
  companyName: 'Example Goods',
  phone: '+1 901 555 0100',
  address: { streetLines: ['3610 Hacks Cross Rd'], city: 'Memphis', stateOrProvinceCode: 'TN', postalCode: '38125', countryCode: 'US' },
};

/** A Carrier B pickup in Memphis (UTC-06:00 in winter, given, never guessed): ready 10:00 local on a Tuesday. */
export function carrierBPickup(idempotencyKey: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    idempotencyKey,
    carrier: 'CARRIER_B',
    network: 'GROUND',
    location: MEMPHIS,
    readyAt: `${nextWeekday(2)}T16:00:00Z`,
    utcOffset: '-06:00',
    closeTime: '17:00',
    dateType: 'FUTURE_DAY',
    packageLocation: 'FRONT',
    packageCount: 3,
    totalWeight: { value: 12.5, unit: 'KG' },
    remarks: 'Dock 4',
    ...overrides,
  };
}

export async function schedule(e2e: E2E, input: Record<string, unknown>) {
  return e2e.gql(SCHEDULE_PICKUP, { input });
}

export async function cancel(e2e: E2E, input: Record<string, unknown>) {
  return e2e.gql(CANCEL_PICKUP, { input });
}
