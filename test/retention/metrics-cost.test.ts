/**
 * /metrics costs the same at any size: the outbox's and the inbox's figures come from counters the store's triggers
 * keep as rows change, and the oldest waiting row from one index step. Before, every scrape ran
 * `SELECT state, count(*) FROM analytics_outbox GROUP BY state` and a count over the unprocessed inbox: a scan of a
 * million rows per scrape. On both stores: the figures stay right across inserts, exports, dead letters, re-queues
 * and deletions, and a scrape over real HTTP runs a fixed handful of statements, none scanning either table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { WebhookInbox } from '../../src/services/realtime/webhook-inbox.js';
import { OutboxStore, recordLifecycleEvents } from '../../src/store/outbox-store.js';
import { openStore, type Queryable, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { startE2E, type E2E } from '../e2e/support.js';

async function truthOfOutbox(db: Queryable) {
  const { rows } = await db.query<{ state: string; n: string }>('SELECT state, count(*)::text AS n FROM analytics_outbox GROUP BY state');
  const n = (state: string) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { pending: n('PENDING'), exported: n('EXPORTED'), dead: n('DEAD') };
}

async function inboxPendingTruth(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM webhook_inbox WHERE processed_at IS NULL');
  return Number(rows[0]?.n);
}

const events = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    kind: 'label_purchased',
    identity: `count:${from + i}`,
    occurredAt: new Date('2030-01-01T00:00:00Z'),
    distinctId: `Label:${from + i}`,
    properties: { n: from + i },
  }));

describe.each(STORE_BACKENDS)('counters kept as rows change on $name', (backend) => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore(await backend.options());
  });
  afterAll(async () => {
    await store?.close();
  });

  it('the outbox counts by state and written stay right across inserts, exports, dead letters, re-queues and deletions', async () => {
    const outbox = new OutboxStore(store);
    const check = async (written: number) => {
      const state = await outbox.state();
      expect({ pending: state.pending, exported: state.exported, dead: state.dead }).toEqual(await truthOfOutbox(store));
      expect(state.written).toBe(written);
    };
    await check(0);
    await store.transaction((tx) => recordLifecycleEvents(tx, events(0, 30)));
    // The same identities again add nothing (ON CONFLICT DO NOTHING), and count nothing.
    await store.transaction((tx) => recordLifecycleEvents(tx, events(0, 5)));
    await check(30);
    const ids = (await outbox.claimDue(new Date(Date.now() + 60_000), 30, new Date(Date.now() + 120_000))).map((e) => e.id);
    await check(30); // a claim moves the lease only
    await outbox.markExported(ids.slice(0, 12), new Date());
    for (const id of ids.slice(12, 16)) await outbox.deadLetter(id, 'refused');
    await check(30);
    await outbox.requeue(ids[12]!, new Date());
    await check(30);
    expect(await outbox.state()).toMatchObject({ pending: 15, exported: 12, dead: 3 });
    // Deletions (retention) lower the state counts, never `written` (a Prometheus counter).
    await store.query(`DELETE FROM analytics_outbox WHERE state = 'EXPORTED' AND id IN (SELECT id FROM analytics_outbox WHERE state = 'EXPORTED' ORDER BY id LIMIT 5)`);
    await check(30);
    expect((await outbox.state()).exported).toBe(7);
    // A statement that rolls back counts nothing.
    await expect(
      store.transaction(async (tx) => {
        await recordLifecycleEvents(tx, events(100, 10));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await check(30);
  });

  it('the inbox pending gauge and its oldest age stay right across writes, processing, dead letters and pruning', async () => {
    const inbox = new WebhookInbox({ store, statusLog: { append: async () => null }, logger: createLogger('silent'), reader: {} as never });
    const body = JSON.stringify({ scope: 'subscription.push', events: [] });
    await store.query(`INSERT INTO webhook_inbox (source, body) SELECT 'test', $1::jsonb FROM generate_series(1, 40)`, [body]);
    expect((await inbox.backlog()).pending).toBe(40);
    await store.query(`UPDATE webhook_inbox SET processed_at = now() WHERE id IN (SELECT id FROM webhook_inbox ORDER BY id LIMIT 15)`);
    expect((await inbox.backlog()).pending).toBe(await inboxPendingTruth(store));
    // A dead letter leaves the inbox (moved to webhook_dead_letters), and so leaves the count.
    await store.query(`DELETE FROM webhook_inbox WHERE id IN (SELECT id FROM webhook_inbox WHERE processed_at IS NULL ORDER BY id LIMIT 5)`);
    // Pruning processed rows changes nothing that is pending.
    await store.query(`DELETE FROM webhook_inbox WHERE processed_at IS NOT NULL`);
    const backlog = await inbox.backlog();
    expect(backlog.pending).toBe(20);
    expect(backlog.pending).toBe(await inboxPendingTruth(store));
    expect(backlog.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(0);
    await store.query(`UPDATE webhook_inbox SET processed_at = now()`);
    expect(await inbox.backlog()).toMatchObject({ pending: 0, oldestPendingAgeSeconds: 0 });
  });
});

describe.each(STORE_BACKENDS)('a /metrics scrape on $name', (backend) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({
      env: {
        ...(await backend.env()),
        // The export's metrics are on /metrics with the bridge configured; export itself is off, so nothing moves.
        ANALYTICS_BRIDGE_BASE_URL: 'http://127.0.0.1:9',
        ANALYTICS_PROJECT_TOKEN: 'project-token',
        ANALYTICS_SERVER_KEY: 'server-key',
        ANALYTICS_EXPORT_ENABLED: 'false',
        WEBHOOK_INBOX_PROCESSING: 'false',
        WATCHERS_ENABLED: 'false',
      },
    });
    const store = e2e.server.store;
    await store.query(
      `INSERT INTO analytics_outbox (kind, identity, occurred_at, distinct_id, properties, state)
       SELECT 'label_purchased', 'scrape:' || g, now(), 'Label:' || g, '{}'::json, CASE WHEN g % 10 = 0 THEN 'PENDING' ELSE 'EXPORTED' END
       FROM generate_series(1, 20000) g`,
    );
    await store.query(`INSERT INTO webhook_inbox (source, body) SELECT 'test', '{}'::jsonb FROM generate_series(1, 3000)`);
    await store.query('ANALYZE analytics_outbox');
    await store.query('ANALYZE webhook_inbox');
  }, 60_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('reads counters and one index step per backlog: no count over the outbox or the inbox, whatever they hold', async () => {
    const store = e2e.server.store;
    const statements: Array<{ sql: string; params: unknown[] | undefined }> = [];
    const query = store.query.bind(store);
    (store as { query: Store['query'] }).query = ((sql: string, params?: unknown[]) => {
      statements.push({ sql, params });
      return query(sql, params);
    }) as Store['query'];
    let text: string;
    try {
      const answer = await fetch(`${new URL(e2e.server.url).origin}/metrics`);
      expect(answer.status).toBe(200);
      text = await answer.text();
    } finally {
      (store as { query: Store['query'] }).query = query;
    }
    expect(text).toMatch(/^analytics_events_written_total 20000$/m);
    expect(text).toMatch(/^webhook_inbox_pending 3000$/m);
    // The retention job's rows purged, by table, shown from the start.
    expect(text).toMatch(/^retention_rows_purged_total\{table="status_changes"\} 0$/m);
    const touching = statements.filter(({ sql }) => /analytics_outbox|webhook_inbox|row_counters/.test(sql));
    expect(touching.length).toBeGreaterThan(0);
    expect(touching.length).toBeLessThanOrEqual(4);
    for (const { sql, params } of touching) {
      expect(sql).not.toMatch(/count\s*\(/i);
      const plan = (await store.query<Record<string, string>>(`EXPLAIN ${sql}`, params)).rows.map((r) => Object.values(r)[0]).join('\n');
      expect(plan, sql).not.toMatch(/Seq Scan on (analytics_outbox|webhook_inbox)/);
    }
  });
});
