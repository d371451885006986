/**
 * Issue 9 items 1 and 10 (input side): every refusal names the field under `input.` as a BAD_USER_INPUT user error,
 * and is found before anything is stored or any carrier is called. Real HTTP to a server configured against the sandbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { carrierBShipment, createShipment, ecommerceShipment } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

/** The answer refused exactly `field`, with no purchase, no GraphQL error and no carrier call of any kind. */
async function expectRefusedAt(input: Record<string, unknown>, field: string): Promise<void> {
  const answer = await createShipment(e2e, input);
  expect(answer.errors).toBeUndefined();
  const payload = answer.data.createShipment;
  expect(payload.purchase).toBeNull();
  expect(payload.userErrors).toHaveLength(1);
  expect(payload.userErrors[0]).toMatchObject({ code: 'BAD_USER_INPUT', field: field.split('.') });
  expect(e2e.upstreamBusinessCalls()).toBe(0);
}

describe('createShipment refuses bad input before any call, naming the field', () => {
  it('a shipper without a street line is BAD_USER_INPUT at input.shipper.address.streetLines', async () => {
    const input = carrierBShipment('k-no-street');
    (input['shipper'] as { address: { streetLines: string[] } }).address.streetLines = [];
    await expectRefusedAt(input, 'input.shipper.address.streetLines');
  });

  it('an e-commerce packageId of 31 characters is refused at input.packages.0.packageId (the seed: at most 30)', async () => {
    await expectRefusedAt(ecommerceShipment('k-pkg-31', { packages: [{ weight: { value: 1, unit: 'KG' }, packageId: 'P'.repeat(31) }] }), 'input.packages.0.packageId');
  });

  it('an idempotency key of 256 characters is refused at input.idempotencyKey', async () => {
    await expectRefusedAt(carrierBShipment('k'.repeat(256)), 'input.idempotencyKey');
  });

  it('an idempotency key with a space (not visible ASCII) is refused at input.idempotencyKey', async () => {
    await expectRefusedAt(carrierBShipment('two words'), 'input.idempotencyKey');
  });

  it('a quote and a service together are refused at input.service', async () => {
    await expectRefusedAt(
      carrierBShipment('k-both', { quote: { carrier: 'CARRIER_B', serviceCode: 'CARRIER_GROUND', total: { amount: '12.00', currency: 'USD' } } }),
      'input.service',
    );
  });

  it('GROUP_A without a division is refused at input.service.division', async () => {
    await expectRefusedAt(carrierBShipment('k-no-division', { service: { carrier: 'GROUP_A', serviceCode: 'P' } }), 'input.service.division');
  });

  it('a division for a carrier without divisions is refused at input.service.division', async () => {
    await expectRefusedAt(carrierBShipment('k-b-division', { service: { carrier: 'CARRIER_B', division: 'express', serviceCode: 'CARRIER_GROUND' } }), 'input.service.division');
  });

  it('a shipment between two countries without customs content is refused at input.customs (and input.declaredValue, also missing)', async () => {
    const input = carrierBShipment('k-cross-border');
    (input['recipient'] as { address: Record<string, unknown> }).address = { streetLines: ['1 Yonge St'], city: 'Toronto', stateOrProvinceCode: 'ON', postalCode: 'M5E 1W7', countryCode: 'CA' };
    const answer = await createShipment(e2e, input);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.createShipment.purchase).toBeNull();
    expect(answer.data.createShipment.userErrors.map((u: { field: string[] }) => u.field)).toEqual([['input', 'customs'], ['input', 'declaredValue']]);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it('a NUL byte in orderId is refused at input.orderId', async () => {
    await expectRefusedAt(carrierBShipment('k-nul', { orderId: 'ORDER\u00001' }), 'input.orderId');
  });

  it('cash on delivery without a collection type is refused at input.codCollectionType', async () => {
    await expectRefusedAt(
      carrierBShipment('k-cod', { packages: [{ weight: { value: 1, unit: 'KG' }, cashOnDelivery: { amount: '25.00', currency: 'USD' } }] }),
      'input.codCollectionType',
    );
  });

  it('a ship date in the past is refused at input.shipDate', async () => {
    await expectRefusedAt(carrierBShipment('k-past', { shipDate: '2020-01-01' }), 'input.shipDate');
  });

  it('an account this server does not ship for is refused at input.accountNumber', async () => {
    await expectRefusedAt(carrierBShipment('k-account', { accountNumber: '999999999' }), 'input.accountNumber');
  });
});

describe('the other shipping mutations refuse bad input the same way', () => {
  it('cancelShipment with a malformed label id is BAD_USER_INPUT at input.labelId', async () => {
    const answer = await e2e.gql(
      `mutation($input: CancelShipmentInput!) { cancelShipment(input: $input) { cancellation { cancelled } userErrors { field code } } }`,
      { input: { labelId: 'Label:not-a-uuid', idempotencyKey: 'cancel-1' } },
    );
    expect(answer.data.cancelShipment).toEqual({ cancellation: null, userErrors: [{ field: ['input', 'labelId'], code: 'BAD_USER_INPUT' }] });
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it('tenderLabels naming a label twice is BAD_USER_INPUT at input.labelIds.1', async () => {
    const id = 'Label:00000000-0000-4000-8000-000000000001';
    const answer = await e2e.gql(
      `mutation($input: TenderLabelsInput!) { tenderLabels(input: $input) { tender { id } userErrors { field code } } }`,
      { input: { carrier: 'CARRIER_B', labelIds: [id, id], idempotencyKey: 'close-1' } },
    );
    expect(answer.data.tenderLabels.userErrors).toEqual([{ field: ['input', 'labelIds', '1'], code: 'BAD_USER_INPUT' }]);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it('uploadShipmentImage with content that is not base64 is BAD_USER_INPUT at input.contentBase64', async () => {
    const answer = await e2e.gql(
      `mutation($input: UploadShipmentImageInput!) { uploadShipmentImage(input: $input) { label { id } userErrors { field code } } }`,
      { input: { labelId: 'Label:00000000-0000-4000-8000-000000000001', format: 'PNG', contentBase64: 'not base64!' } },
    );
    expect(answer.data.uploadShipmentImage.userErrors).toEqual([{ field: ['input', 'contentBase64'], code: 'BAD_USER_INPUT' }]);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it('label and tender with an id this server did not make are BAD_USER_INPUT naming id; a well-formed unknown id is null', async () => {
    for (const query of [`{ label(id: "Label:1; DROP TABLE") { id } }`, `{ tender(id: "Tender:x") { id } }`]) {
      const answer = await e2e.gql(query);
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
    }
    const unknown = await e2e.gql(`{ label(id: "Label:00000000-0000-4000-8000-0000000000ff") { id } }`);
    expect(unknown).toMatchObject({ data: { label: null } });
    expect(unknown.errors).toBeUndefined();
  });

  it('shipmentsByOrder with an empty order id is BAD_USER_INPUT naming orderId', async () => {
    const answer = await e2e.gql(`{ shipmentsByOrder(orderId: " ") { labels { edges { node { id } } } } }`);
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'orderId' });
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });
});
