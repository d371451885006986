/**
 * A query whose document repeats runs compiled (graphql-jit, src/graphql/jit-executor.ts); its first run, like every
 * mutation, runs through graphql-js. Over real HTTP: each operation below is sent twice and the second answer (the
 * compiled one) must be the first byte for byte: status, data, errors with their messages, paths, locations and
 * extensions, in the same order. The operations cover what the executors could disagree on: aliases, lists of objects,
 * scalars, enums, unions resolved by `__resolveType`, fragments, @skip/@include over variables, federation's
 * `_entities`, a resolver's domain error beside data (partial answers), a refused argument, a malformed id, input
 * objects in variables (their fields' defaults, refused and quoted), and variables that do not coerce.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from './support.js';

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function raw(query: string, variables?: Record<string, unknown>): Promise<{ status: number; text: string }> {
  const response = await fetch(e2e.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query, ...(variables ? { variables } : {}) }),
  });
  return { status: response.status, text: await response.text() };
}

const [transit, other] = carrierBNumbers(2, 700);
const DELIVERED = '200000000010';
const DELAYED = '200000000016';

const CASES: Array<{ name: string; query: string; variables?: Record<string, unknown>; expectErrors: boolean }> = [
  {
    name: 'README query 1 (aliases, lists, DateTime, enums)',
    query: `{
  delivered: shipment(carrier: CARRIER_B, trackingNumber: "${DELIVERED}") {
    id status { status nativeCode nativeText } deliveredAt { instant }
    proofOfDelivery { signedBy } documentsAvailable { type }
    events { time { instant } status { status nativeCode } description location { address { locality countryCode } } }
  }
  delayed: shipment(carrier: CARRIER_B, trackingNumber: "${DELAYED}") { status { status } delay { status type subType } }
}`,
    expectErrors: false,
  },
  {
    name: 'variables, a named fragment, @include and @skip, __typename',
    query: `query One($n: String!, $withEvents: Boolean!, $noStatus: Boolean!) {
  shipment(carrier: CARRIER_B, trackingNumber: $n) { __typename ...Parts carrierName status @skip(if: $noStatus) { status } }
}
fragment Parts on Shipment { id events @include(if: $withEvents) { description time { instant } } }`,
    variables: { n: transit, withEvents: true, noStatus: false },
    expectErrors: false,
  },
  {
    name: "track's union of outcomes (inline fragments resolved by __resolveType), one number matching two shipments",
    query: `query Track($inputs: [TrackInput!]!) {
  track(inputs: $inputs) {
    __typename
    ... on TrackedShipments { trackingNumber shipments { id status { status } } }
    ... on TrackingFailure { trackingNumber code message retryable }
  }
}`,
    variables: { inputs: [{ carrier: 'CARRIER_B', trackingNumber: other }, { carrier: 'CARRIER_B', trackingNumber: '999999999999' }] },
    expectErrors: false,
  },
  {
    name: "federation's _entities over Shipment references",
    query: `query Entities($r: [_Any!]!) { _entities(representations: $r) { __typename ... on Shipment { id status { status } } } }`,
    variables: { r: [{ __typename: 'Shipment', carrier: 'CARRIER_B', trackingNumber: transit }, { __typename: 'Shipment', carrier: 'CARRIER_B', trackingNumber: other }] },
    expectErrors: false,
  },
  {
    name: "an ambiguous number beside a known one (a resolver's domain error, a partial answer)",
    query: `{ known: shipment(carrier: CARRIER_B, trackingNumber: "${transit}") { id } unknown: shipment(carrier: CARRIER_B, trackingNumber: "999999999999") { id } }`,
    expectErrors: true,
  },
  {
    name: 'a refused argument (BAD_USER_INPUT naming the field, before any upstream call)',
    query: `{ shipment(carrier: CARRIER_B, trackingNumber: "") { id } }`,
    expectErrors: true,
  },
  {
    name: 'a malformed id',
    query: `{ shipmentById(id: "not-an-id") { id } }`,
    expectErrors: true,
  },
  {
    name: "an input object in variables whose fields' defaults apply (a weight without its unit), refused before any call",
    query: `query Rates($input: RateRequestInput!) { rates(input: $input) { __typename } }`,
    variables: {
      input: {
        origin: { countryCode: 'US', postalCode: '30301' },
        destination: { countryCode: 'US', postalCode: '10001' },
        packages: [{ weight: { value: 2 } }, { weight: { value: 0 } }],
      },
    },
    expectErrors: true,
  },
  {
    name: "a rate shop's input object in variables (a weight without its unit, KG by default), quoted on every run",
    query: `query Rates($input: RateRequestInput!) {
  rates(input: $input) { outcomes { __typename ... on CarrierRates { carrier upstream quotes { serviceCode } } } }
}`,
    variables: {
      input: {
        origin: { countryCode: 'US', postalCode: '30301' },
        destination: { countryCode: 'US', postalCode: '94105' },
        packages: [{ weight: { value: 2 }, dimensions: { length: 30, width: 20, height: 10, unit: 'CM' } }],
      },
    },
    expectErrors: false,
  },
  {
    name: 'an input object variable inside a literal input object (the literal weight without its unit)',
    query: `query Rates($from: RateAddressInput!) {
  rates(input: { origin: $from, destination: { countryCode: "US", postalCode: "94105" }, packages: [{ weight: { value: 3 } }] }) {
    outcomes { __typename ... on CarrierRates { carrier upstream quotes { serviceCode } } }
  }
}`,
    variables: { from: { countryCode: 'US', postalCode: '30301' } },
    expectErrors: false,
  },
  {
    name: 'variables that do not coerce (graphql-js answers them on both runs)',
    query: `query($c: Carrier!) { shipment(carrier: $c, trackingNumber: "123456789013") { id } }`,
    variables: { c: 'POSTAL_XYZ' },
    expectErrors: true,
  },
];

describe('a repeated query runs compiled and answers as its first run did', () => {
  it.each(CASES)('$name: the second answer is the first, byte for byte', async ({ query, variables, expectErrors }) => {
    const first = await raw(query, variables);
    const second = await raw(query, variables);
    const third = await raw(query, variables);
    expect(JSON.parse(first.text).errors !== undefined).toBe(expectErrors);
    if (!expectErrors) expect(JSON.stringify(JSON.parse(first.text).data)).not.toMatch(/"(outcomes|shipments)":\[\]/);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
  });

  it('the answer is compact JSON, one line', async () => {
    const { text } = await raw(CASES[0]!.query);
    expect(text).toBe(`${JSON.stringify(JSON.parse(text))}\n`);
  });
});
