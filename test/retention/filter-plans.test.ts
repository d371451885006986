/**
 * Every filter the schema offers is served by an index, asserted on PostgreSQL: each list is read through the store
 * method its resolver calls (the statement recorded as it is sent), then EXPLAINed with its parameters after ANALYZE
 * over tens of thousands of rows, where the planner picks an index only when it pays. Before, `statusChanges` by
 * reference, `labels` and `pickups` by carrier or state, and `watches(activeOnly)` walked the table (a reference
 * nobody has took 0.38 s at 100k status rows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxStore } from '../../src/store/outbox-store.js';
import { PickupsStore } from '../../src/store/pickups-store.js';
import { ShippingStore } from '../../src/store/shipping-store.js';
import { StatusLog } from '../../src/store/status-log.js';
import { openStore, type Queryable, type Store } from '../../src/store/store.js';
import { WatchStore } from '../../src/store/watch-store.js';
import { STORE_BACKENDS } from '../support/database.js';

const postgres = STORE_BACKENDS.find((b) => b.name === 'postgres')!;
const ROWS = 30_000;

let store: Store;
beforeAll(async () => {
  store = await openStore(await postgres.options());
  // One row in a hundred has the value the filters ask for: selective, as an operator's filter is.
  await store.query(
    `INSERT INTO status_changes (dedup_key, shipment_id, carrier, tracking_number, status, source, shipment_references)
     SELECT 'plan:' || g, 'CARRIER_B:-:' || (g % 5000), 'CARRIER_B', 'TN' || (g % 5000), 'IN_TRANSIT', 'POLL',
       jsonb_build_array(jsonb_build_object('type', 'CUSTOMER', 'value', 'order-' || g))
     FROM generate_series(1, ${ROWS}) g`,
  );
  await store.query(
    `INSERT INTO labels (id, kind, state, carrier, upstream, account_number, service_code, idempotency_key, purchase_reference, request, order_id, created_at)
     SELECT 'Label:' || g, 'OUTBOUND', CASE WHEN g % 100 = 0 THEN 'UNKNOWN' ELSE 'PURCHASED' END,
       CASE WHEN g % 100 = 1 THEN 'CARRIER_B' ELSE 'GROUP_A' END, 'carrier-b', 'ACC', 'GROUND', 'key-' || g, 'ref-' || g, '{}'::jsonb,
       'order-' || g, now() - g * interval '1 minute'
     FROM generate_series(1, ${ROWS}) g`,
  );
  // Each label's document (a label page reads its labels' documents in a second statement).
  await store.query(
    `INSERT INTO documents (id, label_id, kind, format, content_type, size, sha256, content)
     SELECT 'doc_' || g, 'Label:' || g, 'LABEL', 'PDF', 'application/pdf', 1, 'x', '\\x00'::bytea
     FROM generate_series(1, ${ROWS}) g`,
  );
  await store.query(
    `INSERT INTO pickups (id, state, source, carrier, account_number, network, created_at)
     SELECT 'Pickup:' || g, CASE WHEN g % 100 = 0 THEN 'UNKNOWN' ELSE 'SCHEDULED' END, 'SCHEDULE_PICKUP',
       CASE WHEN g % 100 = 1 THEN 'CARRIER_B' ELSE 'GROUP_A' END, 'ACC', 'GROUND', now() - g * interval '1 minute'
     FROM generate_series(1, ${ROWS}) g`,
  );
  await store.query(
    `INSERT INTO analytics_outbox (kind, identity, occurred_at, distinct_id, properties, state)
     SELECT 'label_purchased', 'plan:' || g, now(), 'd', '{}'::json, CASE WHEN g % 100 = 0 THEN 'DEAD' WHEN g % 100 = 1 THEN 'PENDING' ELSE 'EXPORTED' END
     FROM generate_series(1, ${ROWS}) g`,
  );
  await store.query(
    `INSERT INTO shipment_watches (shipment_id, carrier, tracking_number, active, next_poll_at)
     SELECT 'CARRIER_B:-:w' || g, 'CARRIER_B', 'w' || g, g % 100 = 0, CASE WHEN g % 100 = 0 THEN now() + interval '1 hour' END
     FROM generate_series(1, ${ROWS}) g`,
  );
  for (const table of ['status_changes', 'labels', 'documents', 'pickups', 'analytics_outbox', 'shipment_watches']) await store.query(`ANALYZE ${table}`);
}, 120_000);
afterAll(async () => {
  await store?.close();
});

/** The statements `read` sends, each EXPLAINed with its parameters: the plans' text. */
async function plansOf(read: (db: Store) => Promise<unknown>): Promise<string[]> {
  const sent: Array<{ sql: string; params?: unknown[] }> = [];
  const recording: Queryable = {
    query: (sql, params) => {
      sent.push({ sql, ...(params ? { params } : {}) });
      return store.query(sql, params);
    },
  };
  await read({ ...store, query: recording.query } as Store);
  const plans: string[] = [];
  for (const { sql, params } of sent) {
    const { rows } = await store.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    plans.push(rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
  return plans;
}

describe('every filter the schema offers is served by an index (PostgreSQL)', () => {
  it('statusChanges by reference uses the references index', async () => {
    const [plan] = await plansOf((db) => new StatusLog(db).readAfter({ trackingNumbers: null, carriers: null, reference: 'nope' }, null, 101));
    expect(plan).toContain('status_changes_references');
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('statusChanges by tracking number uses the tracking number index', async () => {
    const [plan] = await plansOf((db) => new StatusLog(db).readAfter({ trackingNumbers: ['TN17'], carriers: null, reference: null }, null, 101));
    expect(plan).toContain('status_changes_tracking_number');
  });

  it('labels(filter: {carrier}), labels(filter: {state}) and labels(filter: {orderId}) each use their index', async () => {
    const [byCarrier] = await plansOf((db) => new ShippingStore(db).labels({ carrier: 'CARRIER_B' as never, state: null, orderId: null }, null, 51));
    expect(byCarrier).toContain('labels_carrier_newest');
    const [byState] = await plansOf((db) => new ShippingStore(db).labels({ carrier: null, state: 'UNKNOWN', orderId: null }, null, 51));
    expect(byState).toContain('labels_state_newest');
    const [byOrder] = await plansOf((db) => new ShippingStore(db).labels({ carrier: null, state: null, orderId: 'order-77' }, null, 51));
    expect(byOrder).toContain('labels_order_id');
    const [newest] = await plansOf((db) => new ShippingStore(db).labels({ carrier: null, state: null, orderId: null }, null, 51));
    expect(newest).toContain('labels_newest');
  });

  it('statusChanges by a reference that is there reads only its rows: the references index, then a sort of those rows', async () => {
    const [plan] = await plansOf((db) => new StatusLog(db).readAfter({ trackingNumbers: null, carriers: null, reference: 'order-42' }, null, 21));
    expect(plan).toContain('status_changes_references');
    // Not the walk of the log in cursor order that a LIMIT tempts the planner to, filtering every row it passes.
    expect(plan).not.toContain('status_changes_pkey');
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('labels(first: 50) walks the newest-first index under its LIMIT and reads its documents by label', async () => {
    const [page, documents] = await plansOf((db) => new ShippingStore(db).labels({ carrier: null, state: null, orderId: null }, null, 51));
    expect(page).toMatch(/Limit[\s\S]*Index Scan using labels_newest/);
    expect(page).not.toMatch(/Sort|Seq Scan/);
    expect(documents).toContain('documents_label');
    expect(documents).not.toMatch(/Seq Scan/);
  });

  it('pickups(carrier:) and pickups(state:) each use their index', async () => {
    const [byCarrier] = await plansOf((db) => new PickupsStore(db).pickups({ carrier: 'CARRIER_B' as never, state: null }, null, 51));
    expect(byCarrier).toContain('pickups_carrier_newest');
    const [byState] = await plansOf((db) => new PickupsStore(db).pickups({ carrier: null, state: 'UNKNOWN' }, null, 51));
    expect(byState).toContain('pickups_state_newest');
  });

  it('analyticsOutbox and analyticsDeadLetters use the outbox partial indexes, never a scan of the outbox', async () => {
    const statePlans = await plansOf((db) => new OutboxStore(db).state());
    expect(statePlans.join('\n')).toContain('analytics_outbox_pending');
    for (const plan of statePlans) expect(plan).not.toMatch(/Seq Scan on analytics_outbox/);
    const [dead] = await plansOf((db) => new OutboxStore(db).deadLetters(null, 51));
    expect(dead).toContain('analytics_outbox_dead');
  });

  it('watches due and watches(activeOnly: true) use the watches indexes', async () => {
    const [due] = await plansOf((db) => new WatchStore(db).claimDue(new Date(Date.now() + 7_200_000), 30, new Date(Date.now() + 7_300_000)));
    expect(due).toContain('shipment_watches_due');
    const [active] = await plansOf((db) => new WatchStore(db).listPage(true, null, 101));
    expect(active).toContain('shipment_watches_active_serial');
  });
});
