/**
 * Issue 11 item 1: every lifecycle event is written to the outbox in the transaction that records its happening (a
 * status change that is recorded is exported; one that is not, is not). On embedded PGlite and on PostgreSQL, with the
 * shipping and pickups services over fake connectors in process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickupConnector } from '../../src/carriers/types.js';
import type { PickupRequest } from '../../src/domain/pickups-addresses.js';
import { PickupsService } from '../../src/services/pickups/pickups-service.js';
import { OutboxStore } from '../../src/store/outbox-store.js';
import { StatusLog } from '../../src/store/status-log.js';
import { openStore, type Queryable, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { changeInput } from '../realtime/fixtures.js';
import { makeService, shipmentRequest, silentLogger } from '../shipping/support.js';

/** The store, with every analytics outbox insert failing inside its transaction (a full disk on that table). */
function failingOutboxWrites(store: Store): Store {
  const wrap = (tx: Queryable): Queryable => ({
    query: (sql, params) => (sql.includes('INSERT INTO analytics_outbox') ? Promise.reject(new Error('could not extend file')) : tx.query(sql, params)),
  });
  return Object.assign(Object.create(store) as Store, {
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => store.transaction((tx) => fn(wrap(tx))),
    // An event may be written inside a transaction or inside one statement of CTEs (a purchase's answer).
    query: wrap(store).query,
    listen: store.listen.bind(store),
    notify: store.notify.bind(store),
    kind: store.kind,
  });
}

class FakePickups implements PickupConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;
  readonly defaultAccountNumber = '510087000';
  readonly accountNumbers = ['510087000'];
  private serial = 0;
  check() {
    return [];
  }
  async schedule() {
    this.serial += 1;
    return {
      confirmationNumber: `CONF${this.serial}`,
      otherConfirmationNumbers: [],
      location: 'NQAA',
      scheduledDate: '2030-05-02',
      carrierCode: 'CBXG',
      readyByTime: null,
      nextPickupDate: null,
      cancelUrl: null,
      message: null,
      warnings: [],
    };
  }
  async cancel() {
    return { cancelled: true, message: 'cancelled', warnings: [] };
  }
}

function pickupRequest(): PickupRequest {
  const request = shipmentRequest();
  return {
    carrier: 'CARRIER_B',
    division: null,
    accountNumber: null,
    network: 'GROUND',
    location: request.shipper,
    readyAt: '2030-05-02T14:00:00Z',
    readyAtLocal: '2030-05-02T09:00:00',
    utcOffset: '-05:00',
    closeTime: '17:00:00',
    dateType: 'FUTURE_DAY',
    packageLocation: 'FRONT',
    packageCount: 2,
    totalWeight: { value: 4, unit: 'KG' },
    remarks: null,
    countryRelationship: 'DOMESTIC',
    trackingNumbers: [],
    purchaseReference: '',
  };
}

describe.each(STORE_BACKENDS)('analytics outbox writers on $name', (backend) => {
  let store: Store;
  let outbox: OutboxStore;
  beforeAll(async () => {
    store = await openStore(await backend.options());
    outbox = new OutboxStore(store);
  });
  afterAll(async () => {
    await store?.close();
  });

  const kindsOf = async (like: string) =>
    (await store.query<{ kind: string }>('SELECT kind FROM analytics_outbox WHERE identity LIKE $1 ORDER BY id', [like])).rows.map((r) => r.kind);

  it('a recorded status change is in the outbox; a duplicate (not recorded) is not', async () => {
    const log = new StatusLog(store);
    const input = changeInput({ trackingNumber: 'AXOUT1', location: { id: 'HUB9', type: 'HUB', description: 'Leipzig hub', address: { policy: null, streetLines: null, locality: 'Leipzig', region: null, postalCode: '04435', countryCode: 'DE' } } });
    const recorded = await store.transaction((tx) => log.append(tx, input));
    expect(recorded).not.toBeNull();
    const entry = await outbox.entryByIdentity(`status:${input.dedupKey}`);
    expect(entry).toMatchObject({ kind: 'shipment_status_changed', state: 'PENDING', distinctId: input.shipmentId, occurredAt: new Date(input.time!.instant!) });
    // Our unified words, most useful first.
    expect(Object.keys(entry!.properties).slice(0, 6)).toEqual(['status', 'native_code', 'native_text', 'carrier', 'division', 'tracking_number']);
    expect(entry!.properties).toMatchObject({ status: 'IN_TRANSIT', tracking_number: 'AXOUT1', location_city: 'Leipzig', location_country_code: 'DE', status_log_cursor: recorded!.cursor });
    const rows = async () => Number((await store.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_outbox')).rows[0]?.n);
    const before = await rows();
    expect(await store.transaction((tx) => log.append(tx, { ...input, status: { status: 'DELIVERED', nativeCode: 'delivered', nativeText: null } }))).toBeNull();
    expect(await rows()).toBe(before);
  });

  it('a status change whose transaction rolls back leaves no outbox row, and an outbox write that fails records no change', async () => {
    const log = new StatusLog(store);
    const input = changeInput({ trackingNumber: 'AXOUT2' });
    await expect(
      store.transaction(async (tx) => {
        await log.append(tx, input);
        throw new Error('the caller failed after appending');
      }),
    ).rejects.toThrow('the caller failed');
    const changeRows = async () => (await store.query('SELECT 1 FROM status_changes WHERE dedup_key = $1', [input.dedupKey])).rows.length;
    expect(await outbox.entryByIdentity(`status:${input.dedupKey}`)).toBeNull();
    expect(await changeRows()).toBe(0);
    const failing = failingOutboxWrites(store);
    await expect(failing.transaction((tx) => new StatusLog(failing).append(tx, input))).rejects.toThrow('could not extend file');
    expect(await changeRows()).toBe(0);
    expect(await outbox.entryByIdentity(`status:${input.dedupKey}`)).toBeNull();
    // The same change committed: both lookups above find their row, so their emptiness meant something.
    await store.transaction((tx) => log.append(tx, input));
    expect(await changeRows()).toBe(1);
    expect(await outbox.entryByIdentity(`status:${input.dedupKey}`)).not.toBeNull();
  });

  it('label events (purchased, failed, cancelled, tendered) are written with the label state, without charges or names', async () => {
    const { service, shipping } = makeService(store);
    const bought = await service.createShipment(shipmentRequest({ orderId: 'ORDER-AX1' }), 'key-ax-1');
    expect(bought.label.state).toBe('PURCHASED');
    shipping.mode = 'refused';
    const refused = await service.createShipment(shipmentRequest({ orderId: 'ORDER-AX2' }), 'key-ax-2');
    expect(refused.label.state).toBe('FAILED');
    shipping.mode = 'created';
    const other = await service.createShipment(shipmentRequest({ orderId: 'ORDER-AX3' }), 'key-ax-3');
    await service.cancelShipment({ labelId: other.label.id, reason: null, idempotencyKey: 'key-ax-3c' });
    await service.tender({ carrier: 'CARRIER_B', division: null, accountNumber: null, labelIds: [bought.label.id], date: '2030-05-01', idempotencyKey: 'key-ax-t' });

    expect(await kindsOf(`label:${bought.label.id}:%`)).toEqual(['label_purchased', 'label_tendered']);
    expect(await kindsOf(`label:${refused.label.id}:%`)).toEqual(['label_failed']);
    expect(await kindsOf(`label:${other.label.id}:%`)).toEqual(['label_purchased', 'label_cancelled']);
    const purchased = await outbox.entryByIdentity(`label:${bought.label.id}:PURCHASED`);
    expect(purchased).toMatchObject({ distinctId: bought.label.shipmentId });
    expect(purchased!.properties).toMatchObject({ carrier: 'CARRIER_B', tracking_number: bought.label.trackingNumber, service_code: 'GROUND', order_id: 'ORDER-AX1' });
    const failed = await outbox.entryByIdentity(`label:${refused.label.id}:FAILED`);
    expect(failed!.properties.failure_code).toBe('CARRIER_REFUSED');
    // No rating data and no names, phones or streets ever reach the outbox.
    const text = JSON.stringify((await store.query("SELECT properties FROM analytics_outbox WHERE kind LIKE 'label_%'")).rows);
    for (const absent of ['12.50', 'Reci Pient', 'Ship Per', '555 0100', '1 Main St', 'total', 'charge']) expect(text).not.toContain(absent);
  });

  it('a label state and its event commit together: when the outbox write fails, the label stays as it was', async () => {
    const { service } = makeService(failingOutboxWrites(store));
    await service.createShipment(shipmentRequest({ orderId: 'ORDER-AX4' }), 'key-ax-4').catch(() => undefined);
    const { rows } = await store.query<{ id: string; state: string }>("SELECT id, state FROM labels WHERE order_id = 'ORDER-AX4'");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.state).not.toBe('PURCHASED');
    expect(await kindsOf(`label:${rows[0]?.id}:%`)).toEqual([]);
  });

  it('pickup events (scheduled, cancelled) are written with the pickup state', async () => {
    const service = new PickupsService({ store, connectors: [new FakePickups()], settings: { idempotencyTtlHours: 24, leaseMs: 60_000 }, logger: silentLogger });
    const booked = await service.schedulePickup(pickupRequest(), 'key-ax-p1', []);
    expect(booked.pickup.state).toBe('SCHEDULED');
    expect(await kindsOf(`pickup:${booked.pickup.id}:%`)).toEqual(['pickup_scheduled']);
    await service.cancelPickup({ pickupId: booked.pickup.id, reason: null, idempotencyKey: 'key-ax-p1c' });
    // A second cancel is a no-op: no second event.
    await service.cancelPickup({ pickupId: booked.pickup.id, reason: null, idempotencyKey: 'key-ax-p1d' });
    expect(await kindsOf(`pickup:${booked.pickup.id}:%`)).toEqual(['pickup_scheduled', 'pickup_cancelled']);
    const scheduled = await outbox.entryByIdentity(`pickup:${booked.pickup.id}:SCHEDULED`);
    expect(scheduled).toMatchObject({ distinctId: booked.pickup.id });
    expect(scheduled!.properties).toMatchObject({ carrier: 'CARRIER_B', confirmation_number: 'CONF1', scheduled_date: '2030-05-02', package_count: 2 });
  });
});
