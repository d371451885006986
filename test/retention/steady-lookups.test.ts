/**
 * Lookups whose cost does not grow with the tables, on both stores (migration 031). Before: the GIN indexes kept new
 * rows in a pending list that every search read from end to end until a vacuum merged it (PGlite never vacuums:
 * statusChanges by reference read 161 pages at 1M status rows instead of a few), and the label worker's claim of
 * unfollowed labels sorted every one of them each pass (1-1.5 s on PGlite at 100k).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShippingStore } from '../../src/store/shipping-store.js';
import { openStore, type Queryable, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';

describe.each(STORE_BACKENDS)('lookups that stay a few index steps on $name', (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore(await backend.options());
  }, 60_000);
  afterAll(async () => {
    await store?.close();
  });

  it('statusChanges by reference and labels by reference find new rows in the index tree, with no pending list to read through', async () => {
    await store.query(
      `INSERT INTO status_changes (dedup_key, shipment_id, carrier, tracking_number, status, source, shipment_references)
       SELECT 'gin:' || g, 'CARRIER_B:-:G' || g, 'CARRIER_B', 'G' || g, 'IN_TRANSIT', 'POLL',
         jsonb_build_array(jsonb_build_object('type', 'CUSTOMER_REFERENCE', 'value', 'gin-order-' || g, 'scope', NULL))
       FROM generate_series(1, 2000) g`,
    );
    await store.query(
      `INSERT INTO labels (id, kind, state, carrier, upstream, account_number, service_code, idempotency_key, purchase_reference, request, reference_values)
       SELECT 'Label:gin-' || g, 'OUTBOUND', 'PURCHASED', 'CARRIER_B', 'carrier-b', 'ACC', 'GROUND', 'gin-' || g, 'gin-' || g, '{}'::jsonb,
         ARRAY['gin-order-' || g]
       FROM generate_series(1, 2000) g`,
    );
    // gin_clean_pending_list answers how many pending-list pages it had to merge: none, every row is in the tree.
    for (const index of ['status_changes_references', 'labels_reference_values']) {
      const { rows } = await store.query<{ pages: number }>(`SELECT gin_clean_pending_list($1::regclass)::int AS pages`, [index]);
      expect(rows[0]?.pages, index).toBe(0);
    }
    const found = await store.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM status_changes WHERE shipment_references @> jsonb_build_array(jsonb_build_object('value', 'gin-order-77'::text))`,
    );
    expect(found.rows[0]?.n).toBe(1);
  });

  it("the label worker's claim of unfollowed labels reads their index in order, never sorting them all", async () => {
    await store.query(
      `INSERT INTO labels (id, kind, state, carrier, upstream, account_number, service_code, idempotency_key, purchase_reference, request, updated_at)
       SELECT 'Label:follow-' || g, 'OUTBOUND', 'PURCHASED', 'CARRIER_B', 'carrier-b', 'ACC', 'GROUND', 'follow-' || g, 'follow-' || g, '{}'::jsonb,
         now() - interval '1 day'
       FROM generate_series(1, 20000) g`,
    );
    await store.query('ANALYZE labels');
    const sent: Array<{ sql: string; params: unknown[] }> = [];
    const recording: Queryable = {
      query: (sql, params) => {
        sent.push({ sql, params: params ?? [] });
        return store.query(sql, params);
      },
    };
    const now = new Date();
    const claimed = await new ShippingStore(recording).claimUnfollowed(now, new Date(now.getTime() - 60_000), 50);
    expect(claimed).toHaveLength(50);
    const { rows } = await store.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sent[0]!.sql}`, sent[0]!.params);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('labels_unfollowed');
    expect(plan).not.toMatch(/Sort|Seq Scan on labels/);
  });
});
