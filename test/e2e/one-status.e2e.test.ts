/**
 * One shipment, one status: every query that reaches a sandbox shipment (track with and without a division, the
 * `shipment` field, `shipmentById`, `node(id:)`, `_entities` by each key, `shipmentsByReference`) answers the same normalised
 * status, so a normalised client cache never flips between two readings of the same shipment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './support.js';

interface Subject {
  label: string;
  carrier: 'GROUP_A' | 'CARRIER_B';
  trackingNumber: string;
  /** The division the shipment belongs to (Group A); asked with and without it. */
  division?: string;
  /** E-commerce: the id type that routes the division lookup to the e-commerce interface. */
  ecommerceIdType?: 'PACKAGE_ID' | 'CARRIER_PACKAGE_ID';
  /** The sandbox's "returned to the shipper" story (last digit 7): RETURNED on every path. */
  returned?: boolean;
  /** False where the API refuses the division as input (freight has no interface of its own). */
  divisionInput?: boolean;
  /** False where the id does not round-trip through `shipmentById` (see the subject). */
  byId?: boolean;
}

/**
 * The sandbox's shipments (sandbox/README.md "Example numbers" and its number conventions): every story of an express
 * waybill (the last digit chooses it), the ambiguous number's three divisions, e-commerce packages, Carrier B numbers.
 */
const SUBJECTS: Subject[] = [
  ...Array.from({ length: 10 }, (_, d): Subject => ({
    label: `express story ${d}`,
    carrier: 'GROUP_A',
    trackingNumber: `123456787${d}`,
    division: 'express',
    returned: d === 7,
  })),
  { label: 'ambiguous, express', carrier: 'GROUP_A', trackingNumber: 'AMB10001', division: 'express' },
  // Its id names the e-commerce division, which `shipmentById` asks the e-commerce interface (by carrier package id),
  // and that interface does not know the unified interface's ambiguous number: an id question, not a status one.
  { label: 'ambiguous, ecommerce', carrier: 'GROUP_A', trackingNumber: 'AMB10001', division: 'ecommerce', byId: false },
  // Story (1 + 3*2) mod 10 = 7: the freight shipment of AMB10001 went back to its shipper.
  { label: 'ambiguous, freight', carrier: 'GROUP_A', trackingNumber: 'AMB10001', division: 'freight', returned: true, divisionInput: false },
  ...Array.from({ length: 10 }, (_, d): Subject => ({
    label: `e-commerce story ${d}`,
    carrier: 'GROUP_A',
    trackingNumber: `GM202600001${d}`,
    division: 'ecommerce',
    ecommerceIdType: 'CARRIER_PACKAGE_ID',
    returned: d === 7,
  })),
  ...['223456789010', '123456789013', '223456789016', '123456789017'].map((n): Subject => ({
    label: `Carrier B ${n}`,
    carrier: 'CARRIER_B',
    trackingNumber: n,
    returned: n.endsWith('7'),
  })),
];

const SHIPMENT_FIELDS = 'id carrier division trackingNumber isReturn status { status nativeCode nativeText }';

interface Reading {
  path: string;
  id: string;
  status: string;
}

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

async function gql(query: string, variables?: Record<string, unknown>): Promise<any> {
  const answer = await e2e.gql(query, variables);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data;
}

/** The shipment of `subject` among several answered (an ambiguous number answers one per division). */
function pick(subject: Subject, shipments: any[]): any {
  const found = shipments.filter((s) => !subject.division || s.division === subject.division);
  expect(found, `${subject.label}: ${JSON.stringify(shipments)}`).toHaveLength(1);
  return found[0];
}

async function readingsOf(subject: Subject): Promise<Reading[]> {
  const readings: Reading[] = [];
  const add = (path: string, s: any) => readings.push({ path, id: s.id, status: s.status.status });
  const base = { carrier: subject.carrier, trackingNumber: subject.trackingNumber };
  const trackQuery = `query($i: [TrackInput!]!) { track(inputs: $i) { __typename ... on TrackedShipments { shipments { ${SHIPMENT_FIELDS} } } ... on TrackingFailure { code message } } }`;

  const plain = await gql(trackQuery, { i: [base] });
  expect(plain.track[0].__typename, JSON.stringify(plain.track[0])).toBe('TrackedShipments');
  add('track without division', pick(subject, plain.track[0].shipments));
  if (subject.division && subject.divisionInput !== false) {
    const divided = await gql(trackQuery, { i: [{ ...base, division: subject.division }] });
    add('track with division', pick(subject, divided.track[0].shipments));
    const one = await gql(
      `query($c: Carrier!, $n: String!, $d: String, $e: EcommerceIdType) { shipment(carrier: $c, trackingNumber: $n, division: $d, ecommerceIdType: $e) { ${SHIPMENT_FIELDS} } }`,
      { c: subject.carrier, n: subject.trackingNumber, d: subject.division, e: subject.ecommerceIdType ?? null },
    );
    add(`shipment with division${subject.ecommerceIdType ? ' and id type' : ''}`, one.shipment);
  } else if (!subject.division) {
    const one = await gql(`query($c: Carrier!, $n: String!) { shipment(carrier: $c, trackingNumber: $n) { ${SHIPMENT_FIELDS} } }`, {
      c: subject.carrier,
      n: subject.trackingNumber,
    });
    add('shipment', one.shipment);
  }
  const id = readings[0]!.id;
  if (subject.byId !== false) {
    const byId = await gql(`query($id: ID!) { shipmentById(id: $id) { ${SHIPMENT_FIELDS} } }`, { id });
    add('shipmentById', byId.shipmentById);
    const node = await gql(`query($id: ID!) { node(id: $id) { ... on Shipment { ${SHIPMENT_FIELDS} } } }`, { id });
    add('node', node.node);
  }
  const entities = await gql(`query($r: [_Any!]!) { _entities(representations: $r) { ... on Shipment { ${SHIPMENT_FIELDS} } } }`, {
    r: [
      { __typename: 'Shipment', id },
      ...(subject.division ? [] : [{ __typename: 'Shipment', ...base }]),
    ],
  });
  add('_entities by id', entities._entities[0]);
  if (!subject.division) add('_entities by carrier and trackingNumber', entities._entities[1]);
  return readings;
}

describe('one status per shipment, whichever query reaches it', () => {
  // Out for delivery (express story 5, e-commerce story 5) and a failed delivery attempt (e-commerce story 9) read the
  // same on the unified interface's paths as on the division's: its `transit`/`failure` is refined there.
  it.each(SUBJECTS.map((s) => [s.label, s] as const))('%s answers one status on every path', async (_label, subject) => {
    const readings = await readingsOf(subject);
    const statuses = new Set(readings.map((r) => r.status));
    expect(statuses.size, `${subject.label}: ${JSON.stringify(readings)}`).toBe(1);
    if (subject.returned) expect([...statuses][0], `${subject.label}: ${JSON.stringify(readings)}`).toBe('RETURNED');
  });

  it('an order found by reference answers the same status as each of its packages tracked by number', async () => {
    const byReference = await gql(`{ shipmentsByReference(input: { carrier: CARRIER_B, value: "ORDER-1235" }) { edges { node { ${SHIPMENT_FIELDS} } } } }`);
    expect(byReference.shipmentsByReference.edges.length).toBeGreaterThanOrEqual(3);
    for (const { node: shipment } of byReference.shipmentsByReference.edges) {
      const tracked = await gql(`query($n: String!) { shipment(carrier: CARRIER_B, trackingNumber: $n) { ${SHIPMENT_FIELDS} } }`, {
        n: shipment.trackingNumber,
      });
      const byId = await gql(`query($id: ID!) { shipmentById(id: $id) { ${SHIPMENT_FIELDS} } }`, { id: shipment.id });
      expect([tracked.shipment.status.status, byId.shipmentById.status.status], shipment.trackingNumber).toEqual([
        shipment.status.status,
        shipment.status.status,
      ]);
    }
  });
});
