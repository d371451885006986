/**
 * Issue 9 items 2 and 10: a label purchase is idempotent by key and never bought twice; nothing is half-stored. Run on
 * embedded PGlite and on a real PostgreSQL, with fake connectors counting their calls.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/domain/errors.js';
import { PURCHASE_REFERENCE_MAX } from '../../src/services/shipping/purchase-key.js';
import { openStore, type Queryable, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { Gate, makeService, SETTINGS, shipmentRequest } from './support.js';

async function refusal(promise: Promise<unknown>): Promise<InputError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

/** The store, with the next document insert failing (a disk full, a lost connection) inside its transaction. */
function failingDocumentWrites(store: Store): { store: Store; failNext(): void } {
  let armed = false;
  const wrap = (tx: Queryable): Queryable => ({
    query: (sql, params) => {
      if (armed && sql.includes('INSERT INTO documents')) {
        armed = false;
        return Promise.reject(new Error('could not write block: No space left on device'));
      }
      return tx.query(sql, params);
    },
  });
  const wrapped: Store = Object.assign(Object.create(store) as Store, {
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => store.transaction((tx) => fn(wrap(tx))),
    // A document may be written by a statement of its own or inside the purchase's one statement (store/label-purchase.ts).
    query: wrap(store).query,
    listen: store.listen.bind(store),
    notify: store.notify.bind(store),
    kind: store.kind,
  });
  return { store: wrapped, failNext: () => void (armed = true) };
}

describe.each(STORE_BACKENDS)('label purchase on $name', (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore(await backend.options());
  });
  // Tests share a database: labels an earlier test left due must not be handled (and counted) by this test's worker.
  beforeEach(async () => {
    await store.query('UPDATE labels SET next_attempt_at = NULL');
  });
  afterAll(async () => {
    await store.close();
  });

  it('the same key sent 50 times concurrently buys one label', async () => {
    const { service, shipping } = makeService(store);
    const request = shipmentRequest({ orderId: 'ORDER-50' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => service.createShipment(request, 'key-fifty')));
    expect(shipping.calls.create).toBe(1);
    expect(new Set(answers.map((a) => a.label.id)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    const stored = await service.labels({ carrier: null, state: null, orderId: 'ORDER-50' }, null, 100);
    expect(stored).toHaveLength(1);
    expect(stored?.[0]?.state).toBe('PURCHASED');
    // A replay after the purchase answers the stored label, documents included, still without a call.
    const again = await service.createShipment(request, 'key-fifty');
    expect(again).toMatchObject({ replayed: true, label: { id: answers[0]?.label.id, state: 'PURCHASED' } });
    expect(again.label.documents).toHaveLength(1);
    expect(shipping.calls.create).toBe(1);
  });

  it('the same key with another input is BAD_USER_INPUT naming input.idempotencyKey', async () => {
    const { service, shipping } = makeService(store);
    await service.createShipment(shipmentRequest({ orderId: 'ORDER-OTHER' }), 'key-other');
    const error = await refusal(service.createShipment(shipmentRequest({ orderId: 'ORDER-OTHER', serviceCode: 'EXPRESS' }), 'key-other'));
    expect(error.field).toBe('input.idempotencyKey');
    expect(error.message).toContain('was used with another input');
    expect(shipping.calls.create).toBe(1);
  });

  it('a retry while the first attempt runs answers PENDING without a call', async () => {
    const { service, shipping } = makeService(store);
    shipping.createGate = new Gate();
    const arrived = new Promise<void>((resolve) => {
      shipping.onCreate = resolve;
    });
    const request = shipmentRequest({ orderId: 'ORDER-RUNNING' });
    const first = service.createShipment(request, 'key-running');
    await arrived;
    const retry = await service.createShipment(request, 'key-running');
    expect(retry.replayed).toBe(true);
    expect(retry.label.state).toBe('PENDING');
    expect(shipping.calls.create).toBe(1);
    shipping.createGate.release();
    const done = await first;
    expect(done).toMatchObject({ replayed: false, label: { id: retry.label.id, state: 'PURCHASED' } });
    expect(shipping.calls.create).toBe(1);
  });

  it('a timeout after the carrier created the shipment ends with one label, reconciled', async () => {
    const { service, shipping, purchased } = makeService(store);
    shipping.mode = 'lost-after-create';
    const request = shipmentRequest({ orderId: 'ORDER-LOST' });
    const first = await service.createShipment(request, 'key-lost');
    expect(first.label.state).toBe('UNKNOWN');
    expect(first.label.failure?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(first.label.nextAttemptAt).not.toBeNull();
    // The retry does not buy again: it reconciles by the purchase reference the lost call wrote.
    const retry = await service.createShipment(request, 'key-lost');
    expect(retry.replayed).toBe(true);
    expect(retry.label).toMatchObject({ id: first.label.id, state: 'PURCHASED', failure: null, nextAttemptAt: null });
    const atCarrier = shipping.shipments.get(first.label.purchaseReference);
    expect(retry.label.trackingNumber).toBe(atCarrier?.trackingNumber);
    expect(retry.label.documents.map((d) => d.kind)).toEqual(['LABEL']);
    expect(shipping.calls).toMatchObject({ create: 1, reconcile: 1 });
    expect(shipping.shipments.size).toBe(1);
    expect(await service.labels({ carrier: null, state: null, orderId: 'ORDER-LOST' }, null, 10)).toHaveLength(1);
    // Tracking from birth runs beside the answer (SH11): wait for it before counting.
    await service.idle();
    expect(purchased).toEqual([first.label.id]);
  });

  it('a failed purchase leaves a FAILED label with its reason, never an orphan', async () => {
    const { service, shipping } = makeService(store);
    shipping.mode = 'refused';
    const outcome = await service.createShipment(shipmentRequest({ orderId: 'ORDER-REFUSED' }), 'key-refused');
    expect(outcome.label).toMatchObject({
      state: 'FAILED',
      failure: { code: 'CARRIER_REFUSED', message: expect.stringContaining('Invalid postal code'), carrierCode: 'POSTALCODE.INVALID', transactionId: 'tx-refused' },
      trackingNumber: null,
      documents: [],
      nextAttemptAt: null,
    });
    const stored = await service.label(outcome.label.id);
    expect(stored?.state).toBe('FAILED');
    // A refusal is final for the key: the same key answers it again without a call.
    const again = await service.createShipment(shipmentRequest({ orderId: 'ORDER-REFUSED' }), 'key-refused');
    expect(again).toMatchObject({ replayed: true, label: { state: 'FAILED' } });
    expect(shipping.calls.create).toBe(1);
  });

  it("a refusal of the carrier's checks stores nothing and calls nothing", async () => {
    const { service, shipping } = makeService(store);
    const heavy = shipmentRequest({
      orderId: 'ORDER-HEAVY',
      packages: [{ weight: { value: 90, unit: 'KG' }, dimensions: null, description: null, packageId: null, cashOnDelivery: null }],
    });
    const error = await refusal(service.createShipment(heavy, 'key-heavy'));
    expect(error.field).toBe('input.packages.0.weight');
    expect(shipping.calls.create).toBe(0);
    expect(await service.labels({ carrier: null, state: null, orderId: 'ORDER-HEAVY' }, null, 10)).toEqual([]);
    const { rows } = await store.query("SELECT 1 FROM idempotency_keys WHERE key = 'key-heavy'");
    expect(rows).toEqual([]);
  });

  it("an account that is not one of the connector's is BAD_USER_INPUT naming input.accountNumber", async () => {
    const { service, shipping } = makeService(store);
    const error = await refusal(service.createShipment(shipmentRequest({ accountNumber: '999999999' }), 'key-account'));
    expect(error.field).toBe('input.accountNumber');
    expect(shipping.calls.create).toBe(0);
  });

  it('the purchase reference sent to the carrier is at most 30 characters of [A-Za-z0-9-] and the same for one key', async () => {
    const { service, shipping } = makeService(store);
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-REF', purchaseReference: 'caller-put-this' }), 'key-reference-'.padEnd(200, 'x'));
    expect(label.purchaseReference).toMatch(new RegExp(`^[A-Za-z0-9-]{1,${PURCHASE_REFERENCE_MAX}}$`));
    expect([...shipping.shipments.keys()]).toEqual([label.purchaseReference]);
    const other = makeService(store);
    const second = await other.service.createShipment(shipmentRequest({ orderId: 'ORDER-REF' }), 'key-reference-'.padEnd(200, 'x'));
    expect(second.label.purchaseReference).toBe(label.purchaseReference);
  });

  it('a purchased label stores its documents: bytes, content type and size, under an unguessable id', async () => {
    const { service, shipping } = makeService(store);
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-DOCS' }), 'key-docs');
    const [doc] = label.documents;
    expect(doc?.id).toMatch(/^doc_[A-Za-z0-9_-]{22}$/);
    const stored = await service.documentContent(doc?.id ?? '');
    const sent = shipping.shipments.get(label.purchaseReference)?.documents[0]?.content;
    expect(stored?.content.equals(sent ?? Buffer.alloc(0))).toBe(true);
    expect(stored?.document).toMatchObject({ contentType: 'application/pdf', size: sent?.length, labelId: label.id, kind: 'LABEL' });
    expect(await service.documentContent('doc_AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
  });

  it('a failed document write stores nothing of the purchase, and the label is reconciled, not bought again', async () => {
    const failing = failingDocumentWrites(store);
    const { service, shipping } = makeService(failing.store);
    failing.failNext();
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-DISKFULL' }), 'key-diskfull');
    // The label row and its documents commit together: neither the tracking number nor a document was kept.
    expect(label).toMatchObject({ state: 'UNKNOWN', trackingNumber: null, documents: [], failure: { code: 'STORE_FAILED' } });
    const { rows } = await store.query('SELECT 1 FROM documents WHERE label_id = $1', [label.id]);
    expect(rows).toEqual([]);
    const retry = await service.createShipment(shipmentRequest({ orderId: 'ORDER-DISKFULL' }), 'key-diskfull');
    expect(retry.label).toMatchObject({ state: 'PURCHASED', trackingNumber: shipping.shipments.get(label.purchaseReference)?.trackingNumber });
    expect(retry.label.documents).toHaveLength(1);
    expect(shipping.calls.create).toBe(1);
  });

  it('keys expire after the TTL: the same key later is a new purchase, within it a replay', async () => {
    const { service, shipping, clock } = makeService(store);
    const request = shipmentRequest({ orderId: 'ORDER-TTL' });
    const first = await service.createShipment(request, 'key-ttl');
    clock.advance(24 * 3_600_000 - 1);
    expect(await service.createShipment(request, 'key-ttl')).toMatchObject({ replayed: true, label: { id: first.label.id } });
    clock.advance(1);
    const later = await service.createShipment(request, 'key-ttl');
    expect(later.replayed).toBe(false);
    expect(later.label.id).not.toBe(first.label.id);
    expect(shipping.calls.create).toBe(2);
  });

  it('the worker purges expired keys', async () => {
    const { service, clock } = makeService(store);
    await service.createShipment(shipmentRequest({ orderId: 'ORDER-PURGE' }), 'key-purge');
    const count = async (): Promise<number> => (await store.query("SELECT 1 FROM idempotency_keys WHERE key = 'key-purge'")).rows.length;
    await service.runWorkerPass();
    expect(await count()).toBe(1);
    clock.advance(24 * 3_600_000);
    await service.runWorkerPass();
    expect(await count()).toBe(0);
  });

  it('purchases are counted by carrier and outcome, replays and worker passes beside them', async () => {
    const { service, shipping, metrics } = makeService(store);
    await service.createShipment(shipmentRequest({ orderId: 'ORDER-METRICS' }), 'key-metrics-1');
    await service.createShipment(shipmentRequest({ orderId: 'ORDER-METRICS' }), 'key-metrics-1');
    shipping.mode = 'refused';
    await service.createShipment(shipmentRequest({ orderId: 'ORDER-METRICS' }), 'key-metrics-2');
    await service.runWorkerPass();
    const text = await metrics.registry.metrics();
    expect(text).toContain('shipping_label_purchases_total{carrier="CARRIER_B",outcome="PURCHASED"} 1');
    expect(text).toContain('shipping_label_purchases_total{carrier="CARRIER_B",outcome="FAILED"} 1');
    expect(text).toContain('shipping_idempotent_replays_total{scope="createShipment"} 1');
    expect(text).toContain('shipping_worker_passes_total{outcome="ok"} 1');
  });

  it('a failing onPurchased hook never fails the purchase', async () => {
    const hooked: string[] = [];
    const { service, shipping } = makeService(store, {
      onPurchased: (label) => {
        hooked.push(label.id);
        throw new Error('tracking not available');
      },
    });
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-HOOK' }), 'key-hook');
    expect(label.state).toBe('PURCHASED');
    await service.idle();
    // The hook did run (and threw) for this label; the label stays bought, once.
    expect(hooked).toEqual([label.id]);
    expect((await service.label(label.id))?.state).toBe('PURCHASED');
    expect(shipping.calls.create).toBe(1);
  });

  it('the purchase answers after its creation call; tracking from birth runs beside it, never in its way', async () => {
    const follow = new Gate();
    const followed: string[] = [];
    const { service, shipping } = makeService(store, {
      onPurchased: async (label) => {
        await follow.opened;
        followed.push(label.id);
      },
    });
    // The follow (a watch may look the number up at the carrier) is held: the purchase still answers at once.
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-FOLLOW' }), 'key-follow');
    expect(label.state).toBe('PURCHASED');
    expect(shipping.calls.create).toBe(1);
    expect(followed).toEqual([]);
    follow.release();
    await service.idle();
    expect(followed).toEqual([label.id]);
  });

  it('a label whose tracking from birth failed (or never ran: the process died) is followed by the worker, once', async () => {
    let fail = true;
    const followed: string[] = [];
    const harness = makeService(store, {
      onPurchased: (label) => {
        if (fail) throw new Error('watcher not reachable');
        followed.push(label.id);
      },
    });
    const { service, clock } = harness;
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-UNFOLLOWED' }), 'key-unfollowed');
    await service.idle();
    const followsOf = () => followed.filter((id) => id === label.id);
    expect(followsOf()).toEqual([]);
    fail = false;
    // Within the lease the buying process's own attempt stands; after it, a worker pass (any replica) follows it.
    await service.runWorkerPass();
    expect(followsOf()).toEqual([]);
    clock.advance(SETTINGS.leaseMs + 1);
    await service.runWorkerPass();
    expect(followsOf()).toEqual([label.id]);
    // Followed: later passes leave it alone.
    clock.advance(SETTINGS.leaseMs + 1);
    await service.runWorkerPass();
    expect(followsOf()).toEqual([label.id]);
  });
});
