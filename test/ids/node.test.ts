/**
 * Relay global object identification over real HTTP (a started server and the sandbox simulators): every entity's
 * `id` round-trips through `node(id:)` and `nodes(ids:)` to the same object of the same type; Carrier B's short id
 * answers the canonical one; an id we never hand out is BAD_USER_INPUT on `id`; `nodes` is capped by MAX_PAGE_SIZE.
 * A normalised client cache (Apollo Client 4's InMemoryCache) keeps one object per id across two paths to it.
 */
import { gql } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApolloClient } from '../../examples/apollo-client.js';
import { startE2E, type E2E } from '../e2e/support.js';
import { carrierBPickup, schedule } from '../pickups/support.js';
import { startPushE2E } from '../push/support.js';
import { carrierBShipment, createShipment } from '../shipping-api/support.js';
import { waitFor } from '../support/wait-for.js';

const MAX_PAGE_SIZE = 20;
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ env: { MAX_PAGE_SIZE: String(MAX_PAGE_SIZE), WATCH_POLL_TICK_MS: '100' } });
});
afterAll(async () => {
  await e2e?.close();
});

const NODE = `query($id: ID!) { node(id: $id) { __typename id } }`;

async function ok(query: string, variables?: Record<string, unknown>): Promise<any> {
  const answer = await e2e.gql(query, variables);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data;
}

/** One id of every type implementing Node, each handed out by the API itself. */
async function oneOfEach(): Promise<Array<{ type: string; id: string }>> {
  const shipment = (await ok(`{ shipment(carrier: CARRIER_B, trackingNumber: "123456789013") { id } }`)).shipment;
  const bought = await createShipment(e2e, carrierBShipment('node-label-1', { orderId: 'ORDER-NODE-1' }));
  const label = bought.data.createShipment.purchase.label;
  const tender = (
    await ok(`mutation($input: TenderLabelsInput!) { tenderLabels(input: $input) { tender { id } userErrors { message } } }`, {
      input: { carrier: 'CARRIER_B', idempotencyKey: 'node-close-1' },
    })
  ).tenderLabels.tender;
  const pickup = (await schedule(e2e, carrierBPickup('node-pickup-1'))).data.schedulePickup.booking.pickup;
  const watch = (
    await ok(`mutation { watchShipment(input: { carrier: CARRIER_B, trackingNumber: "123456789013" }) { watch { id } userErrors { message } } }`)
  ).watchShipment.watch;
  let change: { id: string } | null = null;
  await waitFor(async () => {
    const page = await ok(`{ statusChanges(filter: { trackingNumbers: ["123456789013"] }, first: 1) { edges { node { id } } } }`);
    change = page.statusChanges.edges[0]?.node ?? null;
    return change !== null;
  });
  return [
    { type: 'Shipment', id: shipment.id },
    { type: 'Label', id: label.id },
    { type: 'Document', id: label.documents[0].id },
    { type: 'Tender', id: tender.id },
    { type: 'Pickup', id: pickup.id },
    { type: 'ShipmentWatch', id: watch.id },
    { type: 'ShipmentStatusChange', id: change!.id },
  ];
}

describe('node(id:)', () => {
  it("every entity's id round-trips through node(id:) and nodes(ids:) to the same type and id", async () => {
    const all = await oneOfEach();
    for (const { type, id } of all) {
      expect((await ok(NODE, { id })).node, type).toEqual({ __typename: type, id });
    }
    const many = await ok(`query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`, { ids: all.map((n) => n.id) });
    expect(many.nodes).toEqual(all.map(({ type, id }) => ({ __typename: type, id })));
  });

  it('the round trips above and the push subscription test below cover every type implementing Node (introspected over HTTP)', async () => {
    const answer = await ok(`{ __type(name: "Node") { possibleTypes { name } } }`);
    const implementing = answer.__type.possibleTypes.map((t: { name: string }) => t.name).sort();
    const covered = [...(await oneOfEach()).map((n) => n.type), 'PushSubscription'].sort();
    expect(implementing).toEqual(covered);
  });

  it('every id but a shipment\'s has the form <Type>:<key>; the older push_ and doc_ forms are still read', async () => {
    const all = await oneOfEach();
    for (const { type, id } of all.filter((n) => n.type !== 'Shipment')) {
      const prefix = type === 'ShipmentStatusChange' ? 'StatusChange' : type;
      expect(id, type).toMatch(new RegExp(`^${prefix}:[^:]+$`));
    }
    const document = all.find((n) => n.type === 'Document')!.id;
    const older = document.replace(/^Document:/, 'doc_');
    expect((await ok(NODE, { id: older })).node).toEqual({ __typename: 'Document', id: document });
  });

  it('ServicePoint.id is an ID', async () => {
    const answer = await ok(`{ __type(name: "ServicePoint") { fields { name type { kind ofType { name } } } } }`);
    const id = answer.__type.fields.find((f: { name: string }) => f.name === 'id');
    expect(id.type).toEqual({ kind: 'NON_NULL', ofType: { name: 'ID' } });
  });

  it("Carrier B's short id (no unique id) answers the shipment with its canonical id", async () => {
    const canonical = (await ok(`{ shipment(carrier: CARRIER_B, trackingNumber: "123456789013") { id } }`)).shipment.id;
    expect(canonical).toMatch(/^CARRIER_B:-:123456789013:.+/);
    expect((await ok(NODE, { id: 'CARRIER_B:-:123456789013' })).node).toEqual({ __typename: 'Shipment', id: canonical });
    expect((await ok(`{ shipmentById(id: "CARRIER_B:-:123456789013") { id } }`)).shipmentById.id).toBe(canonical);
  });

  it('an id of no known form is BAD_USER_INPUT naming id; a well-formed id of nothing answers null', async () => {
    const bad = await e2e.gql(NODE, { id: 'Nothing:1' });
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
    expect((await ok(NODE, { id: 'Label:00000000-0000-4000-8000-000000000000' })).node).toBeNull();
  });

  it('nodes(ids:): a lookup that fails nulls its own item with its error; the others stand', async () => {
    const watch = (
      await ok(`mutation { watchShipment(input: { carrier: CARRIER_B, trackingNumber: "123456789013" }) { watch { id } userErrors { message } } }`)
    ).watchShipment.watch;
    const answer = await e2e.gql(`query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }`, { ids: [watch.id, 'CARRIER_B:-:999999999999'] });
    expect(answer.data.nodes).toEqual([{ __typename: 'ShipmentWatch', id: watch.id }, null]);
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors?.[0]?.path).toEqual(['nodes', 1]);
    expect(answer.errors?.[0]?.extensions?.code).toMatch(/^UPSTREAM_/);
  });

  it('nodes(ids:) refuses more than MAX_PAGE_SIZE ids naming ids, before any lookup', async () => {
    const ids = Array.from({ length: MAX_PAGE_SIZE + 1 }, (_, i) => `ShipmentWatch:${i + 1}`);
    const answer = await e2e.gql(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ids' });
    expect(answer.errors?.[0]?.message).toContain(String(MAX_PAGE_SIZE));
  });
});

describe('node(id:) for push subscriptions', () => {
  it("a PushSubscription's id (PushSubscription:<uuid>) round-trips through node(id:), its older push_ form too", async () => {
    // Push subscriptions need the carrier's push API: a server of its own with the push simulator.
    const push = await startPushE2E();
    try {
      const created = await push.gql(
        `mutation { createPushSubscription(input: { scope: TRACKING_NUMBER, subject: "1234567813" }) { pushSubscription { id } userErrors { message } } }`,
      );
      expect(created.data.createPushSubscription.userErrors).toEqual([]);
      const id = created.data.createPushSubscription.pushSubscription.id;
      expect(id).toMatch(/^PushSubscription:[0-9a-f-]{36}$/);
      const found = await push.gql(NODE, { id });
      expect(found.errors).toBeUndefined();
      expect(found.data.node).toEqual({ __typename: 'PushSubscription', id });
      // The form handed out before is read too, and answers the current one.
      const older = await push.gql(NODE, { id: id.replace(/^PushSubscription:/, 'push_') });
      expect(older.data.node).toEqual({ __typename: 'PushSubscription', id });
    } finally {
      await push.close();
    }
  });
});

describe('a normalised client cache', () => {
  it('keeps one object per id when two queries reach the same shipment by different paths (node and tracking)', async () => {
    const { client, ws } = createApolloClient(e2e.server.url);
    try {
      const tracked = await client.query({
        query: gql`query Tracked { shipment(carrier: CARRIER_B, trackingNumber: "123456789013") { id trackingNumber status { status } } }`,
        fetchPolicy: 'network-only',
      });
      const id = (tracked.data as any).shipment.id as string;
      const viaNode = await client.query({
        query: gql`query ViaNode($id: ID!) { node(id: $id) { id ... on Shipment { trackingNumber status { status } } } }`,
        variables: { id: 'CARRIER_B:-:123456789013' },
        fetchPolicy: 'network-only',
      });
      expect((viaNode.data as any).node.id).toBe(id);
      const cache = client.cache.extract() as Record<string, unknown>;
      const shipments = Object.keys(cache).filter((key) => key.startsWith('Shipment:'));
      expect(shipments).toEqual([`Shipment:${id}`]);
      expect((cache['ROOT_QUERY'] as any)['node({"id":"CARRIER_B:-:123456789013"})']).toEqual({ __ref: `Shipment:${id}` });
    } finally {
      client.stop();
      await ws.dispose();
    }
  });
});
