/**
 * One id per thing for pushed changes (docs/assumptions.md I1): a status change Group A pushed to our webhook carries
 * the same shipment id the tracking query answers for that shipment, and it resolves. Through GraphQL, our webhook and
 * the push simulator over real HTTP (sandbox mode, embedded store).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE, startPushE2E, waitFor, type PushE2E } from '../push/support.js';

let e2e: PushE2E;
beforeAll(async () => {
  e2e = await startPushE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('pushed status changes', () => {
  it("a pushed change's shipmentId is the Shipment.id of a unified tracking query, resolves through shipmentById, and its id is StatusChange:<cursor>", async () => {
    const trackingNumber = '1234567813';
    const created = await e2e.gql(CREATE, { input: { scope: 'TRACKING_NUMBER', subject: trackingNumber } });
    expect(created.data.createPushSubscription.userErrors).toEqual([]);
    const read = () =>
      e2e.gql(`query($n: [String!]) { statusChanges(filter: { trackingNumbers: $n }, first: 10) {
        edges { node { id cursor source shipmentId shipment { id } } } } }`, { n: [trackingNumber] });
    const edges = await waitFor(async () => {
      const answer = await read();
      const found = answer.data?.statusChanges.edges ?? [];
      return found.length > 0 ? found : null;
    });
    const tracked = await e2e.gql(`query($n: String!) { shipment(carrier: GROUP_A, trackingNumber: $n) { id } }`, { n: trackingNumber });
    expect(tracked.errors).toBeUndefined();
    const shipmentId = tracked.data.shipment.id;
    for (const { node } of edges) {
      expect(node).toEqual({ id: `StatusChange:${node.cursor}`, cursor: node.cursor, source: 'PUSH', shipmentId, shipment: { id: shipmentId } });
    }
  });
});
