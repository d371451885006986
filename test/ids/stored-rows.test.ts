/**
 * Rows stored before ids were one per shipment (docs/assumptions.md I1, I3) take the canonical ids: migration 008 moves
 * e-commerce rows recorded under the caller's packageId to the carrier's id and numbers every watch; a Carrier B watch
 * stored without the carrier's unique id takes the shipment's id at its next poll (real HTTP to the simulator), keeping
 * its watch id. On embedded PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, startSandbox, type Sandbox } from '../../sandbox/index.js';
import type { CarrierBConnector } from '../../src/carriers/carrier-b/connector.js';
import { carrierBTracking } from '../../src/carriers/carrier-b/index.js';
import { groupATracking } from '../../src/carriers/group-a/index.js';
import { trackingRoutes } from '../../src/carriers/registry.js';
import { createLogger } from '../../src/platform/logger.js';
import { ShipmentWatcher } from '../../src/services/realtime/watcher.js';
import { TrackingService } from '../../src/services/tracking.js';
import type { InternalStore } from '../../src/store/internal.js';
import { applyMigrations, loadMigrations } from '../../src/store/migrations.js';
import { openPgliteStore } from '../../src/store/pglite-store.js';
import { openPostgresStore } from '../../src/store/postgres-store.js';
import { StatusLog } from '../../src/store/status-log.js';
import { openStore, type Store } from '../../src/store/store.js';
import { testCarrierBConnector } from '../support/carrier-b-connector.js';
import { STORE_BACKENDS } from '../support/database.js';

const silent = { info: () => undefined, warn: () => undefined };
const EPOCH = new Date('2030-03-10T12:00:00.000Z');

const references = (digits: string) =>
  JSON.stringify([
    { type: 'package-id', value: `PKG-${digits}`, scope: null },
    { type: 'carrier-package-id', value: `GM${digits}`, scope: null },
    { type: 'tracking-id', value: `9261299${digits.padStart(15, '0')}`, scope: null },
  ]);

describe.each(STORE_BACKENDS)('stored rows on $name', (backend) => {
  describe('migration 008', () => {
    let store: InternalStore;
    // Opened in a hook: starting PGlite takes a while on a busy machine, and is not what the test is about.
    beforeAll(async () => {
      const options = await backend.options();
      store = options.databaseUrl
        ? await openPostgresStore(options.databaseUrl, silent)
        : await openPgliteStore(options.dataDir ?? 'memory://', silent);
    });
    afterAll(async () => {
      await store?.close();
    });

    it('moves e-commerce rows recorded under the packageId to the carrier id, and gives every watch its own id', async () => {
      const all = await loadMigrations();
      await applyMigrations(store, silent, all.filter((m) => m.version < 8));
      // As the code before 008 recorded them: a package watched by its packageId, and also tracked by the carrier's id.
      await store.query(
        `INSERT INTO status_changes (dedup_key, shipment_id, carrier, division, tracking_number, status, source, shipment_references)
         VALUES ('scan|PKG-1001|a|PICKED_UP|', 'GROUP_A:ecommerce:PKG-1001', 'GROUP_A', 'ecommerce', 'PKG-1001', 'IN_TRANSIT', 'POLL', $1::jsonb),
                ('scan|CB|b|PU|', 'CARRIER_B:-:123456789013:x', 'CARRIER_B', NULL, '123456789013', 'IN_TRANSIT', 'POLL', '[]'::jsonb)`,
        [references('1001')],
      );
      await store.query(
        `INSERT INTO shipment_latest (shipment_id, carrier, division, tracking_number, status, shipment_references)
         VALUES ('GROUP_A:ecommerce:PKG-1001', 'GROUP_A', 'ecommerce', 'PKG-1001', 'IN_TRANSIT', $1::jsonb),
                ('GROUP_A:ecommerce:GM1001', 'GROUP_A', 'ecommerce', 'GM1001', 'IN_TRANSIT', $1::jsonb),
                ('GROUP_A:ecommerce:PKG-1002', 'GROUP_A', 'ecommerce', 'PKG-1002', 'DELIVERED', $2::jsonb)`,
        [references('1001'), references('1002')],
      );
      await store.query(
        `INSERT INTO shipment_watches (shipment_id, carrier, division, tracking_number, ecommerce_id_type, shipment_references)
         VALUES ('GROUP_A:ecommerce:PKG-1001', 'GROUP_A', 'ecommerce', 'PKG-1001', 'PACKAGE_ID', $1::jsonb),
                ('CARRIER_B:-:123456789013', 'CARRIER_B', NULL, '123456789013', NULL, '[]'::jsonb)`,
        [references('1001')],
      );

      expect(await applyMigrations(store, silent, all)).toContain(8);

      const changes = await store.query<{ shipment_id: string; tracking_number: string }>(
        'SELECT shipment_id, tracking_number FROM status_changes ORDER BY cursor',
      );
      expect(changes.rows).toEqual([
        // The id moves; the number looked up (and so the scan dedup key) stays.
        { shipment_id: 'GROUP_A:ecommerce:GM1001', tracking_number: 'PKG-1001' },
        { shipment_id: 'CARRIER_B:-:123456789013:x', tracking_number: '123456789013' },
      ]);
      const latest = await store.query<{ shipment_id: string }>('SELECT shipment_id FROM shipment_latest ORDER BY shipment_id');
      expect(latest.rows.map((r) => r.shipment_id)).toEqual(['GROUP_A:ecommerce:GM1001', 'GROUP_A:ecommerce:GM1002']);
      const watches = await store.query<{ shipment_id: string; tracking_number: string; watch_serial: string }>(
        'SELECT shipment_id, tracking_number, watch_serial::text AS watch_serial FROM shipment_watches ORDER BY shipment_id',
      );
      expect(watches.rows.map((r) => [r.shipment_id, r.tracking_number])).toEqual([
        ['CARRIER_B:-:123456789013', '123456789013'],
        ['GROUP_A:ecommerce:GM1001', 'PKG-1001'],
      ]);
      expect(new Set(watches.rows.map((r) => r.watch_serial)).size).toBe(2);
      expect(watches.rows.every((r) => /^[1-9][0-9]*$/.test(r.watch_serial))).toBe(true);
    });
  });

  describe('a Carrier B watch stored without the unique id', () => {
    let sandbox: Sandbox;
    let store: Store;
    let carrierB: CarrierBConnector;

    beforeAll(async () => {
      const clock = new ManualClock(EPOCH);
      sandbox = await startSandbox({ clock, epoch: EPOCH });
      store = await openStore(await backend.options());
      const config = { baseUrl: sandbox.urls.carrierB, ...sandbox.credentials.carrierB, locale: null };
      carrierB = testCarrierBConnector(config);
    });
    afterAll(async () => {
      await carrierB?.close();
      await store?.close();
      await sandbox?.close();
    });

    it("takes the shipment's id at its next poll, keeps its watch id, and is unwatched by either id", async () => {
      const tracking = new TrackingService({ routes: trackingRoutes([carrierBTracking(carrierB), groupATracking([])]), divisions: ['express', 'ecommerce'], maxNumbersPerRequest: 3000 });
      const watcher = new ShipmentWatcher({ store, statusLog: new StatusLog(store), tracking, logger: createLogger('silent'), now: () => EPOCH });
      // As watchShipment stored it before ids were canonical.
      await store.query(
        `INSERT INTO shipment_watches (shipment_id, carrier, tracking_number, next_poll_at) VALUES ('CARRIER_B:-:123456700073', 'CARRIER_B', '123456700073', $1)`,
        [EPOCH],
      );
      const [before] = await watcher.list();
      const request = tracking.validate({ carrier: 'CARRIER_B', trackingNumber: '123456700073' }, '');
      const [outcome] = await tracking.trackOnRoute(tracking.route(request), [request]);
      const canonical = outcome?.ok ? outcome.shipments[0]?.id : undefined;
      expect(canonical).toMatch(/^CARRIER_B:-:123456700073:.+/);

      expect(await watcher.pollOnce(EPOCH)).toMatchObject({ claimed: 1, failed: 0 });
      const [after] = await watcher.list();
      expect(after).toMatchObject({ id: before!.id, shipmentId: canonical, carrierUniqueId: expect.any(String) });
      const recorded = await store.query<{ shipment_id: string }>(
        "SELECT DISTINCT shipment_id FROM status_changes WHERE tracking_number = '123456700073'",
      );
      expect(recorded.rows).toEqual([{ shipment_id: canonical }]);

      // The short id it used to have still finds it.
      expect(await watcher.unwatch('CARRIER_B:-:123456700073')).toMatchObject({ id: before!.id, shipmentId: canonical, active: false });
    });
  });
});
