/**
 * Every bad field of an input in one answer, over real HTTP, for the inputs beyond a shipment's and a rate request's:
 * pickups, address resolution and service points, the label operations (cancel, tender, return, uploads, settlement),
 * tracking lookups and the status-change filter, landed cost and the delivery promise. A mutation answers one userError per bad field; a query one BAD_USER_INPUT
 * error listing them all in `extensions.inputErrors`. Nothing reaches a carrier, whichever carrier the input names.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBPickup } from '../pickups/support.js';
import { startE2E, type E2E } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  // The dark store too, so the delivery promise is served; its monitor's `/health` reads are not counted below.
  e2e = await startE2E({ withDarkStore: true, withEcommerceShipping: true, withPush: true });
});
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

/** Calls that reached any simulator since the test began, but tokens and the dark store monitor's health reads. */
function carrierCalls(): number {
  return Object.values(e2e.sandbox.stats)
    .flatMap((s) => Object.entries(s.calls))
    .filter(([route]) => !/token|health/.test(route))
    .reduce((n, [, v]) => n + v, 0);
}

const LABEL = 'Label:not-a-label';
const PICKUP = 'Pickup:not-a-pickup';
const CONTROL = 'a\u0000b';

/** A mutation's userErrors: every one BAD_USER_INPUT, no result, and their fields in the order the input lists them. */
async function userErrorFields(mutation: string, inputType: string, input: Record<string, unknown>): Promise<string[][]> {
  const answer = await e2e.gql(`mutation($input: ${inputType}!) { ${mutation}(input: $input) { userErrors { field code message } } }`, { input });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  const userErrors = answer.data[mutation].userErrors as Array<{ field: string[]; code: string }>;
  expect(userErrors.every((u) => u.code === 'BAD_USER_INPUT'), JSON.stringify(userErrors)).toBe(true);
  expect(carrierCalls()).toBe(0);
  return userErrors.map((u) => u.field);
}

/** A query's one BAD_USER_INPUT error on its own path, and the fields its `extensions.inputErrors` lists. */
async function inputErrorFields(query: string, variables: Record<string, unknown>, root: string): Promise<string[][]> {
  const answer = await e2e.gql(query, variables);
  expect(answer.errors, JSON.stringify(answer.errors)).toHaveLength(1);
  const error = answer.errors![0]!;
  expect(error.path).toEqual([root]);
  expect(error.extensions?.code).toBe('BAD_USER_INPUT');
  expect(carrierCalls()).toBe(0);
  const listed = (error.extensions?.inputErrors as Array<{ field: string[] }>).map((e) => e.field);
  // The first refusal is also the error's own field, in the same list shape.
  expect(error.extensions?.fieldPath).toEqual(listed[0]);
  return listed;
}

describe('pickups: every bad field in one answer', () => {
  for (const [name, carrier] of [
    ['Carrier B', { carrier: 'CARRIER_B', network: 'GROUND' }],
    ['Group A express', { carrier: 'GROUP_A', division: 'express', network: 'EXPRESS' }],
  ] as const) {
    it(`schedulePickup for ${name} with four bad fields answers four userErrors`, async () => {
      const input = carrierBPickup(`k-every-pickup-${carrier.carrier}`, { ...carrier, utcOffset: 'local', readyAt: 'tomorrow morning', packageCount: 0, remarks: CONTROL });
      expect(await userErrorFields('schedulePickup', 'SchedulePickupInput', input)).toEqual([
        ['input', 'utcOffset'],
        ['input', 'readyAt'],
        ['input', 'packageCount'],
        ['input', 'remarks'],
      ]);
    });
  }

  it('updatePickup with three bad fields answers three userErrors', async () => {
    const input = { pickupId: PICKUP, idempotencyKey: 'k-every-update', readyAt: '2030-03-13T08:30:00Z', utcOffset: '+99:00', closeTime: '25:00' };
    expect(await userErrorFields('updatePickup', 'UpdatePickupInput', input)).toEqual([
      ['input', 'pickupId'],
      ['input', 'utcOffset'],
      ['input', 'closeTime'],
    ]);
  });

  it('cancelPickup with three bad fields answers three userErrors', async () => {
    const input = { pickupId: PICKUP, reason: CONTROL, idempotencyKey: '' };
    expect(await userErrorFields('cancelPickup', 'CancelPickupInput', input)).toEqual([
      ['input', 'pickupId'],
      ['input', 'reason'],
      ['input', 'idempotencyKey'],
    ]);
  });

  it('settlePickup with a bad id and neither outcome answers two userErrors', async () => {
    expect(await userErrorFields('settlePickup', 'SettlePickupInput', { pickupId: PICKUP })).toEqual([['input', 'pickupId'], ['input', 'confirmationNumber']]);
  });

  it('pickupAvailability with three bad fields answers one error listing the three', async () => {
    const address = { streetLines: ['3610 Hacks Cross Rd'], city: 'Memphis', postalCode: '38125', countryCode: 'XX' };
    const input = { carrier: 'CARRIER_B', network: 'GROUND', address, dateType: 'FUTURE_DAY', readyAt: 'soon', utcOffset: 'here' };
    const fields = await inputErrorFields(
      'query($input: PickupAvailabilityInput!) { pickupAvailability(input: $input) { __typename } }',
      { input },
      'pickupAvailability',
    );
    expect(fields).toEqual([['input', 'address', 'countryCode'], ['input', 'utcOffset'], ['input', 'readyAt']]);
  });
});

describe('addresses: every bad field in one answer', () => {
  it('resolveAddresses with bad fields in two addresses answers one error listing each', async () => {
    const inputs = [
      { streetLines: [], countryCode: 'XX' },
      { streetLines: ['1 Main St'], city: CONTROL, countryCode: 'US' },
    ];
    const fields = await inputErrorFields(
      'query($inputs: [AddressToResolveInput!]!) { resolveAddresses(inputs: $inputs) { __typename } }',
      { inputs },
      'resolveAddresses',
    );
    expect(fields).toEqual([['inputs', '0', 'countryCode'], ['inputs', '0', 'streetLines'], ['inputs', '1', 'city']]);
  });

  it('servicePoints with four bad fields answers one error listing the four', async () => {
    const near = { countryCode: 'XX', latitude: 100, longitude: 0, radiusKm: 0, limit: 0 };
    const fields = await inputErrorFields('query($near: ServicePointsNearInput!) { servicePoints(near: $near) { __typename } }', { near }, 'servicePoints');
    expect(fields).toEqual([['near', 'countryCode'], ['near', 'latitude'], ['near', 'radiusKm'], ['near', 'limit']]);
  });
});

describe('label operations: every bad field in one answer', () => {
  it('cancelShipment with three bad fields answers three userErrors', async () => {
    const input = { labelId: LABEL, reason: CONTROL, idempotencyKey: '' };
    expect(await userErrorFields('cancelShipment', 'CancelShipmentInput', input)).toEqual([
      ['input', 'labelId'],
      ['input', 'reason'],
      ['input', 'idempotencyKey'],
    ]);
  });

  it('cancelReturn with two bad fields answers two userErrors', async () => {
    expect(await userErrorFields('cancelReturn', 'CancelReturnInput', { labelId: LABEL, idempotencyKey: '' })).toEqual([
      ['input', 'labelId'],
      ['input', 'idempotencyKey'],
    ]);
  });

  for (const [name, carrier] of [
    ['Carrier B', { carrier: 'CARRIER_B', division: 'express' }],
    ['Group A', { carrier: 'GROUP_A', division: 'nowhere' }],
  ] as const) {
    it(`tenderLabels for ${name} with three bad fields answers three userErrors`, async () => {
      const input = { ...carrier, labelIds: [LABEL], idempotencyKey: '' };
      expect(await userErrorFields('tenderLabels', 'TenderLabelsInput', input)).toEqual([
        ['input', 'division'],
        ['input', 'labelIds', '0'],
        ['input', 'idempotencyKey'],
      ]);
    });
  }

  it('createReturn with overrides and three bad fields answers three userErrors without reading the outbound label first', async () => {
    const input = { outboundLabelId: LABEL, idempotencyKey: '', reason: CONTROL };
    expect(await userErrorFields('createReturn', 'CreateReturnInput', input)).toEqual([
      ['input', 'outboundLabelId'],
      ['input', 'idempotencyKey'],
      ['input', 'reason'],
    ]);
  });

  it('uploadShipmentImage with three bad fields answers three userErrors', async () => {
    const input = { labelId: LABEL, format: CONTROL, contentBase64: 'not base64!' };
    expect(await userErrorFields('uploadShipmentImage', 'UploadShipmentImageInput', input)).toEqual([
      ['input', 'labelId'],
      ['input', 'format'],
      ['input', 'contentBase64'],
    ]);
  });

  it('uploadCommercialInvoice with three bad fields answers three userErrors', async () => {
    const input = { labelId: LABEL, invoiceNumber: '', invoiceDate: '2030-03-13', lines: [] };
    expect(await userErrorFields('uploadCommercialInvoice', 'UploadCommercialInvoiceInput', input)).toEqual([
      ['input', 'labelId'],
      ['input', 'lines'],
      ['input', 'invoiceNumber'],
    ]);
  });

  it('settleLabel with a bad id and neither outcome answers two userErrors', async () => {
    expect(await userErrorFields('settleLabel', 'SettleLabelInput', { labelId: LABEL })).toEqual([['input', 'labelId'], ['input', 'trackingNumber']]);
  });
});

describe('tracking lookups and the status-change filter: every bad field in one answer', () => {
  it('track with two bad inputs answers one error listing both', async () => {
    const inputs = [
      { carrier: 'CARRIER_B', trackingNumber: '' },
      { carrier: 'CARRIER_B', trackingNumber: '123456789013' },
      { carrier: 'CARRIER_B', trackingNumber: CONTROL },
    ];
    const fields = await inputErrorFields('query($inputs: [TrackInput!]!) { track(inputs: $inputs) { __typename } }', { inputs }, 'track');
    expect(fields).toEqual([['inputs', '0', 'trackingNumber'], ['inputs', '2', 'trackingNumber']]);
  });

  it('one track input with three bad fields lists the three, beside another input\'s', async () => {
    const inputs = [
      { carrier: 'CARRIER_B', trackingNumber: CONTROL, division: 'express', ecommerceIdType: 'PACKAGE_ID' },
      { carrier: 'GROUP_A', trackingNumber: '1234567875', shipDateBegin: '2030-01-01' },
    ];
    const fields = await inputErrorFields('query($inputs: [TrackInput!]!) { track(inputs: $inputs) { __typename } }', { inputs }, 'track');
    expect(fields).toEqual([
      ['inputs', '0', 'trackingNumber'],
      ['inputs', '0', 'division'],
      ['inputs', '0', 'ecommerceIdType'],
      ['inputs', '1', 'shipDateBegin'],
    ]);
  });

  it('watchShipment with three bad fields answers three userErrors', async () => {
    const input = { carrier: 'GROUP_A', trackingNumber: 'bad number!', carrierCode: 'FDXE', carrierUniqueId: CONTROL };
    expect(await userErrorFields('watchShipment', 'WatchShipmentInput', input)).toEqual([
      ['input', 'trackingNumber'],
      ['input', 'carrierCode'],
      ['input', 'carrierUniqueId'],
    ]);
  });

  it('shipmentsByReference with three bad fields answers one error listing the three', async () => {
    const input = { value: '   ', referenceType: 'INVOICE', shipDateBegin: '2030-03-20', shipDateEnd: '2030-03-10' };
    const fields = await inputErrorFields(
      'query($input: ReferenceLookupInput!) { shipmentsByReference(input: $input) { __typename } }',
      { input },
      'shipmentsByReference',
    );
    expect(fields).toEqual([['input', 'value'], ['input', 'carrier'], ['input', 'shipDateEnd']]);
  });

  it('statusChanges with two bad numbers and a bad reference answers one error listing the three', async () => {
    const filter = { trackingNumbers: ['bad number!', '123456789013', 'also bad!'], reference: CONTROL };
    const fields = await inputErrorFields(
      'query($filter: StatusChangeFilter!) { statusChanges(filter: $filter) { __typename } }',
      { filter },
      'statusChanges',
    );
    expect(fields).toEqual([['filter', 'trackingNumbers', '0'], ['filter', 'trackingNumbers', '2'], ['filter', 'reference']]);
  });
});

describe('push subscriptions: every bad field in one answer', () => {
  it('createPushSubscription with a bad subject and an unknown division answers two userErrors', async () => {
    const input = { scope: 'TRACKING_NUMBER', subject: 'not a number!', division: 'nowhere' };
    expect(await userErrorFields('createPushSubscription', 'CreatePushSubscriptionInput', input)).toEqual([['input', 'subject'], ['input', 'division']]);
  });
});

describe('landed cost and the delivery promise: every bad field in one answer', () => {
  it('landedCost with three bad fields answers one error listing the three', async () => {
    const input = {
      origin: { countryCode: 'XX' },
      destination: { countryCode: 'GB', postalCode: 'SW1A 1AA' },
      packages: [{ weight: { value: 0 } }],
      customs: { items: [{ description: 'Shirt', quantity: 1, value: { amount: '20.00', currency: 'USD' } }] },
      currency: 'dollars',
    };
    const fields = await inputErrorFields('query($input: LandedCostInput!) { landedCost(input: $input) { __typename } }', { input }, 'landedCost');
    expect(fields).toEqual([['input', 'origin', 'countryCode'], ['input', 'packages', '0', 'weight', 'value'], ['input', 'currency']]);
  });

  it('deliveryPromise with three bad fields answers one error listing the three', async () => {
    const input = { countryCode: 'IN', postalCode: '', itemCount: 0, origin: { countryCode: 'IN', postalCode: '560001' } };
    const fields = await inputErrorFields('query($input: DeliveryPromiseInput!) { deliveryPromise(input: $input) { __typename } }', { input }, 'deliveryPromise');
    expect(fields).toEqual([['input', 'postalCode'], ['input', 'itemCount'], ['input', 'packages']]);
  });
});
