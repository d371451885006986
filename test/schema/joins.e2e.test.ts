/**
 * Issue 7 item 9, schema side: `ShipmentStatusChange` and `ShipmentWatch` carry a stable `id` (read back by
 * `statusChange(id:)` and `watch(id:)`) and a `shipment` field resolved through the same loaders as `shipmentById`, so
 * client caches and the router can join them to `Shipment`.
 * Through real HTTP to a started server in sandbox mode (watchers off: the test records the change itself).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusLog } from '../../src/store/status-log.js';
import { carrierBNumbers } from '../e2e/support.js';
import { startPushE2E, type PushE2E } from '../push/support.js';
import { changeInput } from '../realtime/fixtures.js';

let e2e: PushE2E;
beforeAll(async () => {
  e2e = await startPushE2E({ WATCHERS_ENABLED: 'false' });
});
afterAll(async () => {
  await e2e?.close();
});

describe('joins to Shipment', () => {
  const [trackingNumber] = carrierBNumbers(1, 8200);

  it('a watch has a stable id and its shipment: shipment.id is the watch shipmentId, and the same id comes back on every read', async () => {
    const watched = await e2e.gql(`mutation($input: WatchShipmentInput!) { watchShipment(input: $input) { watch { id shipmentId } userErrors { message } } }`, {
      input: { carrier: 'CARRIER_B', trackingNumber },
    });
    expect(watched.data.watchShipment.userErrors).toEqual([]);
    const { id, shipmentId } = watched.data.watchShipment.watch as { id: string; shipmentId: string };
    const listed = await e2e.gql(`{ watches { edges { node { id shipmentId shipment { id carrier trackingNumber status { status } } } } } }`);
    expect(listed.errors).toBeUndefined();
    const node = listed.data.watches.edges.map((e: { node: unknown }) => e.node).find((n: { id: string }) => n.id === id);
    expect(node).toMatchObject({ id, shipmentId, shipment: { id: shipmentId, carrier: 'CARRIER_B', trackingNumber } });
    // Watching again answers the same watch.
    const again = await e2e.gql(`mutation($input: WatchShipmentInput!) { watchShipment(input: $input) { watch { id } } }`, {
      input: { carrier: 'CARRIER_B', trackingNumber },
    });
    expect(again.data.watchShipment.watch.id).toBe(id);
  });

  it('a status change has a stable id and its shipment: shipment.id is the change shipmentId', async () => {
    const byId = await e2e.gql(`query($n: String!) { shipment(carrier: CARRIER_B, trackingNumber: $n) { id } }`, { n: trackingNumber });
    const shipmentId = byId.data.shipment.id as string;
    const log = new StatusLog(e2e.server.store);
    await e2e.server.store.transaction((tx) =>
      log.append(tx, changeInput({ trackingNumber, shipmentId, carrier: 'CARRIER_B', division: null, source: 'POLL' })),
    );
    const query = `query($n: String!) { statusChanges(filter: { trackingNumbers: [$n] }) { edges { node { id shipmentId shipment { id trackingNumber } } } } }`;
    const first = await e2e.gql(query, { n: trackingNumber });
    expect(first.errors).toBeUndefined();
    const [edge] = first.data.statusChanges.edges as Array<{ node: { id: string; shipmentId: string; shipment: { id: string } } }>;
    expect(edge?.node).toMatchObject({ id: expect.any(String), shipmentId, shipment: { id: shipmentId, trackingNumber } });
    const second = await e2e.gql(query, { n: trackingNumber });
    expect(second.data.statusChanges.edges[0].node.id).toBe(edge!.node.id);
  });

  it('the ids resolve back: watch(id:) and statusChange(id:) answer the same thing; an unknown id is null, a malformed one BAD_USER_INPUT on id', async () => {
    const listed = await e2e.gql(`query($n: String!) {
      watches { edges { node { id shipmentId } } }
      statusChanges(filter: { trackingNumbers: [$n] }) { edges { node { id cursor shipmentId } } }
    }`, { n: trackingNumber });
    const watch = listed.data.watches.edges[0].node as { id: string; shipmentId: string };
    const change = listed.data.statusChanges.edges[0].node as { id: string; cursor: string; shipmentId: string };
    const back = await e2e.gql(`query($w: ID!, $c: ID!) { watch(id: $w) { id shipmentId } statusChange(id: $c) { id cursor shipmentId } }`, {
      w: watch.id,
      c: change.id,
    });
    expect(back.errors).toBeUndefined();
    expect(back.data).toEqual({ watch, statusChange: change });
    const unknown = await e2e.gql(`{ watch(id: "ShipmentWatch:999999") { id } statusChange(id: "StatusChange:999999") { id } }`);
    expect(unknown.errors).toBeUndefined();
    expect(unknown.data).toEqual({ watch: null, statusChange: null });
    for (const field of ['watch', 'statusChange']) {
      const malformed = await e2e.gql(`{ ${field}(id: "CARRIER_B:-:123456789013") { id } }`);
      expect(malformed.errors?.[0]?.extensions, field).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
    }
  });
});
