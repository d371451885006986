/**
 * Issue 9 item 3: a purchase is a durable job. Async jobs are polled with backoff until documents appear or a deadline
 * passes; UNKNOWN labels are reconciled by reference; a process that died mid-purchase leaves a label another replica
 * reconciles; replicas on one database never both handle a label (FOR UPDATE SKIP LOCKED). PGlite and PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Label } from '../../src/domain/shipping.js';
import { openStore, type Store, type StoreOptions } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';
import { Clock, FakeShipping, Gate, makeService, SETTINGS, shipmentRequest } from './support.js';

describe.each(STORE_BACKENDS)('label jobs on $name', (backend) => {
  let options: StoreOptions;
  let store: Store;
  /** A second connection to the same data (PostgreSQL), as another replica has; PGlite has one. */
  let replica: Store;
  beforeAll(async () => {
    options = await backend.options();
    store = await openStore(options);
    replica = backend.server ? await openStore(options) : store;
  });
  // Tests share a database: labels an earlier test left due must not be handled (and counted) by this test's worker.
  beforeEach(async () => {
    await store.query('UPDATE labels SET next_attempt_at = NULL');
  });
  afterAll(async () => {
    if (replica !== store) await replica.close();
    await store.close();
  });

  it('an async job is polled until documents appear', async () => {
    const { service, shipping, clock, purchased } = makeService(store);
    shipping.mode = 'accepted';
    shipping.runningPolls = 2;
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-ASYNC' }), 'key-async');
    expect(label).toMatchObject({ state: 'PENDING', jobId: 'job-1', documents: [] });
    // Not due before its backoff: a pass now polls nothing.
    await service.runWorkerPass();
    expect(shipping.calls.jobResult).toBe(0);
    let current: Label | null = label;
    for (let i = 0; i < 10 && current?.state === 'PENDING'; i += 1) {
      clock.advance(SETTINGS.retryMaxMs);
      await service.runWorkerPass();
      current = await service.label(label.id);
    }
    expect(current).toMatchObject({ state: 'PURCHASED', nextAttemptAt: null, trackingNumber: shipping.shipments.get(label.purchaseReference)?.trackingNumber });
    expect(current?.documents.map((d) => d.kind)).toEqual(['LABEL']);
    expect(shipping.calls).toMatchObject({ create: 1, jobResult: 3 });
    // Tracking from birth runs beside the answer (SH11): wait for it before counting.
    await service.idle();
    expect(purchased).toEqual([label.id]);
  });

  it('an async job is polled with a backoff that doubles', async () => {
    const { service, shipping, clock } = makeService(store);
    shipping.mode = 'accepted';
    shipping.runningPolls = Infinity;
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-BACKOFF' }), 'key-backoff');
    let previous = label.nextAttemptAt?.getTime() ?? 0;
    const gaps: number[] = [previous - label.createdAt.getTime()];
    for (let i = 0; i < 4; i += 1) {
      clock.t = previous;
      await service.runWorkerPass();
      const next = (await service.label(label.id))?.nextAttemptAt?.getTime() ?? 0;
      gaps.push(next - previous);
      previous = next;
    }
    // Doubling from SHIPPING_RETRY_BASE_MS, then held at SHIPPING_RETRY_MAX_MS.
    expect(gaps).toEqual([SETTINGS.retryBaseMs, SETTINGS.retryBaseMs * 2, SETTINGS.retryBaseMs * 4, SETTINGS.retryMaxMs, SETTINGS.retryMaxMs]);
    expect(shipping.calls.jobResult).toBe(4);
  });

  it('an async job past its deadline is reconciled by reference, never failed blind', async () => {
    const { service, shipping, clock } = makeService(store);
    shipping.mode = 'accepted';
    shipping.runningPolls = Infinity;
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-DEADLINE' }), 'key-deadline');
    clock.advance(SETTINGS.jobDeadlineMs);
    await service.runWorkerPass();
    const unknown = await service.label(label.id);
    expect(unknown).toMatchObject({ state: 'UNKNOWN', failure: { code: 'JOB_DEADLINE_PASSED' } });
    await service.runWorkerPass();
    expect(await service.label(label.id)).toMatchObject({ state: 'PURCHASED', jobId: 'job-1' });
    expect(shipping.calls).toMatchObject({ create: 1, reconcile: 1 });
  });

  it('an async job past its deadline whose shipment does not exist ends FAILED NOT_CREATED', async () => {
    const { service, shipping, clock } = makeService(store);
    shipping.mode = 'accepted';
    shipping.runningPolls = Infinity;
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-DEADLINE-2' }), 'key-deadline-2');
    shipping.shipments.clear(); // the carrier dropped the job
    clock.advance(SETTINGS.jobDeadlineMs);
    await service.runWorkerPass();
    await service.runWorkerPass();
    // FAILED, and still looked at for a while in case the shipment appears late (a next attempt is due).
    expect(await service.label(label.id)).toMatchObject({ state: 'FAILED', failure: { code: 'NOT_CREATED' }, nextAttemptAt: expect.any(Date) });
  });

  it('a reconciliation that proves no shipment exists fails the label', async () => {
    const { service, shipping, clock } = makeService(store);
    shipping.mode = 'lost-before-create';
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-NONE' }), 'key-none');
    expect(label.state).toBe('UNKNOWN');
    clock.advance(SETTINGS.retryBaseMs);
    await service.runWorkerPass();
    const failed = await service.label(label.id);
    expect(failed).toMatchObject({ state: 'FAILED', failure: { code: 'NOT_CREATED', message: expect.stringContaining(label.purchaseReference) }, nextAttemptAt: expect.any(Date) });
    expect(shipping.calls).toMatchObject({ create: 1, reconcile: 1 });
    // The key answers the FAILED label: no second purchase with the same key.
    expect(await service.createShipment(shipmentRequest({ orderId: 'ORDER-NONE' }), 'key-none')).toMatchObject({ replayed: true, label: { state: 'FAILED' } });
    expect(shipping.calls.create).toBe(1);
  });

  it('a reconciliation inconclusive past the deadline leaves the label UNKNOWN with nothing due; a retry with the key reconciles again', async () => {
    const { service, shipping, clock } = makeService(store);
    shipping.mode = 'lost-before-create';
    shipping.absentAnswer = 'INCONCLUSIVE';
    const request = shipmentRequest({ orderId: 'ORDER-INCONCLUSIVE' });
    const { label } = await service.createShipment(request, 'key-inconclusive');
    clock.advance(SETTINGS.jobDeadlineMs);
    await service.runWorkerPass();
    expect(await service.label(label.id)).toMatchObject({ state: 'UNKNOWN', nextAttemptAt: null, failure: { code: 'RECONCILE_DEADLINE_PASSED' } });
    clock.advance(SETTINGS.retryMaxMs);
    await service.runWorkerPass();
    expect(shipping.calls.reconcile).toBe(1);
    shipping.absentAnswer = 'NOT_CREATED';
    expect(await service.createShipment(request, 'key-inconclusive')).toMatchObject({ replayed: true, label: { state: 'FAILED' } });
    expect(shipping.calls).toMatchObject({ create: 1, reconcile: 2 });
  });

  it('a process dying mid-purchase leaves a label the worker reconciles', async () => {
    const clock = new Clock();
    const carrier = new FakeShipping();
    carrier.answerGate = new Gate(); // the carrier creates the shipment, the answer never reaches the first process
    const dying = makeService(store, { shipping: carrier, clock });
    const arrived = new Promise<void>((resolve) => {
      carrier.onCreate = resolve;
    });
    const stuck = dying.service.createShipment(shipmentRequest({ orderId: 'ORDER-DIED' }), 'key-died');
    await arrived;
    const [pending] = (await dying.service.labels({ carrier: null, state: null, orderId: 'ORDER-DIED' }, null, 10)) ?? [];
    expect(pending?.state).toBe('PENDING');

    // Another replica (its own service on the same data) sees nothing due while the lease holds, then reconciles.
    const survivor = makeService(replica, { shipping: carrier, clock });
    await survivor.service.runWorkerPass();
    expect(carrier.calls.reconcile).toBe(0);
    clock.advance(SETTINGS.leaseMs);
    await survivor.service.runWorkerPass();
    const settled = await survivor.service.label(pending?.id ?? '');
    expect(settled).toMatchObject({ state: 'PURCHASED', trackingNumber: carrier.shipments.get(pending?.purchaseReference ?? '')?.trackingNumber });
    expect(carrier.calls).toMatchObject({ create: 1, reconcile: 1 });

    // The lost answer arriving late changes nothing: one purchase, one onPurchased call in all.
    carrier.answerGate.release();
    expect((await stuck).label).toMatchObject({ id: pending?.id, state: 'PURCHASED' });
    await Promise.all([dying.service.idle(), survivor.service.idle()]);
    expect([...dying.purchased, ...survivor.purchased]).toEqual([pending?.id]);
  });

  it('a retry after the buying process died reconciles at once, without buying again', async () => {
    const clock = new Clock();
    const carrier = new FakeShipping();
    carrier.answerGate = new Gate();
    const dying = makeService(store, { shipping: carrier, clock });
    const arrived = new Promise<void>((resolve) => {
      carrier.onCreate = resolve;
    });
    const request = shipmentRequest({ orderId: 'ORDER-DIED-RETRY' });
    const stuck = dying.service.createShipment(request, 'key-died-retry');
    await arrived;
    const other = makeService(replica, { shipping: carrier, clock });
    // Within the lease the first attempt may still be running: PENDING, no call.
    expect((await other.service.createShipment(request, 'key-died-retry')).label.state).toBe('PENDING');
    expect(carrier.calls.reconcile).toBe(0);
    clock.advance(SETTINGS.leaseMs);
    const retry = await other.service.createShipment(request, 'key-died-retry');
    expect(retry).toMatchObject({ replayed: true, label: { state: 'PURCHASED' } });
    expect(carrier.calls).toMatchObject({ create: 1, reconcile: 1 });
    carrier.answerGate.release();
    await stuck;
  });

  it('two workers on one database never both handle a label', async () => {
    const clock = new Clock();
    const carrier = new FakeShipping();
    carrier.mode = 'lost-after-create';
    const buyer = makeService(store, { shipping: carrier, clock });
    const labels = await Promise.all(
      Array.from({ length: 20 }, (_, i) => buyer.service.createShipment(shipmentRequest({ orderId: `ORDER-PAIR-${i}` }), `key-pair-${i}`)),
    );
    expect(labels.every((l) => l.label.state === 'UNKNOWN')).toBe(true);
    clock.advance(SETTINGS.retryBaseMs);
    // Both passes claim while every reconciliation is held, so their claims overlap in time.
    carrier.reconcileGate = new Gate();
    const a = makeService(store, { shipping: carrier, clock });
    const b = makeService(replica, { shipping: carrier, clock });
    const passes = Promise.all([a.service.runWorkerPass(), b.service.runWorkerPass()]);
    await waitFor(() => carrier.calls.reconcile >= 20 || carrier.calls.reconcile > 0);
    carrier.reconcileGate.release();
    const [handledA, handledB] = await passes;
    expect((handledA ?? 0) + (handledB ?? 0)).toBe(20);
    expect(carrier.reconciled).toHaveLength(20);
    expect(new Set(carrier.reconciled).size).toBe(20);
    for (const { label } of labels) expect((await buyer.service.label(label.id))?.state).toBe('PURCHASED');
  });

  it('the worker resumes after a restart: a new process on the same data finishes the job', async () => {
    // A store whose data outlives it: a PGlite directory, or the PostgreSQL database.
    const dir = backend.server ? null : await mkdtemp(join(tmpdir(), 'shipping-restart-'));
    const persistent: StoreOptions = dir ? { dataDir: join(dir, 'db') } : await backend.options();
    try {
      const clock = new Clock();
      const carrier = new FakeShipping();
      carrier.mode = 'accepted';
      carrier.runningPolls = 0;
      let before: Store | null = await openStore(persistent);
      const { label } = await makeService(before, { shipping: carrier, clock }).service.createShipment(shipmentRequest({ orderId: 'ORDER-RESTART' }), 'key-restart');
      await before.close();
      before = null;
      const after = await openStore(persistent);
      try {
        clock.advance(SETTINGS.retryBaseMs);
        const restarted = makeService(after, { shipping: carrier, clock });
        expect(await restarted.service.runWorkerPass()).toBe(1);
        expect(await restarted.service.label(label.id)).toMatchObject({ state: 'PURCHASED', jobId: 'job-1' });
        expect(carrier.calls).toMatchObject({ create: 1, jobResult: 1 });
      } finally {
        await after.close();
      }
    } finally {
      if (dir) await rm(dir, { recursive: true, force: true });
    }
  });

  it('labelUpdates yields the label now, then each stored change (made by another replica)', async () => {
    const { service, shipping, clock } = makeService(store);
    const listener = makeService(replica).service;
    shipping.mode = 'accepted';
    shipping.runningPolls = 0;
    const { label } = await service.createShipment(shipmentRequest({ orderId: 'ORDER-UPDATES' }), 'key-updates');
    const abort = new AbortController();
    const seen: string[] = [];
    const reading = (async () => {
      for await (const update of listener.labelUpdates(label.id, abort.signal)) {
        seen.push(update.state);
        if (update.state === 'PURCHASED') abort.abort();
      }
    })();
    await waitFor(() => seen.length === 1);
    clock.advance(SETTINGS.retryBaseMs);
    await service.runWorkerPass();
    await reading;
    expect(seen).toEqual(['PENDING', 'PURCHASED']);
  });

  it('stop() waits for the running pass', async () => {
    const clock = new Clock();
    const carrier = new FakeShipping();
    carrier.mode = 'lost-before-create';
    const { service } = makeService(store, { shipping: carrier, clock, settings: { ...SETTINGS, workerEnabled: true, workerIntervalMs: 10 } });
    await service.createShipment(shipmentRequest({ orderId: 'ORDER-STOP' }), 'key-stop');
    clock.advance(SETTINGS.retryBaseMs);
    carrier.reconcileGate = new Gate();
    service.start();
    await waitFor(() => carrier.calls.reconcile === 1);
    let stopped = false;
    const stopping = service.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    carrier.reconcileGate.release();
    await stopping;
    expect(stopped).toBe(true);
  });
});
