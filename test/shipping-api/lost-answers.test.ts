/**
 * The money path when the carrier's answer is lost or not the one we assumed, over real HTTP through the
 * fault-injecting proxy in front of the Carrier B and e-commerce simulators, on both stores:
 * - a cancellation whose answer was lost is settled by the carrier's own "already cancelled" (client retry or worker);
 * - a 2xx end-of-day close or manifest whose answer lacks the list we assumed tenders what it was asked to tender and
 *   keeps the answer; a retry with the same key never closes twice, also when the close's answer was lost.
 */
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { STORE_BACKENDS, type StoreBackend } from '../support/database.js';
import { startFaultProxy, type FaultProxy } from '../support/fault-proxy.js';
import { waitFor } from '../support/wait-for.js';
import { carrierBShipment, createShipment, ecommerceShipment } from './support.js';

const CANCEL_PATH = '/ship/v1/shipments/cancel';
const CLOSE_PATH = '/ship/v1/endofday/';
const MANIFEST_PATH = '/shipping/v4/manifest';

const CANCEL = `mutation($input: CancelShipmentInput!) {
  cancelShipment(input: $input) { cancellation { cancelled message label { id state } } userErrors { field code message carrierCode } }
}`;
const LABEL_STATE = `query($id: ID!) { label(id: $id) { id state tendered cancellationState cancelledAt } }`;
const UNTENDERED = `{ untenderedLabels { edges { node { id } } } }`;
const TENDER = `mutation($input: TenderLabelsInput!) {
  tenderLabels(input: $input) {
    tender { id kind outcome labels { id tendered } documents { kind contentType url } warnings { code message } }
    userErrors { field code message }
  }
}`;

/** A free loopback port (the simulator is started on it, so the proxy in front of it can be started first). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface World {
  e2e: E2E;
  carrierB: FaultProxy;
  ecommerce: FaultProxy;
  close(): Promise<void>;
}

/** The subgraph on `backend`, talking to Carrier B and e-commerce through a fault proxy each. */
async function startWorld(backend: StoreBackend, env: Record<string, string>): Promise<World> {
  const [carrierBPort, ecommercePort] = [await freePort(), await freePort()];
  const carrierB = await startFaultProxy(`http://127.0.0.1:${carrierBPort}`);
  const ecommerce = await startFaultProxy(`http://127.0.0.1:${ecommercePort}`);
  const e2e = await startE2E({
    withEcommerceShipping: true,
    sandbox: { ports: { carrierB: carrierBPort, groupAEcommerce: ecommercePort } },
    env: { ...(await backend.env()), CARRIER_B_BASE_URL: carrierB.origin, GROUP_A_ECOM_BASE_URL: ecommerce.origin, ...env },
  });
  return {
    e2e,
    carrierB,
    ecommerce,
    async close() {
      await e2e.close();
      await carrierB.close();
      await ecommerce.close();
    },
  };
}

async function buy(e2e: E2E, input: Record<string, unknown>): Promise<{ id: string; trackingNumber: string }> {
  const answer = await createShipment(e2e, input);
  expect(answer.errors).toBeUndefined();
  expect(answer.data.createShipment.userErrors, JSON.stringify(answer.data.createShipment.userErrors)).toEqual([]);
  return answer.data.createShipment.purchase.label;
}

async function untenderedIds(e2e: E2E): Promise<string[]> {
  const answer = await e2e.gql(UNTENDERED);
  expect(answer.errors).toBeUndefined();
  return answer.data.untenderedLabels.edges.map((e: { node: { id: string } }) => e.node.id);
}

describe.each(STORE_BACKENDS)('lost and unexpected answers on the money path ($name)', (backend) => {
  describe('cancellation (client retries; the worker off)', () => {
    let world: World;
    beforeAll(async () => {
      world = await startWorld(backend, { SHIPPING_WORKER_ENABLED: 'false' });
    });
    afterAll(async () => {
      await world?.close();
    });

    it("a cancellation whose answer was lost is settled CANCELLED by the carrier's 'already cancelled' on retry, and is no longer untendered", async () => {
      const { e2e, carrierB } = world;
      const label = await buy(e2e, carrierBShipment('lost-cancel-retry'));
      const cancels = () => carrierB.forwarded('PUT', CANCEL_PATH).length;
      carrierB.add({ method: 'PUT', path: CANCEL_PATH, times: 1, dropAnswer: 'reset' });
      const first = await e2e.gql(CANCEL, { input: { labelId: label.id, idempotencyKey: 'cancel-lost-1' } });
      expect(first.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(cancels()).toBe(1);

      const retry = await e2e.gql(CANCEL, { input: { labelId: label.id, idempotencyKey: 'cancel-lost-1' } });
      expect(retry.errors).toBeUndefined();
      expect(retry.data.cancelShipment.userErrors).toEqual([]);
      expect(retry.data.cancelShipment.cancellation).toMatchObject({ cancelled: true, label: { id: label.id, state: 'CANCELLED' } });
      // The retry asked the carrier again; its "already cancelled" settled it.
      expect(cancels()).toBe(2);
      expect(await untenderedIds(e2e)).not.toContain(label.id);

      // Settled: any further cancel answers the stored result without a call.
      const again = await e2e.gql(CANCEL, { input: { labelId: label.id, idempotencyKey: 'cancel-lost-2' } });
      expect(again.data.cancelShipment.cancellation).toMatchObject({ cancelled: true, label: { state: 'CANCELLED' } });
      expect(cancels()).toBe(2);
    });

    it('an uncertain cancellation is visible on the label (cancellationState UNKNOWN) until it is settled', async () => {
      const { e2e, carrierB } = world;
      const label = await buy(e2e, carrierBShipment('lost-cancel-visible'));
      carrierB.add({ method: 'PUT', path: CANCEL_PATH, times: 1, dropAnswer: 'reset' });
      await e2e.gql(CANCEL, { input: { labelId: label.id, idempotencyKey: 'cancel-visible-1' } });
      const uncertain = await e2e.gql(LABEL_STATE, { id: label.id });
      expect(uncertain.errors).toBeUndefined();
      expect(uncertain.data.label).toMatchObject({ state: 'PURCHASED', cancellationState: 'UNKNOWN', cancelledAt: null });
      // Not tendered meanwhile: the close naming it is refused before any call.
      const closes = carrierB.forwarded('POST', CLOSE_PATH).length;
      const close = await e2e.gql(TENDER, { input: { carrier: 'CARRIER_B', labelIds: [label.id], idempotencyKey: 'close-uncertain-1' } });
      expect(close.data.tenderLabels.userErrors).toEqual([expect.objectContaining({ code: 'BAD_USER_INPUT', field: ['input', 'labelIds', '0'] })]);
      expect(carrierB.forwarded('POST', CLOSE_PATH)).toHaveLength(closes);
      // A new key settles it too (the lost call holds the label's cancellation, and is asked again).
      const retry = await e2e.gql(CANCEL, { input: { labelId: label.id, idempotencyKey: 'cancel-visible-2' } });
      expect(retry.data.cancelShipment.cancellation).toMatchObject({ cancelled: true, label: { state: 'CANCELLED' } });
      const settled = await e2e.gql(LABEL_STATE, { id: label.id });
      expect(settled.data.label).toMatchObject({ state: 'CANCELLED', cancellationState: 'CONFIRMED' });
    });

    it("a cancellation the carrier refuses is a user error with the carrier's words; the label stays PURCHASED", async () => {
      const { e2e, carrierB } = world;
      const label = await buy(e2e, carrierBShipment('refused-cancel'));
      const body = JSON.stringify({ transactionId: 'tx-refused', output: { cancelledShipment: false, message: 'Shipment cannot be cancelled now.' } });
      carrierB.add({ method: 'PUT', path: CANCEL_PATH, times: 1, malformed: { body } });
      const answer = await e2e.gql(CANCEL, { input: { labelId: label.id, idempotencyKey: 'cancel-refused-1' } });
      expect(answer.errors).toBeUndefined();
      expect(answer.data.cancelShipment.userErrors).toEqual([
        expect.objectContaining({ code: 'CARRIER_REFUSED', message: expect.stringContaining('Shipment cannot be cancelled now.') }),
      ]);
      const stored = await e2e.gql(LABEL_STATE, { id: label.id });
      expect(stored.data.label).toMatchObject({ state: 'PURCHASED', cancellationState: 'REFUSED' });
    });
  });

  describe('cancellation (the worker settles)', () => {
    let world: World;
    beforeAll(async () => {
      world = await startWorld(backend, { SHIPPING_WORKER_INTERVAL_MS: '50', SHIPPING_RETRY_BASE_MS: '50', SHIPPING_RETRY_MAX_MS: '200' });
    });
    afterAll(async () => {
      await world?.close();
    });

    it('the label worker settles an uncertain cancellation without a client retry', async () => {
      const { e2e, carrierB } = world;
      const label = await buy(e2e, carrierBShipment('lost-cancel-worker'));
      carrierB.add({ method: 'PUT', path: CANCEL_PATH, times: 1, dropAnswer: 'reset' });
      const first = await e2e.gql(CANCEL, { input: { labelId: label.id, idempotencyKey: 'cancel-worker-1' } });
      expect(first.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      await waitFor(async () => (await e2e.gql(`query($id: ID!) { label(id: $id) { state } }`, { id: label.id })).data.label.state === 'CANCELLED', {
        timeoutMs: 4_000,
      });
      expect(carrierB.forwarded('PUT', CANCEL_PATH).length).toBeGreaterThanOrEqual(2);
      expect(await untenderedIds(e2e)).not.toContain(label.id);
      // The client's retry with its key now answers the settled cancellation without a call.
      const calls = carrierB.forwarded('PUT', CANCEL_PATH).length;
      const retry = await e2e.gql(CANCEL, { input: { labelId: label.id, idempotencyKey: 'cancel-worker-1' } });
      expect(retry.data.cancelShipment.cancellation).toMatchObject({ cancelled: true, label: { state: 'CANCELLED' } });
      expect(carrierB.forwarded('PUT', CANCEL_PATH)).toHaveLength(calls);
    });
  });

  describe('tendering', () => {
    let world: World;
    beforeAll(async () => {
      world = await startWorld(backend, { SHIPPING_WORKER_ENABLED: 'false' });
    });
    afterAll(async () => {
      await world?.close();
    });

    it("a 2xx end-of-day close whose answer lacks closedTrackingNumbers tenders the labels asked for and keeps the carrier's answer; the same key closes once", async () => {
      const { e2e, carrierB } = world;
      const label = await buy(e2e, carrierBShipment('close-odd-answer'));
      const before = carrierB.forwarded('POST', CLOSE_PATH).length;
      carrierB.add({ method: 'POST', path: CLOSE_PATH, times: 1, malformed: { forwardFirst: true, body: '{"output":{}}' } });
      const input = { carrier: 'CARRIER_B', labelIds: [label.id], idempotencyKey: 'close-odd-1' };
      const close = await e2e.gql(TENDER, { input });
      expect(close.errors).toBeUndefined();
      expect(close.data.tenderLabels.userErrors).toEqual([]);
      const tender = close.data.tenderLabels.tender;
      expect(tender).toMatchObject({ kind: 'END_OF_DAY', outcome: 'TENDERED', labels: [{ id: label.id, tendered: true }] });
      expect(await untenderedIds(e2e)).not.toContain(label.id);
      const kept = tender.documents.find((d: { kind: string }) => d.kind === 'CARRIER_ANSWER');
      expect(kept).toMatchObject({ contentType: 'application/json' });
      expect(await (await fetch(kept.url)).text()).toBe('{"output":{}}');

      const retry = await e2e.gql(TENDER, { input });
      expect(retry.data.tenderLabels.tender.id).toBe(tender.id);
      expect(carrierB.forwarded('POST', CLOSE_PATH)).toHaveLength(before + 1);
    });

    it('a 2xx manifest whose answer lacks manifests[].carrierPackageIds tenders the label asked for and keeps the answer; the same key manifests once', async () => {
      const { e2e, ecommerce } = world;
      const label = await buy(e2e, ecommerceShipment('manifest-odd-answer'));
      const before = ecommerce.forwarded('POST', MANIFEST_PATH).length;
      ecommerce.add({ method: 'POST', path: MANIFEST_PATH, times: 1, malformed: { forwardFirst: true, body: '{"manifests":[{"manifestId":"M-1"}]}' } });
      const input = { carrier: 'GROUP_A', division: 'ecommerce', labelIds: [label.id], idempotencyKey: 'manifest-odd-1' };
      const manifest = await e2e.gql(TENDER, { input });
      expect(manifest.errors).toBeUndefined();
      expect(manifest.data.tenderLabels.userErrors).toEqual([]);
      const tender = manifest.data.tenderLabels.tender;
      expect(tender).toMatchObject({ kind: 'MANIFEST', outcome: 'TENDERED', labels: [{ id: label.id, tendered: true }] });
      expect(tender.documents.map((d: { kind: string }) => d.kind)).toContain('CARRIER_ANSWER');

      const retry = await e2e.gql(TENDER, { input });
      expect(retry.data.tenderLabels.tender.id).toBe(tender.id);
      expect(ecommerce.forwarded('POST', MANIFEST_PATH)).toHaveLength(before + 1);
    });

    it('a close whose answer was lost is never sent again by a retry with the same key: the tender stays UNKNOWN and visible', async () => {
      const { e2e, carrierB } = world;
      const label = await buy(e2e, carrierBShipment('close-lost-answer'));
      const closes = () => carrierB.forwarded('POST', CLOSE_PATH).length;
      const before = closes();
      carrierB.add({ method: 'POST', path: CLOSE_PATH, times: 1, dropAnswer: 'reset' });
      const input = { carrier: 'CARRIER_B', labelIds: [label.id], idempotencyKey: 'close-lost-1' };
      const first = await e2e.gql(TENDER, { input });
      expect(first.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
      expect(closes()).toBe(before + 1);

      const retry = await e2e.gql(TENDER, { input });
      expect(closes()).toBe(before + 1);
      expect(retry.errors).toBeUndefined();
      expect(retry.data.tenderLabels.tender).toMatchObject({ outcome: 'UNKNOWN', labels: [{ id: label.id, tendered: false }] });
      expect(retry.data.tenderLabels.tender.warnings).toContainEqual(expect.objectContaining({ code: 'TENDER_OUTCOME_UNKNOWN' }));
    });
  });
});
