/**
 * One error model over real HTTP: a field path is a list of segments wherever an error names a field (a mutation's
 * userErrors and a GraphQL error's extensions), every bad field of an input is reported in one answer whichever carrier
 * ships it, and a bad argument of one root field leaves its siblings answering.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBShipment, createShipment, ecommerceShipment, expressShipment } from '../shipping-api/support.js';
import { carrierBNumbers, startE2E, type E2E } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ faultProxies: ['carrierB'] });
});
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

const RATES = `query Rates($input: RateRequestInput!) { rates(input: $input) { __typename } }`;

/** A domestic rate request with `broken` fields overridden. */
function rateInput(broken: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    origin: { countryCode: 'US', postalCode: '30301' },
    destination: { countryCode: 'US', postalCode: '10001' },
    packages: [{ weight: { value: 2, unit: 'KG' } }],
    ...broken,
  };
}

/** Three fields broken at once: the shipper's street, the recipient's phone and the first package's weight. */
function breakThree(input: Record<string, unknown>): Record<string, unknown> {
  const shipper = structuredClone(input['shipper']) as { address: { streetLines: string[] } };
  shipper.address.streetLines = [];
  const recipient = { ...(input['recipient'] as Record<string, unknown>), phone: 'call me maybe' };
  const packages = structuredClone(input['packages']) as Array<{ weight: { value: number } }>;
  packages[0]!.weight.value = -1;
  return { ...input, shipper, recipient, packages };
}
const THREE = [['input', 'shipper', 'address', 'streetLines'], ['input', 'recipient', 'phone'], ['input', 'packages', '0', 'weight', 'value']];

describe('one shape of field path', () => {
  it('a GraphQL error names its field as a list of segments (extensions.fieldPath), as userErrors do', async () => {
    const answer = await e2e.gql(RATES, { input: rateInput({ origin: { countryCode: 'US', postalCode: 'ABCDE' } }) });
    const error = answer.errors![0]!;
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error.extensions?.fieldPath).toEqual(['input', 'origin', 'postalCode']);
    // The dotted form stays under its old key for clients that read it.
    expect(error.extensions?.field).toBe('input.origin.postalCode');

    const mutation = await createShipment(e2e, carrierBShipment('k-path', { orderId: 'ORDER\u00001' }));
    expect(mutation.data.createShipment.userErrors[0].field).toEqual(['input', 'orderId']);
  });

  it('an error of a list item names its index as a segment in both shapes', async () => {
    const answer = await e2e.gql(RATES, { input: rateInput({ packages: [{ weight: { value: 2 } }, { weight: { value: 0 } }] }) });
    expect(answer.errors![0]!.extensions?.fieldPath).toEqual(['input', 'packages', '1', 'weight', 'value']);
  });
});

describe('every bad field of an input in one answer', () => {
  for (const [name, input] of [
    ['Carrier B', carrierBShipment('k-three-b')],
    ['Group A express', expressShipment('k-three-x')],
    ['Group A e-commerce', ecommerceShipment('k-three-e')],
  ] as const) {
    it(`createShipment for ${name} with three bad fields answers three userErrors`, async () => {
      const answer = await createShipment(e2e, breakThree(input));
      expect(answer.errors).toBeUndefined();
      const { purchase, userErrors } = answer.data.createShipment;
      expect(purchase).toBeNull();
      expect(userErrors.map((u: { field: string[] }) => u.field)).toEqual(THREE);
      expect(userErrors.every((u: { code: string }) => u.code === 'BAD_USER_INPUT')).toBe(true);
      expect(e2e.upstreamBusinessCalls()).toBe(0);
    });
  }

  it('rates with three bad fields answers one GraphQL error listing the three', async () => {
    const answer = await e2e.gql(RATES, {
      input: rateInput({ origin: { countryCode: 'US', postalCode: 'ABCDE' }, destination: { countryCode: 'XX' }, packages: [{ weight: { value: 0 } }] }),
    });
    expect(answer.errors).toHaveLength(1);
    const error = answer.errors![0]!;
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
    expect((error.extensions?.inputErrors as Array<{ field: string[] }>).map((e) => e.field)).toEqual([
      ['input', 'origin', 'postalCode'],
      ['input', 'destination', 'countryCode'],
      ['input', 'packages', '0', 'weight', 'value'],
    ]);
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });
});

describe('a bad argument of one root field', () => {
  it('bad input to rates nulls rates only: its sibling root field answers', async () => {
    const [number] = carrierBNumbers(1) as [string];
    const answer = await e2e.gql(
      `query($input: RateRequestInput!) { rates(input: $input) { __typename } shipment(carrier: CARRIER_B, trackingNumber: "${number}") { trackingNumber } }`,
      { input: rateInput({ destination: { countryCode: 'XX' } }) },
    );
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0]!.path).toEqual(['rates']);
    expect(answer.data).not.toBeNull();
    expect(answer.data.rates).toBeNull();
    expect(answer.data.shipment).toEqual({ trackingNumber: number });
  });

  it('bad input to track nulls track only: its sibling root field answers', async () => {
    const [number] = carrierBNumbers(1) as [string];
    const answer = await e2e.gql(
      `{ track(inputs: [{ carrier: CARRIER_B, trackingNumber: "" }]) { __typename } shipment(carrier: CARRIER_B, trackingNumber: "${number}") { trackingNumber } }`,
    );
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0]!.path).toEqual(['track']);
    expect(answer.errors![0]!.extensions?.fieldPath).toEqual(['inputs', '0', 'trackingNumber']);
    expect(answer.data.track).toBeNull();
    expect(answer.data.shipment).toEqual({ trackingNumber: number });
  });
});

describe('a bad page size, cursor or id of one root field', () => {
  const CASES: Array<[string, string]> = [
    ['labels', 'labels(first: 0) { edges { cursor } }'],
    ['labels', 'labels(after: "not a cursor") { edges { cursor } }'],
    ['untenderedLabels', 'untenderedLabels(first: 0) { edges { cursor } }'],
    // Beyond MAX_PAGE_SIZE (500 here): refused by the field itself, not by the whole operation.
    ['untenderedLabels', 'untenderedLabels(first: 100000) { edges { cursor } }'],
    ['labels', 'labels(first: 100000) { edges { node { id shipment { id } } } }'],
    ['statusChanges', 'statusChanges(filter: { carriers: [CARRIER_B] }, first: -1) { edges { cursor } }'],
    ['shipmentsByReference', 'shipmentsByReference(input: { carrier: CARRIER_B, value: "ORDER-1" }, first: 0) { edges { cursor } }'],
    ['shipmentsByOrder', 'shipmentsByOrder(orderId: "a\\u0000b") { carrierShipments { id } }'],
    ['pickups', 'pickups(first: 0) { edges { cursor } }'],
    ['watches', 'watches(first: 0) { edges { cursor } }'],
    ['pushSubscriptions', 'pushSubscriptions(first: 0) { edges { cursor } }'],
    ['analyticsDeadLetters', 'analyticsDeadLetters(first: 0) { edges { cursor } }'],
    ['nodes', 'nodes(ids: ["not an id"]) { id }'],
  ];
  it.each(CASES)('a refused argument of %s nulls that field alone: its sibling root field answers (%s)', async (root, selection) => {
    const [number] = carrierBNumbers(1) as [string];
    const answer = await e2e.gql(`{ ${selection} shipment(carrier: CARRIER_B, trackingNumber: "${number}") { trackingNumber } }`);
    expect(answer.errors, JSON.stringify(answer.errors)).toHaveLength(1);
    expect(answer.errors![0]!.path).toEqual([root]);
    expect(answer.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
    expect(Array.isArray(answer.errors![0]!.extensions?.fieldPath)).toBe(true);
    expect(answer.data).not.toBeNull();
    expect(answer.data[root]).toBeNull();
    expect(answer.data.shipment).toEqual({ trackingNumber: number });
  });

  it('a page size beyond MAX_PAGE_SIZE given by a variable nulls its own field alone, naming first and the limit', async () => {
    const [number] = carrierBNumbers(1) as [string];
    const answer = await e2e.gql(
      `query($n: Int) { statusChanges(filter: { carriers: [CARRIER_B] }, first: $n) { edges { cursor } } shipment(carrier: CARRIER_B, trackingNumber: "${number}") { trackingNumber } }`,
      { n: 100000 },
    );
    expect(answer.status).toBe(200);
    expect(answer.errors, JSON.stringify(answer.errors)).toHaveLength(1);
    expect(answer.errors![0]!.path).toEqual(['statusChanges']);
    expect(answer.errors![0]!.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldPath: ['first'], limit: 'MAX_PAGE_SIZE', max: 500 });
    expect(answer.data.statusChanges).toBeNull();
    expect(answer.data.shipment).toEqual({ trackingNumber: number });
  });

  it("a refused page size of an order's labels nulls that page alone: the order's other fields and the sibling answer", async () => {
    const [number] = carrierBNumbers(1) as [string];
    const answer = await e2e.gql(
      `{ shipmentsByOrder(orderId: "ORDER-1") { labels(first: 0) { edges { cursor } } failures { carrier } } shipment(carrier: CARRIER_B, trackingNumber: "${number}") { trackingNumber } }`,
    );
    expect(answer.errors, JSON.stringify(answer.errors)).toHaveLength(1);
    expect(answer.errors![0]!.path).toEqual(['shipmentsByOrder', 'labels']);
    expect(answer.data.shipmentsByOrder.labels).toBeNull();
    expect(Array.isArray(answer.data.shipmentsByOrder.failures)).toBe(true);
    expect(answer.data.shipment).toEqual({ trackingNumber: number });
  });
});

describe('CarrierFailure', () => {
  it('a failed track outcome (the carrier answers 503) is read through the CarrierFailure interface with its code and retryable', async () => {
    const [number] = carrierBNumbers(1, 40) as [string];
    const remove = e2e.faults.carrierB!.add({ path: /track/, status: { code: 503, body: '{}' } });
    try {
      const answer = await e2e.gql(
        `{ track(inputs: [{ carrier: CARRIER_B, trackingNumber: "${number}" }]) { __typename ... on CarrierFailure { carrier division code retryable } } }`,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data.track).toEqual([{ __typename: 'TrackingFailure', carrier: 'CARRIER_B', division: null, code: 'UPSTREAM_UNAVAILABLE', retryable: true }]);
    } finally {
      remove();
    }
  });
});
