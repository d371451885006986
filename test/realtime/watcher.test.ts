/**
 * Polling watchers (seed 001, "Events": "Status changes are therefore obtained by polling the tracking operation ...
 * de-duplicated on the tuple of tracking number, `scanEvents[].date`, `eventType` and `locationId`"), through real
 * HTTP to the Carrier B simulator, on embedded PGlite and on PostgreSQL. The sandbox's data clock is a ManualClock,
 * so shipments progress only when a test moves it; the watcher reads the same clock.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testCarrierBClient } from '../support/carrier-b-connector.js';
import { ManualClock, startSandbox, type Sandbox } from '../../sandbox/index.js';
import { createCarrierBConnector } from '../../src/carriers/carrier-b/connector.js';
import { carrierBTracking } from '../../src/carriers/carrier-b/index.js';
import { groupATracking } from '../../src/carriers/group-a/index.js';
import { trackingRoutes } from '../../src/carriers/registry.js';
import { InputError } from '../../src/domain/errors.js';
import { scanDedupKey } from '../../src/domain/status-change.js';
import { toGraphQLError } from '../../src/graphql/errors.js';
import { createLogger } from '../../src/platform/logger.js';
import { ShipmentWatcher, type WatcherSettings } from '../../src/services/realtime/watcher.js';
import { TrackingService } from '../../src/services/tracking.js';
import type { TrackRequest } from '../../src/domain/tracking.js';
import { trackRequest } from '../support/track-request.js';
import { StatusLog } from '../../src/store/status-log.js';
import { openStore, type Store, type StoreOptions } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';

const TRACK = 'POST /track/v1/trackingnumbers';
const EPOCH = new Date('2030-03-10T12:00:00.000Z');
const MINUTE = 60_000;
const SETTINGS: Partial<WatcherSettings> = {
  batchLimit: 300,
  leaseMs: 2 * MINUTE,
  intervals: { defaultMs: 15 * MINUTE, nearDeliveryMs: 5 * MINUTE, maxBackoffMs: 60 * MINUTE, nearDeliveryWindowMs: 2 * 60 * MINUTE },
};


/** 12-digit Carrier B numbers of the sandbox whose last digit picks the story (sandbox/README.md). */
const carrierBNumber = (n: number, story: number): string => `1234567${String(n).padStart(4, '0')}${story}`;
const IN_TRANSIT = 3;
const OUT_FOR_DELIVERY = 5;
const DELIVERED = 0;
const NOT_FOUND = '123456789404';

let sandbox: Sandbox;
let clock: ManualClock;
const connectors: Array<{ close(): Promise<void> }> = [];

beforeAll(async () => {
  clock = new ManualClock(EPOCH);
  sandbox = await startSandbox({ clock, epoch: EPOCH });
});
afterAll(async () => {
  await Promise.all(connectors.map((c) => c.close()));
  await sandbox.close();
});

function trackingService(): TrackingService {
  const config = { baseUrl: sandbox.urls.carrierB, ...sandbox.credentials.carrierB, locale: null };
  const client = testCarrierBClient(config);
  const carrierB = createCarrierBConnector({ client, config });
  connectors.push(carrierB);
  return new TrackingService({ routes: trackingRoutes([carrierBTracking(carrierB), groupATracking([])]), divisions: ['express', 'ecommerce'], maxNumbersPerRequest: 3000 });
}

describe.each(STORE_BACKENDS)('polling watchers on $name', (backend) => {
  let options: StoreOptions;
  let store: Store;
  let tracking: TrackingService;
  const extraStores: Store[] = [];

  const newWatcher = (on: Store = store, settings: Partial<WatcherSettings> = {}) =>
    new ShipmentWatcher({
      store: on,
      statusLog: new StatusLog(on),
      tracking,
      logger: createLogger('silent'),
      settings: { ...SETTINGS, ...settings },
      now: () => clock.now(),
    });

  const changeCount = async (): Promise<number> =>
    Number((await store.query<{ n: number }>('SELECT count(*)::int AS n FROM status_changes')).rows[0]?.n);

  beforeAll(async () => {
    options = await backend.options();
    store = await openStore(options);
    tracking = trackingService();
  });
  afterAll(async () => {
    await Promise.all(extraStores.map((s) => s.close()));
    await store.close();
  });
  beforeEach(async () => {
    clock.set(EPOCH);
    sandbox.resetStats();
    await store.query('DELETE FROM shipment_watches');
    await store.query('DELETE FROM status_changes');
  });
  afterEach(() => clock.set(EPOCH));

  it('watch validates before any upstream call: unknown carrier, empty number, Group A unified-only are BAD_USER_INPUT with the field path, and nothing is stored', async () => {
    const watcher = newWatcher();
    const refusals: Array<[Parameters<ShipmentWatcher['watch']>[0], string, RegExp]> = [
      [{ carrier: 'CARRIER_Z', trackingNumber: '123456789013' }, 'input.carrier', /unknown carrier/],
      [{ carrier: 'DARK_STORE', trackingNumber: '123456789013' }, 'input.carrier', /no tracking interface/],
      [{ carrier: 'CARRIER_B', trackingNumber: '  ' }, 'input.trackingNumber', /must not be empty/],
      [{ carrier: 'GROUP_A', trackingNumber: '1234567893' }, 'input.division', /pushes status changes/],
      [{ carrier: 'GROUP_A', trackingNumber: '1234567893', division: 'express' }, 'input.division', /push subscription/],
      [{ carrier: 'GROUP_A', trackingNumber: 'GM2026000013', division: 'ecommerce' }, 'input.ecommerceIdType', /ecommerceIdType/],
    ];
    for (const [input, field, message] of refusals) {
      const error = await watcher.watch(input).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, `${input.carrier} ${input.trackingNumber}`).toBeInstanceOf(InputError);
      expect((error as InputError).field).toBe(field);
      expect((error as InputError).message).toMatch(message);
      expect(toGraphQLError(error).extensions).toMatchObject({ code: 'BAD_USER_INPUT', field });
    }
    expect(await watcher.list(false)).toEqual([]);
    expect(Object.values(sandbox.stats).every((s) => Object.keys(s.calls).length === 0)).toBe(true);
  });

  it('due Carrier B shipments are polled in batches of 30: 61 watched numbers cost 3 track calls', async () => {
    const watcher = newWatcher();
    const numbers = Array.from({ length: 61 }, (_, i) => carrierBNumber(i, IN_TRANSIT));
    for (const trackingNumber of numbers) await watcher.watch({ carrier: 'CARRIER_B', trackingNumber });
    // A number watched without its unique id is looked up once, for the shipment's id (assumption I1); polls batch.
    expect(sandbox.stats.carrierB.calls[TRACK]).toBe(61);
    sandbox.resetStats();

    const report = await watcher.pollOnce();
    // What a failed watch recorded, so that a failure says why (the watcher's logger is silent here).
    const watchErrors = (
      await store.query<{ shipment_id: string; last_error_code: string; last_error_message: string }>(
        'SELECT shipment_id, last_error_code, last_error_message FROM shipment_watches WHERE last_error_code IS NOT NULL',
      )
    ).rows;
    expect(report, JSON.stringify(watchErrors)).toMatchObject({ claimed: 61, calls: 3, failed: 0 });
    expect(sandbox.stats.carrierB.calls[TRACK]).toBe(3);
    expect(sandbox.stats.carrierB.trackingRequests.map((r) => r.length).sort((a, b) => a - b)).toEqual([1, 30, 30]);
    expect(new Set(sandbox.stats.carrierB.trackingRequests.flat())).toEqual(new Set(numbers));
  });

  it("new scan events are recorded once by the seed's key (tracking number, scan date, eventType, locationId): polling again records nothing twice", async () => {
    const watcher = newWatcher();
    const trackingNumber = carrierBNumber(7, IN_TRANSIT);
    await watcher.watch({ carrier: 'CARRIER_B', trackingNumber });

    const first = await watcher.pollOnce();
    expect(first.recorded).toBeGreaterThan(1);
    expect(await changeCount()).toBe(first.recorded);

    // Due again, same scan history: nothing new.
    const second = await watcher.pollOnce(new Date(EPOCH.getTime() + 15 * MINUTE));
    expect(second).toMatchObject({ claimed: 1, recorded: 0 });
    expect(await changeCount()).toBe(first.recorded);

    // The shipment moves on: only the new scans are recorded.
    clock.advance(36 * 60 * MINUTE);
    const third = await watcher.pollOnce();
    expect(third.recorded).toBeGreaterThan(0);
    const rows = (
      await store.query<{ dedup_key: string; source: string; tracking_number: string }>(
        'SELECT dedup_key, source, tracking_number FROM status_changes ORDER BY cursor',
      )
    ).rows;
    expect(rows).toHaveLength(first.recorded + third.recorded);
    expect(new Set(rows.map((r) => r.dedup_key)).size).toBe(rows.length);
    expect(rows.every((r) => r.source === 'POLL' && r.tracking_number === trackingNumber)).toBe(true);

    // The key is the seed's tuple, read from the wire's own fields (eventType as sent, locationId).
    const scans = await tracking.trackOnRoute(tracking.route(requestFor(trackingNumber)), [requestFor(trackingNumber)]);
    const events = scans[0]?.ok ? (scans[0].shipments[0]?.events ?? []) : [];
    const expected = events.map((e) => scanDedupKey(trackingNumber, e.time?.instant ?? '', e.nativeEventType ?? '', e.location?.id ?? null));
    expect(new Set(rows.map((r) => r.dedup_key))).toEqual(new Set(expected));
  });

  it('a shipment on its way is polled again after the default interval, one out for delivery sooner', async () => {
    const watcher = newWatcher();
    const moving = await watcher.watch({ carrier: 'CARRIER_B', trackingNumber: carrierBNumber(1, 8) });
    const last = await watcher.watch({ carrier: 'CARRIER_B', trackingNumber: carrierBNumber(2, OUT_FOR_DELIVERY) });
    await watcher.pollOnce();
    const byId = new Map((await watcher.list()).map((w) => [w.shipmentId, w]));
    expect(byId.get(moving.shipmentId)?.lastStatus?.status).toBe('LABEL_CREATED');
    expect(byId.get(moving.shipmentId)?.nextPollAt).toBe(new Date(EPOCH.getTime() + 15 * MINUTE).toISOString());
    expect(byId.get(last.shipmentId)?.lastStatus?.status).toBe('OUT_FOR_DELIVERY');
    expect(byId.get(last.shipmentId)?.nextPollAt).toBe(new Date(EPOCH.getTime() + 5 * MINUTE).toISOString());
  });

  it('a failed poll backs off: twice the interval, doubling after each further failure, up to the cap', async () => {
    const watcher = newWatcher();
    const watch = await watcher.watch({ carrier: 'CARRIER_B', trackingNumber: NOT_FOUND });
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const report = await watcher.pollOnce();
      expect(report.failed).toBe(1);
      const after = (await watcher.list()).find((w) => w.shipmentId === watch.shipmentId)!;
      expect(after.active).toBe(true);
      waits.push((Date.parse(after.nextPollAt!) - clock.now().getTime()) / MINUTE);
      clock.set(after.nextPollAt!);
    }
    expect(waits).toEqual([30, 60, 60, 60]);
  });

  it('polling stops at a terminal status: the watch turns inactive with no next poll, and is not claimed again', async () => {
    const watcher = newWatcher();
    const delivered = await watcher.watch({ carrier: 'CARRIER_B', trackingNumber: carrierBNumber(3, DELIVERED) });
    const outForDelivery = await watcher.watch({ carrier: 'CARRIER_B', trackingNumber: carrierBNumber(4, OUT_FOR_DELIVERY) });
    expect(await watcher.pollOnce()).toMatchObject({ claimed: 2, stopped: 1 });

    clock.advance(2 * 24 * 60 * MINUTE);
    expect(await watcher.pollOnce()).toMatchObject({ claimed: 1, stopped: 1 });
    const all = await watcher.list(false);
    for (const id of [delivered.shipmentId, outForDelivery.shipmentId]) {
      const watch = all.find((w) => w.shipmentId === id)!;
      expect(watch).toMatchObject({ active: false, nextPollAt: null, lastStatus: { status: 'DELIVERED' } });
    }
    expect(await watcher.list(true)).toEqual([]);
    clock.advance(24 * 60 * MINUTE);
    expect((await watcher.pollOnce()).claimed).toBe(0);
  });

  it.runIf(backend.server)(
    'two watchers on one PostgreSQL polling at once each claim disjoint shipments (SKIP LOCKED): together one pass',
    async () => {
      const other = await openStore(options);
      extraStores.push(other);
      const a = newWatcher(store, { batchLimit: 30 });
      const b = newWatcher(other, { batchLimit: 30 });
      const numbers = Array.from({ length: 61 }, (_, i) => carrierBNumber(100 + i, IN_TRANSIT));
      for (const trackingNumber of numbers) await a.watch({ carrier: 'CARRIER_B', trackingNumber });
      sandbox.resetStats(); // the lookups that gave each watch its shipment id (assumption I1)

      const [ra, rb] = await Promise.all([a.pollDue(), b.pollDue()]);
      expect(ra.claimed + rb.claimed).toBe(61);
      expect(ra.claimed).toBeGreaterThan(0);
      expect(rb.claimed).toBeGreaterThan(0);
      const asked = sandbox.stats.carrierB.trackingRequests.flat();
      expect(asked).toHaveLength(61);
      expect(new Set(asked)).toEqual(new Set(numbers));
      expect(sandbox.stats.carrierB.calls[TRACK]).toBe(3);
    },
  );

  it('unwatch stops polling: the shipment is no longer claimed, and is listed only among inactive watches', async () => {
    const watcher = newWatcher();
    const watch = await watcher.watch({ carrier: 'CARRIER_B', trackingNumber: carrierBNumber(5, IN_TRANSIT) });
    sandbox.resetStats(); // the lookup that gave the watch its shipment id (assumption I1)
    const stopped = await watcher.unwatch(watch.shipmentId);
    expect(stopped).toMatchObject({ shipmentId: watch.shipmentId, active: false, nextPollAt: null });
    expect(await watcher.pollOnce()).toMatchObject({ claimed: 0 });
    expect(sandbox.stats.carrierB.calls[TRACK]).toBeUndefined();
    expect(await watcher.list()).toEqual([]);
    expect((await watcher.list(false)).map((w) => w.shipmentId)).toEqual([watch.shipmentId]);
  });

  it('unwatching a shipment that is not watched is a clear error naming it', async () => {
    const watcher = newWatcher();
    const error = await watcher.unwatch('CARRIER_B:-:999999999999').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).message).toBe('shipmentId: shipment "CARRIER_B:-:999999999999" is not watched');
    expect(toGraphQLError(error).extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'shipmentId' });

    const watch = await watcher.watch({ carrier: 'CARRIER_B', trackingNumber: carrierBNumber(6, IN_TRANSIT) });
    await watcher.unwatch(watch.shipmentId);
    await expect(watcher.unwatch(watch.shipmentId)).rejects.toThrow(/is no longer watched/);
  });
});

function requestFor(trackingNumber: string, extra: Partial<TrackRequest> = {}): TrackRequest {
  return trackRequest('CARRIER_B', trackingNumber, extra);
}
