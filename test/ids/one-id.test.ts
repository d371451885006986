/**
 * One id per thing (issue 7 item 9; docs/assumptions.md I1-I4, B6, X6, E6), through real HTTP to a started server and
 * the simulators: every shipment id the API hands out (tracking answers, watches, status changes) is the same for one
 * shipment and resolves through `shipmentById`; any of them is accepted where a shipment id is taken; ids are checked
 * before any store or carrier work; `isReturn` is set from what each carrier says; `_entities` by id answer from the
 * store when the shipment is known there.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { waitFor } from '../support/wait-for.js';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E({
    env: {
      // Polls come quickly, so a watched shipment's status changes appear within the test.
      WATCH_POLL_TICK_MS: '100',
      // Tracking queries never answer from a cached or stored answer: only `_entities` may (ENTITY_STORE_MAX_AGE_MS).
      GROUP_A_TRACK_CACHE_TTL_MS: '0',
    },
  });
});
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

const WATCH = `mutation W($input: WatchShipmentInput!) {
  watchShipment(input: $input) { watch { shipmentId active } userErrors { field code message } }
}`;
/** With the watch's own id (ShipmentWatch.id), asked only where the test is about it. */
const WATCH_WITH_ID = WATCH.replace('watch { shipmentId', 'watch { id shipmentId');
const UNWATCH = `mutation U($id: ID!) {
  unwatchShipment(input: { shipmentId: $id }) { watch { shipmentId active } userErrors { field code message } }
}`;

async function watch(input: Record<string, unknown>, query = WATCH): Promise<{ id?: string; shipmentId: string }> {
  const answer = await e2e.gql(query, { input });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  expect(answer.data.watchShipment.userErrors).toEqual([]);
  return answer.data.watchShipment.watch;
}

/** The ids `track` answers for one input (several for an ambiguous number). */
async function trackedIds(input: Record<string, unknown>): Promise<string[]> {
  const answer = await e2e.gql(
    `query T($inputs: [TrackInput!]!) { track(inputs: $inputs) {
      ... on TrackedShipments { shipments { id } } ... on TrackingFailure { code message } } }`,
    { inputs: [input] },
  );
  expect(answer.errors).toBeUndefined();
  expect(answer.data.track[0].code).toBeUndefined();
  return answer.data.track[0].shipments.map((s: { id: string }) => s.id);
}

async function shipmentById(id: string): Promise<{ id: string } | null> {
  const answer = await e2e.gql(`query S($id: ID!) { shipmentById(id: $id) { id } }`, { id });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data.shipmentById;
}

// Calls that asked a carrier for this number (or a longer string containing it), at any simulator. Watches made by earlier tests of this file keep being
// polled in the background, so a count of all calls since a reset would also count those.
const carrierCallsFor = (trackingNumber: string): number =>
  Object.values(e2e.sandbox.stats).reduce((sum, stats) => sum + stats.trackingRequests.filter((numbers) => numbers.some((n) => n.includes(trackingNumber))).length, 0);

describe('one shipment, one id: the watch answers the Shipment.id tracking answers, and it resolves through shipmentById', () => {
  it('Carrier B watched by its number alone', async () => {
    const [tracked] = await trackedIds({ carrier: 'CARRIER_B', trackingNumber: '123456700013' });
    const watched = await watch({ carrier: 'CARRIER_B', trackingNumber: '123456700013' });
    expect(watched.shipmentId).toBe(tracked);
    expect(await shipmentById(watched.shipmentId)).toEqual({ id: tracked });
  });

  it('Carrier B watched with its carrierUniqueId', async () => {
    const answer = await e2e.gql(`{ shipment(carrier: CARRIER_B, trackingNumber: "123456700023") { id carrierUniqueId } }`);
    const { id, carrierUniqueId } = answer.data.shipment;
    expect(carrierUniqueId).toBeTruthy();
    const watched = await watch({ carrier: 'CARRIER_B', trackingNumber: '123456700023', carrierUniqueId });
    expect(watched.shipmentId).toBe(id);
    expect(await shipmentById(watched.shipmentId)).toEqual({ id });
  });

  it('Carrier B reused number watched with its carrierCode', async () => {
    const [tracked, ...others] = await trackedIds({ carrier: 'CARRIER_B', trackingNumber: '990000000013', carrierCode: 'CBXE' });
    expect(others).toEqual([]);
    const watched = await watch({ carrier: 'CARRIER_B', trackingNumber: '990000000013', carrierCode: 'CBXE' });
    expect(watched.shipmentId).toBe(tracked);
    expect(await shipmentById(watched.shipmentId)).toEqual({ id: tracked });
  });

  it('Carrier B reused number watched without disambiguation is refused naming both candidates, so one watch follows one shipment', async () => {
    const candidates = await trackedIds({ carrier: 'CARRIER_B', trackingNumber: '990000000023' });
    expect(candidates).toHaveLength(2);
    const answer = await e2e.gql(WATCH, { input: { carrier: 'CARRIER_B', trackingNumber: '990000000023' } });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_AMBIGUOUS', candidates: expect.arrayContaining(candidates) });
  });

  it('Group A express', async () => {
    const [tracked] = await trackedIds({ carrier: 'GROUP_A', trackingNumber: '1234560013', division: 'express' });
    const watched = await watch({ carrier: 'GROUP_A', trackingNumber: '1234560013', division: 'express' });
    expect(watched.shipmentId).toBe(tracked);
    expect(await shipmentById(watched.shipmentId)).toEqual({ id: tracked });
  });

  it("e-commerce: the caller's PACKAGE_ID and the carrier's CARRIER_PACKAGE_ID give one id and one watch", async () => {
    const [byPackageId] = await trackedIds({ carrier: 'GROUP_A', trackingNumber: 'PKG-2026000113', ecommerceIdType: 'PACKAGE_ID' });
    const [byCarrierId] = await trackedIds({ carrier: 'GROUP_A', trackingNumber: 'GM2026000113', ecommerceIdType: 'CARRIER_PACKAGE_ID' });
    expect(byPackageId).toBe(byCarrierId);
    const first = await watch({ carrier: 'GROUP_A', trackingNumber: 'PKG-2026000113', ecommerceIdType: 'PACKAGE_ID' });
    const second = await watch({ carrier: 'GROUP_A', trackingNumber: 'GM2026000113', ecommerceIdType: 'CARRIER_PACKAGE_ID' });
    expect(first.shipmentId).toBe(byCarrierId);
    expect(second).toEqual(first);
    e2e.sandbox.resetStats();
    expect(await shipmentById(first.shipmentId)).toEqual({ id: byCarrierId });
    // The e-commerce id is looked up on the e-commerce interface by the carrier's id, not on unified tracking (250 a
    // day). (The watcher polls the same interface meanwhile, so its calls are not counted here.)
    expect(e2e.sandbox.stats.groupAUnified.calls['GET /track/shipments']).toBeUndefined();
    expect(e2e.sandbox.stats.groupAEcommerce.trackingRequests.flat()).toContain('GM2026000113');
  });

  it('Group A unified: an id of a division outside GROUP_A_DIVISIONS (freight) still resolves', async () => {
    const ids = await trackedIds({ carrier: 'GROUP_A', trackingNumber: 'AMB00021' });
    const freight = ids.find((id) => id.startsWith('GROUP_A:freight:'));
    expect(freight).toBeDefined();
    expect(await shipmentById(freight!)).toEqual({ id: freight });
  });
});

describe('any id of a shipment is accepted where a shipment id is taken', () => {
  it('unwatchShipment with the Shipment.id a tracking query answered stops the watch', async () => {
    await watch({ carrier: 'CARRIER_B', trackingNumber: '123456700033' });
    const [id] = await trackedIds({ carrier: 'CARRIER_B', trackingNumber: '123456700033' });
    const answer = await e2e.gql(UNWATCH, { id });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.unwatchShipment).toMatchObject({ watch: { shipmentId: id, active: false }, userErrors: [] });
  });

  it('the short Carrier B id without the unique id (CARRIER_B:-:<number>) resolves and unwatches', async () => {
    const watched = await watch({ carrier: 'CARRIER_B', trackingNumber: '123456700043' });
    expect(await shipmentById('CARRIER_B:-:123456700043')).toEqual({ id: watched.shipmentId });
    const answer = await e2e.gql(UNWATCH, { id: 'CARRIER_B:-:123456700043' });
    expect(answer.data.unwatchShipment).toMatchObject({ watch: { shipmentId: watched.shipmentId, active: false }, userErrors: [] });
  });
});

describe('status changes and watches have stable ids and join their shipment', () => {
  it("a polled status change's shipmentId is the Shipment.id, its id is StatusChange:<cursor>, and its shipment resolves", async () => {
    const [shipmentId] = await trackedIds({ carrier: 'GROUP_A', trackingNumber: 'GM2026000123', ecommerceIdType: 'CARRIER_PACKAGE_ID' });
    const watched = await watch({ carrier: 'GROUP_A', trackingNumber: 'PKG-2026000123', ecommerceIdType: 'PACKAGE_ID' });
    expect(watched.shipmentId).toBe(shipmentId);
    const read = () =>
      e2e.gql(`{ statusChanges(filter: { trackingNumbers: ["PKG-2026000123"] }, first: 50) {
        edges { cursor node { id cursor shipmentId shipment { id } } } } }`);
    await waitFor(async () => (await read()).data?.statusChanges.edges.length > 0, { timeoutMs: 25_000, intervalMs: 100 });
    const answer = await read();
    expect(answer.errors).toBeUndefined();
    for (const { node } of answer.data.statusChanges.edges) {
      expect(node).toEqual({ id: `StatusChange:${node.cursor}`, cursor: node.cursor, shipmentId, shipment: { id: shipmentId } });
    }
  }, 60_000);

  it('a watch has an id of its own (ShipmentWatch:<n>), the same when the shipment is watched again, and joins its shipment', async () => {
    const first = await watch({ carrier: 'CARRIER_B', trackingNumber: '123456700053' }, WATCH_WITH_ID);
    expect(first.id).toMatch(/^ShipmentWatch:[1-9][0-9]*$/);
    await e2e.gql(UNWATCH, { id: first.shipmentId });
    const again = await watch({ carrier: 'CARRIER_B', trackingNumber: '123456700053' }, WATCH_WITH_ID);
    expect(again.id).toBe(first.id);
    const listed = await e2e.gql(`{ watches(first: 100) { edges { node { id shipmentId shipment { id } } } } }`);
    const node = listed.data.watches.edges.map((e: { node: unknown }) => e.node).find((n: { id: string }) => n.id === first.id);
    expect(node).toEqual({ id: first.id, shipmentId: first.shipmentId, shipment: { id: first.shipmentId } });
  });
});

describe('ids are checked before any store or carrier work', () => {
  it('a NUL byte in unwatchShipment.input.shipmentId is BAD_USER_INPUT naming the field', async () => {
    const answer = await e2e.gql(UNWATCH, { id: 'CARRIER_B:-:123456789013\u0000' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.unwatchShipment).toMatchObject({
      watch: null,
      userErrors: [{ field: ['input', 'shipmentId'], code: 'BAD_USER_INPUT', message: expect.stringMatching(/control character/) }],
    });
  });

  it('an id longer than 256 characters in shipmentById is BAD_USER_INPUT naming `id`, with no carrier call', async () => {
    const answer = await e2e.gql(`query S($id: ID!) { shipmentById(id: $id) { id } }`, { id: `CARRIER_B:-:1234567890:${'x'.repeat(300)}` });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
    expect(answer.errors?.[0]?.message).toMatch(/at most 256/);
    expect(carrierCallsFor('1234567890')).toBe(0);
  });

  it('a control character in an _entities id is BAD_USER_INPUT naming representations.id, with no carrier call', async () => {
    const answer = await e2e.gql(`query E($r: [_Any!]!) { _entities(representations: $r) { ... on Shipment { id } } }`, {
      r: [{ __typename: 'Shipment', id: 'GROUP_A:express:1234567893\u0007' }],
    });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'representations.id' });
    expect(carrierCallsFor('1234567893')).toBe(0);
  });
});

describe('isReturn is what the carrier says', () => {
  const isReturn = async (args: string): Promise<unknown> => {
    const answer = await e2e.gql(`{ shipment(${args}) { isReturn status { status } } }`);
    expect(answer.errors).toBeUndefined();
    return answer.data.shipment.isReturn;
  };

  it('Carrier B: a package returned to the shipper is a return; one on its way to the recipient is not', async () => {
    expect(await isReturn('carrier: CARRIER_B, trackingNumber: "123456700067"')).toBe(true);
    expect(await isReturn('carrier: CARRIER_B, trackingNumber: "123456700063"')).toBe(false);
  });

  it('Group A express: a returned shipment is a return; one in transit is not', async () => {
    expect(await isReturn('carrier: GROUP_A, trackingNumber: "1234560067", division: "express"')).toBe(true);
    expect(await isReturn('carrier: GROUP_A, trackingNumber: "1234560063", division: "express"')).toBe(false);
  });
});

describe('_entities by id answer from the store when the shipment is known there', () => {
  const ENTITIES = `query E($r: [_Any!]!) { _entities(representations: $r) { ... on Shipment { id trackingNumber status { status } } } }`;

  it('a Group A unified shipment tracked before is resolved by its id with no call to the carrier', async () => {
    const ids = await trackedIds({ carrier: 'GROUP_A', trackingNumber: 'AMB00031' });
    const freight = ids.find((id) => id.startsWith('GROUP_A:freight:'))!;
    expect(e2e.sandbox.stats.groupAUnified.calls['GET /track/shipments']).toBe(1);
    e2e.sandbox.resetStats();

    const answer = await e2e.gql(ENTITIES, { r: [{ __typename: 'Shipment', id: freight }] });
    expect(answer.errors).toBeUndefined();
    expect(answer.data._entities).toEqual([{ id: freight, trackingNumber: 'AMB00031', status: { status: expect.any(String) } }]);
    expect(carrierCallsFor('AMB00031')).toBe(0);
  });

  it('an express shipment tracked before through unified tracking is resolved by its id with no call to either interface', async () => {
    const [id] = await trackedIds({ carrier: 'GROUP_A', trackingNumber: '1234560073' });
    expect(id).toBe('GROUP_A:express:1234560073');
    e2e.sandbox.resetStats();
    const answer = await e2e.gql(ENTITIES, { r: [{ __typename: 'Shipment', id }] });
    expect(answer.errors).toBeUndefined();
    expect(answer.data._entities).toEqual([{ id, trackingNumber: '1234560073', status: { status: expect.any(String) } }]);
    expect(carrierCallsFor('1234560073')).toBe(0);
  });

  it('a watched Group A express shipment, once polled, is resolved by its id with no carrier call', async () => {
    const watched = await watch({ carrier: 'GROUP_A', trackingNumber: '1234560083', division: 'express' });
    await waitFor(
      async () => {
        const answer = await e2e.gql(`{ watches(first: 100) { edges { node { shipmentId lastPolledAt } } } }`);
        return answer.data.watches.edges.some((e: any) => e.node.shipmentId === watched.shipmentId && e.node.lastPolledAt !== null);
      },
      { timeoutMs: 25_000, intervalMs: 100 },
    );
    e2e.sandbox.resetStats();
    const answer = await e2e.gql(ENTITIES, { r: [{ __typename: 'Shipment', id: watched.shipmentId }] });
    expect(answer.errors).toBeUndefined();
    expect(answer.data._entities).toEqual([{ id: watched.shipmentId, trackingNumber: '1234560083', status: { status: expect.any(String) } }]);
    expect(carrierCallsFor('1234560083')).toBe(0);
  }, 60_000);

  it('a batch of references answers the known ones from the store and only the others through the carrier, in order', async () => {
    const [known] = await trackedIds({ carrier: 'GROUP_A', trackingNumber: '1234560093' });
    e2e.sandbox.resetStats();
    const unknown = 'GROUP_A:freight:AMB00061';
    const answer = await e2e.gql(ENTITIES, { r: [known, unknown, known].map((id) => ({ __typename: 'Shipment', id })) });
    expect(answer.errors).toBeUndefined();
    expect(answer.data._entities.map((s: { id: string }) => s.id)).toEqual([known, unknown, known]);
    expect(carrierCallsFor('1234560093')).toBe(0);
    expect(carrierCallsFor('AMB00061')).toBe(1);
  });

  it('a shipment not known to the store is resolved through the carrier', async () => {
    const answer = await e2e.gql(ENTITIES, { r: [{ __typename: 'Shipment', id: 'GROUP_A:freight:AMB00041' }] });
    expect(answer.errors).toBeUndefined();
    expect(answer.data._entities[0].id).toBe('GROUP_A:freight:AMB00041');
    expect(e2e.sandbox.stats.groupAUnified.calls['GET /track/shipments']).toBe(1);
  });
});
