/**
 * Cancellations whose answer was lost, at the service with a scripted carrier, on PGlite and PostgreSQL: a sender that
 * died is taken over by the worker after its lease; past its deadline the worker stops asking and a client's retry
 * still settles it; the key of an unsettled cancellation never expires. (Over the wire: test/shipping-api/lost-answers.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/domain/errors.js';
import type { CancelResult, LabelHandle } from '../../src/domain/shipping.js';
import { IdempotencyKeyStore } from '../../src/store/shipping-keys.js';
import { openStore, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { FakeShipping, Gate, makeService, SETTINGS, shipmentRequest } from './support.js';

/** A carrier that cancels once and answers a repeat "already cancelled"; its answers can be lost or held. */
class CancellingCarrier extends FakeShipping {
  private readonly cancelled = new Set<string>();
  /** How many of the next answers are lost after the carrier acted. */
  lose = 0;
  /** Holds the next call after the carrier acted, until opened. */
  hold: Gate | null = null;

  override async cancel(label: LabelHandle): Promise<CancelResult> {
    this.calls.cancel += 1;
    const already = this.cancelled.has(label.trackingNumber);
    this.cancelled.add(label.trackingNumber);
    const hold = this.hold;
    this.hold = null;
    if (hold) await hold.opened;
    if (this.lose > 0) {
      this.lose -= 1;
      throw new UpstreamError('carrier-b ship-cancel: no answer (connection reset)', { code: 'UPSTREAM_UNAVAILABLE', upstream: 'carrier-b' });
    }
    return already
      ? { cancelled: true, alreadyCancelled: true, message: 'Shipment already cancelled.', warnings: [] }
      : { cancelled: true, alreadyCancelled: false, message: 'Shipment is successfully cancelled.', warnings: [] };
  }
}

describe.each(STORE_BACKENDS)('cancellations whose answer was lost on $name', (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore(await backend.options());
  });
  // Tests share a database: what an earlier test left due must not be handled (and counted) by this test's worker.
  beforeEach(async () => {
    await store.query('UPDATE labels SET next_attempt_at = NULL, cancel_next_attempt_at = NULL');
  });
  afterAll(async () => {
    await store.close();
  });

  async function purchased(key: string) {
    const carrier = new CancellingCarrier();
    const harness = makeService(store, { shipping: carrier });
    const { label } = await harness.service.createShipment(shipmentRequest({ orderId: `ORDER-${key}` }), `buy-${key}`);
    expect(label.state).toBe('PURCHASED');
    return { ...harness, carrier, label };
  }

  it('a cancellation whose sender died (SENT past its lease) is asked again by the worker and settled CANCELLED', async () => {
    const { service, carrier, clock, label } = await purchased('died');
    const hold = new Gate();
    carrier.hold = hold;
    const first = service.cancelShipment({ labelId: label.id, reason: null, idempotencyKey: 'cancel-died' });
    await expect.poll(() => carrier.calls.cancel).toBe(1);
    expect((await service.label(label.id))?.cancellationState).toBe('SENT');
    // Within the lease nobody else asks.
    await service.runWorkerPass();
    expect(carrier.calls.cancel).toBe(1);
    clock.advance(SETTINGS.leaseMs + 1);
    await service.runWorkerPass();
    expect(carrier.calls.cancel).toBe(2);
    expect(await service.label(label.id)).toMatchObject({ state: 'CANCELLED', cancellationState: 'CONFIRMED' });
    // The held first answer arrives late: it changes nothing, and answers what is stored.
    hold.release();
    expect((await first).label).toMatchObject({ state: 'CANCELLED' });
  });

  it("past its deadline the worker stops asking: the cancellation stays UNKNOWN with nothing due, and a client's retry still settles it", async () => {
    const { service, carrier, clock, label } = await purchased('deadline');
    carrier.lose = 1;
    await expect(service.cancelShipment({ labelId: label.id, reason: null, idempotencyKey: 'cancel-deadline' })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(await service.label(label.id)).toMatchObject({ state: 'PURCHASED', cancellationState: 'UNKNOWN' });
    clock.advance(SETTINGS.leaseMs + SETTINGS.jobDeadlineMs + SETTINGS.retryMaxMs);
    await service.runWorkerPass();
    await service.runWorkerPass();
    expect(carrier.calls.cancel).toBe(1);
    expect(await service.label(label.id)).toMatchObject({ state: 'PURCHASED', cancellationState: 'UNKNOWN' });
    const retry = await service.cancelShipment({ labelId: label.id, reason: null, idempotencyKey: 'cancel-deadline' });
    expect(retry).toMatchObject({ result: { cancelled: true, alreadyCancelled: true }, label: { state: 'CANCELLED', cancellationState: 'CONFIRMED' } });
    expect(carrier.calls.cancel).toBe(2);
  });

  it('the key of an unsettled cancellation never expires; once settled it lives its normal lifetime', async () => {
    const { service, carrier, clock, label } = await purchased('key');
    carrier.lose = 100;
    await expect(service.cancelShipment({ labelId: label.id, reason: null, idempotencyKey: 'cancel-key' })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    const keys = new IdempotencyKeyStore(store);
    const ttlMs = SETTINGS.idempotencyTtlHours * 3_600_000;
    clock.advance(ttlMs + 3_600_000);
    await service.runWorkerPass(); // purges expired keys (and asks again: still lost)
    expect(await keys.findKey('cancelShipment', 'cancel-key', clock.now())).not.toBeNull();
    carrier.lose = 0;
    const settled = await service.cancelShipment({ labelId: label.id, reason: null, idempotencyKey: 'cancel-key' });
    expect(settled.label.state).toBe('CANCELLED');
    expect(await keys.findKey('cancelShipment', 'cancel-key', new Date(clock.now().getTime() + ttlMs - 1_000))).not.toBeNull();
    expect(await keys.findKey('cancelShipment', 'cancel-key', new Date(clock.now().getTime() + ttlMs + 1_000))).toBeNull();
  });
});
