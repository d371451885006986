/**
 * Lost purchase answers over real HTTP, with a fault-injecting proxy between the subgraph and the simulators: a bought
 * label is never recorded as not bought (a reference lookup proves "not created" only after the carrier's processing
 * grace, and a label failed that way is watched for a late appearance); a key never expires under an unsettled label;
 * express, whose lookups by reference the carrier does not publish, is never looked up by an invented endpoint, and an
 * operator settles its UNKNOWN label (`settleLabel`). Timeouts and periods are scaled down; both stores.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { wsClient } from '../realtime/support.js';
import { STORE_BACKENDS } from '../support/database.js';
import type { FaultProxy } from '../support/fault-proxy.js';
import { waitFor } from '../support/wait-for.js';
import { carrierBShipment, createShipment, expressShipment, LABEL, LABEL_FIELDS } from './support.js';

const CREATE = '/ship/v1/shipments';
const REFERENCE_LOOKUP = '/track/v1/referencenumbers';
const EXPRESS_CREATE = '/expressapi/test/shipments';

const SETTLE = `mutation($input: SettleLabelInput!) {
  settleLabel(input: $input) {
    label { ${LABEL_FIELDS} }
    userErrors { field code message }
    warnings { code message }
  }
}`;

const FAST_WORKER = { SHIPPING_WORKER_INTERVAL_MS: '50', SHIPPING_RETRY_BASE_MS: '50', SHIPPING_RETRY_MAX_MS: '200' };

async function labelNow(e2e: E2E, id: string) {
  const answer = await e2e.gql(LABEL, { id });
  expect(answer.errors).toBeUndefined();
  return answer.data.label;
}

/** Reads the label every 25 ms until `until` holds for it; returns every state seen on the way. */
async function statesUntil(e2e: E2E, id: string, until: (label: any) => boolean, timeoutMs = 5_000): Promise<{ states: string[]; label: any }> {
  const states: string[] = [];
  let last: any = null;
  await waitFor(
    async () => {
      last = await labelNow(e2e, id);
      states.push(last.state);
      return until(last);
    },
    { timeoutMs, intervalMs: 25 },
  );
  return { states, label: last };
}

describe.each(STORE_BACKENDS)('on $name', (backend) => {
  describe('a creation the carrier makes after our timeout, within its processing grace', () => {
    let e2e: E2E;
    let proxy: FaultProxy;
    beforeAll(async () => {
      // Our answer times out after 400 ms; the carrier may take 2 s to create (its grace), the proxy holds 1.2 s.
      e2e = await startE2E({
        faultProxies: ['carrierB', 'groupAExpress'],
        env: { ...(await backend.env()), ...FAST_WORKER, UPSTREAM_HEADERS_TIMEOUT_MS: '400', CARRIER_B_SHIP_PROCESSING_GRACE_MS: '2000' },
      });
      proxy = e2e.faults.carrierB!;
    });
    afterAll(async () => {
      await e2e?.close();
    });
    beforeEach(() => {
      proxy.clear();
      e2e.faults.groupAExpress!.clear();
    });

    it('a bought label is never recorded as not bought: lookups before the grace ends prove nothing, and the label ends PURCHASED with the one shipment', async () => {
      proxy.add({ method: 'POST', path: CREATE, times: 1, holdMs: 1_200 });
      const before = proxy.forwarded('POST', CREATE).length;
      const answer = await createShipment(e2e, carrierBShipment('held-create-1', { orderId: 'ORDER-HELD' }));
      expect(answer.errors).toBeUndefined();
      const label = answer.data.createShipment.purchase.label;
      expect(label.state).toBe('UNKNOWN');
      const { states, label: settled } = await statesUntil(e2e, label.id, (l) => l.state !== 'UNKNOWN');
      // Lookups ran while the creation was held (they found nothing), yet the label was never FAILED.
      expect(proxy.seen.filter((x) => x.method === 'POST' && x.url.startsWith(REFERENCE_LOOKUP)).length).toBeGreaterThan(0);
      expect(states).not.toContain('FAILED');
      expect(settled).toMatchObject({ state: 'PURCHASED', failure: null });
      expect(settled.trackingNumber).toMatch(/^\d+$/);
      // One shipment at the carrier, bought once.
      expect(proxy.forwarded('POST', CREATE).length - before).toBe(1);
    });

    it('a key never expires under an unsettled label: past its TTL, the key of an UNKNOWN label is kept and the same key never buys twice', async () => {
      proxy.add({ method: 'POST', path: CREATE, times: 1, dropAnswer: 'reset' });
      const stopLookups = proxy.add({ method: 'POST', path: REFERENCE_LOOKUP, status: { code: 503, body: '{}', contentType: 'application/json' } });
      const input = carrierBShipment('unsettled-key-1', { orderId: 'ORDER-UNSETTLED' });
      const first = await createShipment(e2e, input);
      const label = first.data.createShipment.purchase.label;
      expect(label.state).toBe('UNKNOWN');
      const store = e2e.server.store;
      const keyRows = async () => (await store.query("SELECT 1 FROM idempotency_keys WHERE key = 'unsettled-key-1'")).rows.length;
      // The TTL passes.
      await store.query("UPDATE idempotency_keys SET expires_at = now() - interval '1 hour' WHERE key = 'unsettled-key-1'");
      // Worker passes (each purges expired keys first) keep looking the label up, in vain.
      const lookups = proxy.seen.filter((x) => x.url.startsWith(REFERENCE_LOOKUP)).length;
      await waitFor(() => proxy.seen.filter((x) => x.url.startsWith(REFERENCE_LOOKUP)).length >= lookups + 4, { timeoutMs: 4_000 });
      expect(await keyRows()).toBe(1);
      expect((await labelNow(e2e, label.id)).state).toBe('UNKNOWN');
      // The same key answers the same label (IN_PROGRESS while a worker's lookup holds it); nothing is bought again.
      const again = await createShipment(e2e, input);
      expect(again.data.createShipment.purchase).toMatchObject({ replay: expect.stringMatching(/^(REPLAYED|IN_PROGRESS)$/), label: { id: label.id } });
      expect(proxy.forwarded('POST', CREATE).filter((x) => x.body.includes('ORDER-UNSETTLED'))).toHaveLength(1);
      // Once settled (an operator records it as not created), the TTL counts again and the key is purged.
      stopLookups();
      const settled = await e2e.gql(SETTLE, { input: { labelId: label.id, notCreated: true } });
      expect(settled.data.settleLabel).toMatchObject({ userErrors: [], label: { state: 'FAILED', failure: { code: 'SETTLED_NOT_CREATED' } } });
      await waitFor(async () => (await keyRows()) === 0, { timeoutMs: 4_000 });
    });

    it("an operator settles an UNKNOWN Carrier B label with the carrier's tracking number, checked by tracking first; an unknown number is refused on input.trackingNumber", async () => {
      proxy.add({ method: 'POST', path: CREATE, times: 1, dropAnswer: 'reset' });
      const stopLookups = proxy.add({ method: 'POST', path: REFERENCE_LOOKUP, status: { code: 503, body: '{}', contentType: 'application/json' } });
      try {
        const answer = await createShipment(e2e, carrierBShipment('settle-b-1', { orderId: 'ORDER-SETTLE-B' }));
        const label = answer.data.createShipment.purchase.label;
        expect(label.state).toBe('UNKNOWN');
        const created = proxy.forwarded('POST', CREATE).find((x) => x.body.includes('ORDER-SETTLE-B'));
        const made = JSON.parse(created!.upstreamBody!).output.transactionShipments[0].masterTrackingNumber as string;
        const unknown = await e2e.gql(SETTLE, { input: { labelId: label.id, trackingNumber: '999999999404' } });
        expect(unknown.data.settleLabel).toMatchObject({ label: null, userErrors: [{ field: ['input', 'trackingNumber'], code: 'BAD_USER_INPUT' }] });
        const settled = await e2e.gql(SETTLE, { input: { labelId: label.id, trackingNumber: made } });
        expect(settled.data.settleLabel.userErrors).toEqual([]);
        expect(settled.data.settleLabel.label).toMatchObject({ id: label.id, state: 'PURCHASED', trackingNumber: made });
        expect(proxy.seen.some((x) => x.url.startsWith('/track/v1/trackingnumbers'))).toBe(true);
        expect(proxy.forwarded('POST', CREATE).filter((x) => x.body.includes('ORDER-SETTLE-B'))).toHaveLength(1);
      } finally {
        stopLookups();
      }
    });

    it('no shipment is bought through an invented endpoint: an express purchase whose answer was lost stays UNKNOWN without any lookup the carrier does not show, and an operator settles it by its waybill', async () => {
      const express = e2e.faults.groupAExpress!;
      express.add({ method: 'POST', path: EXPRESS_CREATE, times: 1, dropAnswer: 'reset' });
      const answer = await createShipment(e2e, expressShipment('express-lost-1'));
      const label = answer.data.createShipment.purchase.label;
      expect(label.state).toBe('UNKNOWN');
      // The worker takes it up once and leaves it UNKNOWN, visible, with nothing due.
      const { label: left } = await statesUntil(e2e, label.id, (l) => l.failure?.code === 'NOT_RECONCILABLE');
      expect(left.state).toBe('UNKNOWN');
      expect(express.seen.filter((x) => x.method === 'GET' && x.url.startsWith(EXPRESS_CREATE))).toEqual([]);
      const made = e2e.sandbox.expressShipping.shipments().find((s) => s.references.includes('ORDER-1001'));
      expect(made).toBeDefined();

      // Refusals name the field, before any carrier call.
      const malformed = await e2e.gql(SETTLE, { input: { labelId: 'Label:nope', notCreated: true } });
      expect(malformed.data.settleLabel).toMatchObject({ label: null, userErrors: [{ field: ['input', 'labelId'], code: 'BAD_USER_INPUT' }] });
      const unknownLabel = await e2e.gql(SETTLE, { input: { labelId: 'Label:00000000-0000-4000-8000-000000000000', notCreated: true } });
      expect(unknownLabel.data.settleLabel).toMatchObject({ label: null, userErrors: [{ field: ['input', 'labelId'], code: 'NOT_FOUND' }] });
      const bothOrNeither = await e2e.gql(SETTLE, { input: { labelId: label.id } });
      expect(bothOrNeither.data.settleLabel).toMatchObject({ label: null, userErrors: [{ field: ['input', 'trackingNumber'], code: 'BAD_USER_INPUT' }] });
      const unknownWaybill = await e2e.gql(SETTLE, { input: { labelId: label.id, trackingNumber: '6999999404' } });
      expect(unknownWaybill.data.settleLabel).toMatchObject({ label: null, userErrors: [{ field: ['input', 'trackingNumber'], code: 'BAD_USER_INPUT' }] });
      expect((await labelNow(e2e, label.id)).state).toBe('UNKNOWN');

      // The waybill the carrier made: checked by the carrier's tracking, then PURCHASED.
      const settled = await e2e.gql(SETTLE, { input: { labelId: label.id, trackingNumber: made!.waybill } });
      expect(settled.errors).toBeUndefined();
      expect(settled.data.settleLabel.userErrors).toEqual([]);
      expect(settled.data.settleLabel.label).toMatchObject({ id: label.id, state: 'PURCHASED', trackingNumber: made!.waybill });
      expect(settled.data.settleLabel.label.warnings.map((w: { code: string }) => w.code)).toContain('SETTLED_BY_OPERATOR');
      expect(express.seen.filter((x) => x.method === 'GET' && x.url.startsWith('/expressapi/test/tracking?')).length).toBeGreaterThan(0);
      // Settling again the same way answers the label; settling a purchased label otherwise is refused on labelId.
      const again = await e2e.gql(SETTLE, { input: { labelId: label.id, trackingNumber: made!.waybill } });
      expect(again.data.settleLabel).toMatchObject({ userErrors: [], label: { state: 'PURCHASED' } });
      const refused = await e2e.gql(SETTLE, { input: { labelId: label.id, notCreated: true } });
      expect(refused.data.settleLabel).toMatchObject({ label: null, userErrors: [{ field: ['input', 'labelId'], code: 'BAD_USER_INPUT' }] });
      // Still no invented lookup, and one creation.
      expect(express.seen.filter((x) => x.method === 'GET' && x.url.startsWith(EXPRESS_CREATE))).toEqual([]);
      expect(express.forwarded('POST', EXPRESS_CREATE)).toHaveLength(1);
    });
  });

  describe('a creation the carrier makes after a lookup proved nothing', () => {
    let e2e: E2E;
    beforeAll(async () => {
      // A grace shorter than the hold: the lookup after it finds nothing (FAILED), then the carrier creates it.
      e2e = await startE2E({
        faultProxies: ['carrierB'],
        env: {
          ...(await backend.env()),
          ...FAST_WORKER,
          UPSTREAM_HEADERS_TIMEOUT_MS: '300',
          CARRIER_B_SHIP_PROCESSING_GRACE_MS: '200',
          SHIPPING_LATE_WATCH_MS: '10000',
          SHIPPING_LATE_WATCH_INTERVAL_MS: '100',
        },
      });
    });
    afterAll(async () => {
      await e2e?.close();
    });

    it('a label failed by a reconciliation whose shipment appears late turns PURCHASED, with labelUpdated, a warning and the found-after-failed counter', async () => {
      const proxy = e2e.faults.carrierB!;
      proxy.add({ method: 'POST', path: CREATE, times: 1, holdMs: 1_500 });
      const answer = await createShipment(e2e, carrierBShipment('late-create-1', { orderId: 'ORDER-LATE' }));
      const label = answer.data.createShipment.purchase.label;
      expect(label.state).toBe('UNKNOWN');
      const client = wsClient(e2e.server.url.replace(/^http/, 'ws'));
      const pushed: string[] = [];
      const stop = client.subscribe<{ labelUpdated: { state: string } }>(
        { query: `subscription($id: ID!) { labelUpdated(id: $id) { state } }`, variables: { id: label.id } },
        { next: (r) => r.data && pushed.push(r.data.labelUpdated.state), error: () => undefined, complete: () => undefined },
      );
      try {
        const failed = await statesUntil(e2e, label.id, (l) => l.state !== 'UNKNOWN');
        expect(failed.label).toMatchObject({ state: 'FAILED', failure: { code: 'NOT_CREATED' } });
        const { label: late } = await statesUntil(e2e, label.id, (l) => l.state === 'PURCHASED');
        expect(late.warnings.map((w: { code: string }) => w.code)).toContain('FOUND_AFTER_FAILED');
        expect(late.trackingNumber).toMatch(/^\d+$/);
        await waitFor(() => pushed.includes('PURCHASED'), { timeoutMs: 3_000 });
        const metrics = await (await fetch(e2e.server.url.replace(/\/graphql$/, '/metrics'))).text();
        expect(metrics).toMatch(/shipping_labels_found_after_failed_total\{carrier="CARRIER_B"\} 1/);
        expect(proxy.forwarded('POST', CREATE)).toHaveLength(1);
      } finally {
        stop();
        await client.dispose();
      }
    });
  });
});
