/**
 * Issue 12 item 3, on embedded PGlite and on PostgreSQL: the webhook inbox's group commit (assumption WI1) and its
 * batched processing (WI3), through real HTTP to a real server where the rule is about the wire.
 * - Webhook calls arriving together are written in ONE commit (rows inserted by one transaction share its xmin), and
 *   each is answered 200 only once its own row is committed.
 * - A row whose write fails is answered 503; the other calls of its group are still answered 200 and processed.
 * - /metrics shows the inbox's backlog: the pending count and the age of the oldest pending call.
 * - A batch of notifications processed in one transaction records what appending them one by one would.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { groupAPushReader } from '../../src/carriers/group-a/push/reader.js';
import { pushDedupKey } from '../../src/domain/status-change.js';
import { createLogger } from '../../src/platform/logger.js';
import { WebhookInbox } from '../../src/services/realtime/webhook-inbox.js';
import { StatusLog } from '../../src/store/status-log.js';
import { openStore, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { accountSubscriptionSettled, CREATE, notification, startPushE2E, waitFor, type PushE2E } from './support.js';

/** Long enough that calls sent together on a busy machine all arrive inside one group's window. */
const WINDOW_MS = 1500;

describe.each(STORE_BACKENDS)('webhook inbox group commit on $name', (backend) => {
  let e2e: PushE2E;
  let secret: string;
  beforeAll(async () => {
    e2e = await startPushE2E({ WEBHOOK_INBOX_GROUP_WINDOW_MS: String(WINDOW_MS), WATCHERS_ENABLED: 'false', ...(await backend.env()) });
    // The test's numbers are its own: pushed under a customer account's subscription, which takes any number.
    secret = await accountSubscriptionSettled(e2e);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const rowOf = async (trackingNumber: string) =>
    (await e2e.server.store.query<{ commit: string }>(`SELECT xmin::text AS commit FROM webhook_inbox WHERE body->'shipments'->0->>'id' = $1`, [trackingNumber])).rows;

  it('webhook calls arriving together are written in one commit, each answered 200 only after its own row is committed', async () => {
    // "Together" made certain rather than timed: a first call's write is held at the store (its INSERT waits on a
    // gate), so the eight calls posted meanwhile all queue for the next group, whatever the machine's load; the gate
    // opens once the inbox reports all eight waiting. Calls that queue behind a write in flight form one group.
    const store = e2e.server.store;
    const original = store.query;
    const query = original.bind(store);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // Rows per INSERT statement into the inbox, in order (one statement, one commit).
    const inserts: number[] = [];
    store.query = (async (text: string, params?: unknown[]) => {
      if (text.startsWith('INSERT INTO webhook_inbox')) {
        inserts.push(Array.isArray(params?.[0]) ? params[0].length : 1);
        await gate;
      }
      return query(text, params);
    }) as typeof store.query;
    const numbers = Array.from({ length: 8 }, (_, i) => `999008100${i}`);
    let answers: Array<Promise<{ status: number; rows: number }>> = [];
    try {
      const first = e2e.postWebhook(notification('9990080999', '2026-03-10T12:00:00'), { 'carrier-push-secret': secret });
      await waitFor(async () => inserts.length === 1);
      answers = numbers.map(async (n) => {
        const answer = await e2e.postWebhook(notification(n, '2026-03-10T12:00:00'), { 'carrier-push-secret': secret });
        // Read the moment the 200 arrives: the row must already be committed.
        return { status: answer.status, rows: (await rowOf(n)).length };
      });
      await waitFor(async () => (await e2e.server.push.inbox.backlog()).awaitingWrite === numbers.length);
      open();
      expect((await first).status).toBe(200);
      const storedAtAnswer = await Promise.all(answers);
      expect(storedAtAnswer).toEqual(numbers.map(() => ({ status: 200, rows: 1 })));
    } finally {
      open();
      store.query = original;
    }
    // The held call alone, then the eight in one statement.
    expect(inserts).toEqual([1, numbers.length]);
    // And in one transaction as the database sees it: now() is the transaction's start, which processing (an UPDATE
    // of processed_at, which gives the row a new xmin) leaves alone.
    const started = await e2e.server.store.query<{ at: string }>(
      `SELECT DISTINCT received_at::text AS at FROM webhook_inbox WHERE body->'shipments'->0->>'id' = ANY($1::text[])`,
      [numbers],
    );
    expect(started.rows).toHaveLength(1);
    for (const n of numbers) {
      const key = pushDedupKey(n, '2026-03-10T12:00:00', 'transit');
      await waitFor(async () => (await e2e.count('SELECT count(*) AS n FROM status_changes WHERE dedup_key = $1', [key])) === 1);
    }
  });

  it('a call whose row cannot be written is 503, and the other calls of its group are still 200 and processed', async () => {
    // A real write failure for one row only: the database refuses that shipment's notification.
    await e2e.server.store.query(`CREATE FUNCTION refuse_one_notification() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.body->'shipments'->0->>'id' = '9990082002' THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$`);
    await e2e.server.store.query(
      'CREATE TRIGGER refuse_one_notification BEFORE INSERT ON webhook_inbox FOR EACH ROW EXECUTE FUNCTION refuse_one_notification()',
    );
    try {
      const numbers = ['9990082001', '9990082002', '9990082003', '9990082004'];
      const statuses = await Promise.all(
        numbers.map(async (n) => (await e2e.postWebhook(notification(n, '2026-03-10T12:30:00'), { 'carrier-push-secret': secret })).status),
      );
      expect(statuses).toEqual([200, 503, 200, 200]);
      expect(await rowOf('9990082002')).toEqual([]);
      for (const n of ['9990082001', '9990082003', '9990082004']) {
        const key = pushDedupKey(n, '2026-03-10T12:30:00', 'transit');
        await waitFor(async () => (await e2e.count('SELECT count(*) AS n FROM status_changes WHERE dedup_key = $1', [key])) === 1);
      }
    } finally {
      await e2e.server.store.query('DROP TRIGGER refuse_one_notification ON webhook_inbox');
      await e2e.server.store.query('DROP FUNCTION refuse_one_notification()');
    }
  });
});

describe.each(STORE_BACKENDS)('the webhook inbox backlog on /metrics on $name', (backend) => {
  let e2e: PushE2E;
  beforeAll(async () => {
    // A replica that stores and acknowledges but never processes: what it accepts stays pending.
    e2e = await startPushE2E({ WEBHOOK_INBOX_PROCESSING: 'false', WATCHERS_ENABLED: 'false', ...(await backend.env()) });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const metric = async (name: string): Promise<number | null> => {
    const text = await (await fetch(e2e.server.url.replace(/\/graphql$/, '/metrics'))).text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? null : Number(line.slice(name.length + 1));
  };

  it('shows the pending count and the age of the oldest pending call, which grows while nothing processes it', async () => {
    expect(await metric('webhook_inbox_oldest_pending_age_seconds')).toBe(0);
    await e2e.server.push.inbox.accept('group-a', notification('9990083001', '2026-03-10T13:00:00'));
    await e2e.server.push.inbox.accept('group-a', notification('9990083002', '2026-03-10T13:00:00'));
    expect(await metric('webhook_inbox_pending')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(await metric('webhook_inbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(1);
    expect(await metric('webhook_inbox_awaiting_write')).toBe(0);
    // Two commits of one row each so far (the calls came one after the other).
    expect(await metric('webhook_inbox_group_rows_count')).toBe(2);
  });
});

describe.each(STORE_BACKENDS)('batched processing of notifications on $name', (backend) => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore(await backend.options());
  });
  afterEach(async () => {
    await store.close();
  });

  it('a batch records what appending one by one would: duplicates once, each shipment ending at its newest status', async () => {
    const inbox = new WebhookInbox({ store, statusLog: new StatusLog(store), logger: createLogger('silent'), reader: groupAPushReader, batchSize: 50 });
    const bodies = [
      notification('9990084001', '2026-03-10T08:00:00', 'transit'),
      notification('9990084001', '2026-03-10T09:00:00', 'delivered'),
      notification('9990084001', '2026-03-10T08:00:00', 'transit'), // a duplicate delivery
      notification('9990084002', '2026-03-10T09:00:00', 'delivered'),
      notification('9990084002', '2026-03-10T08:00:00', 'transit'), // arrives late: recorded, but not the latest
    ];
    await Promise.all(bodies.map((body) => inbox.accept('group-a', body)));
    expect(await inbox.processPending()).toBe(5);
    const { rows: log } = await store.query<{ tracking_number: string; status: string }>(
      'SELECT tracking_number, status FROM status_changes ORDER BY cursor',
    );
    expect(log).toEqual([
      { tracking_number: '9990084001', status: 'IN_TRANSIT' },
      { tracking_number: '9990084001', status: 'DELIVERED' },
      { tracking_number: '9990084002', status: 'DELIVERED' },
      { tracking_number: '9990084002', status: 'IN_TRANSIT' },
    ]);
    const { rows: latest } = await store.query<{ tracking_number: string; status: string }>(
      'SELECT tracking_number, status FROM shipment_latest ORDER BY tracking_number',
    );
    expect(latest).toEqual([
      { tracking_number: '9990084001', status: 'DELIVERED' },
      { tracking_number: '9990084002', status: 'DELIVERED' },
    ]);
    expect(await store.query('SELECT 1 FROM webhook_inbox WHERE processed_at IS NULL').then((r) => r.rows.length)).toBe(0);
    // Each recorded change has its analytics outbox row, committed with it (issue 11).
    expect(await store.query(`SELECT 1 FROM analytics_outbox WHERE kind = 'shipment_status_changed'`).then((r) => r.rows.length)).toBe(4);
  });
});
