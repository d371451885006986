/**
 * The retention rules on both stores, over a running server: rows are back-dated past each rule's window, one
 * retention pass runs, and each test checks what went, what stayed and what a client then sees over GraphQL (and the
 * document download route). Before, nothing but the webhook inbox was ever deleted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { loadConfig } from '../../src/config.js';
import type { RetentionConfig } from '../../src/platform/config.js';
import { RetentionJob } from '../../src/services/retention/retention-job.js';
import { OutboxStore, recordLifecycleEvent } from '../../src/store/outbox-store.js';
import { StatusLog } from '../../src/store/status-log.js';
import type { Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { startE2E, type E2E } from '../e2e/support.js';
import { changeInput } from '../realtime/fixtures.js';

const DAY = 86_400_000;

describe.each(STORE_BACKENDS)('retention on $name', (backend) => {
  let e2e: E2E;
  let store: Store;
  let job: RetentionJob;
  let settings: RetentionConfig;
  const origin = () => new URL(e2e.server.url).origin;
  const count = async (sql: string, params: unknown[] = []) => Number((await store.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${sql}`, params)).rows[0]?.n);

  beforeAll(async () => {
    e2e = await startE2E({ env: { ...(await backend.env()), WATCHERS_ENABLED: 'false', RETENTION_ENABLED: 'false', SHIPPING_WORKER_ENABLED: 'false' } });
    store = e2e.server.store;
    const loaded = loadConfig({ RETENTION_BATCH_SIZE: '2' });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    // Batches of two rows: every rule takes several batches here, as it does on a big table.
    settings = loaded.config.retention!;
    job = new RetentionJob({ store, settings, logger: createLogger('silent'), registry: null, pauseMs: 0 });
  }, 60_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('exported outbox rows go after RETENTION_OUTBOX_EXPORTED_HOURS and unrequeued dead letters after RETENTION_OUTBOX_DEAD_DAYS; waiting and re-queued rows stay', async () => {
    const outbox = new OutboxStore(store);
    const ids: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      const identity = `ret-outbox:${backend.name}:${i}`;
      await store.transaction((tx) => recordLifecycleEvent(tx, { kind: 'label_purchased', identity, occurredAt: new Date(), distinctId: 'd', properties: {} }));
      ids.push((await outbox.entryByIdentity(identity))!.id);
    }
    await outbox.markExported(ids.slice(0, 5), new Date(Date.now() - 8 * DAY)); // 0-4: exported 8 days ago
    await outbox.markExported([ids[5]!], new Date()); // 5: exported now
    await outbox.deadLetter(ids[6]!, 'refused');
    await outbox.deadLetter(ids[7]!, 'refused');
    await store.query(`UPDATE analytics_outbox SET dead_at = now() - interval '31 days' WHERE id = ANY($1::bigint[])`, [[ids[6], ids[7]]]);
    await outbox.requeue(ids[7]!, new Date()); // 7: re-queued (PENDING again), 8: still waiting
    const before = (await e2e.gql('{ analyticsOutbox { pending exported dead } }')).data.analyticsOutbox;

    const purged = await job.runPass();
    expect(purged.analytics_outbox).toBeGreaterThanOrEqual(6);
    const left = new Set((await store.query<{ id: string }>('SELECT id::text AS id FROM analytics_outbox WHERE id = ANY($1::bigint[])', [ids])).rows.map((r) => r.id));
    expect([...left].sort()).toEqual([ids[5], ids[7], ids[8]].sort());
    const after = (await e2e.gql('{ analyticsOutbox { pending exported dead } }')).data.analyticsOutbox;
    expect(after).toEqual({ pending: before.pending, exported: before.exported - 5, dead: before.dead - 1 });
    expect((await e2e.gql('{ analyticsDeadLetters { edges { node { id } } } }')).data.analyticsDeadLetters.edges).toEqual([]);
  });

  it('the status log keeps each shipment latest change and refuses a cursor older than what went with CURSOR_EXPIRED', async () => {
    const log = new StatusLog(store);
    const reference = { type: 'CUSTOMER_REFERENCE', value: `ret-ref-${backend.name}`, scope: null };
    const append = (trackingNumber: string) => store.transaction((tx) => log.append(tx, changeInput({ trackingNumber, references: [reference] })));
    const a1 = (await append('RET-A'))!;
    const a2 = (await append('RET-A'))!;
    const b1 = (await append('RET-B'))!;
    const a3 = (await append('RET-A'))!;
    await store.query(`UPDATE status_changes SET recorded_at = now() - interval '91 days' WHERE cursor = ANY($1::bigint[])`, [[a1.cursor, a2.cursor, b1.cursor, a3.cursor]]);
    const page = `query($after: String) { statusChanges(filter: { reference: "${reference.value}" }, after: $after) { edges { cursor } } }`;

    // What a subscription on this process still reads is kept: with the floor at a1, only a1 may go.
    const floored = new RetentionJob({ store, settings, logger: createLogger('silent'), registry: null, pauseMs: 0, statusLogFloor: () => a1.cursor });
    await floored.runPass();
    expect((await e2e.gql(page)).data.statusChanges.edges.map((e: any) => e.cursor)).toEqual([a2.cursor, b1.cursor, a3.cursor]);

    await job.runPass();
    // a1 and a2 went; a3 (RET-A's latest) and b1 (RET-B's only change) stay, however old.
    const kept = (await e2e.gql(page)).data.statusChanges.edges.map((e: any) => e.cursor);
    expect(kept).toEqual([b1.cursor, a3.cursor]);
    const expired = await e2e.gql(page, { after: a1.cursor });
    // statusChanges is nullable: the refused cursor nulls that field alone.
    expect(expired.data).toEqual({ statusChanges: null });
    expect(expired.errors?.[0]?.extensions).toMatchObject({ code: 'CURSOR_EXPIRED', field: 'after', purgedThrough: a2.cursor });
    expect(expired.errors?.[0]?.message).toMatch(/older than the status log keeps/);
    // At the mark (a2, the last change that went) nothing after it is missing: accepted. "0" reads the log as kept.
    expect((await e2e.gql(page, { after: a2.cursor })).data.statusChanges.edges.map((e: any) => e.cursor)).toEqual([b1.cursor, a3.cursor]);
    expect((await e2e.gql(page, { after: '0' })).errors).toBeUndefined();
  });

  it('settled idempotency keys past their expiry go; keys of PENDING, UNKNOWN or watched labels and of unsettled pickups stay', async () => {
    const p = `ret-${backend.name}`;
    const L = { pending: `Label:${randomUUID()}`, unknown: `Label:${randomUUID()}`, watched: `Label:${randomUUID()}`, bought: `Label:${randomUUID()}` };
    const P = { unknown: `Pickup:${randomUUID()}`, scheduled: `Pickup:${randomUUID()}` };
    await store.query(
      `INSERT INTO labels (id, kind, state, carrier, upstream, account_number, service_code, idempotency_key, purchase_reference, request, next_attempt_at)
       VALUES ('${L.pending}', 'OUTBOUND', 'PENDING', 'CARRIER_B', 'carrier-b', 'A', 'G', 'k1', 'r1', '{}', NULL),
              ('${L.unknown}', 'OUTBOUND', 'UNKNOWN', 'CARRIER_B', 'carrier-b', 'A', 'G', 'k2', 'r2', '{}', NULL),
              ('${L.watched}', 'OUTBOUND', 'FAILED', 'CARRIER_B', 'carrier-b', 'A', 'G', 'k3', 'r3', '{}', now() + interval '1 hour'),
              ('${L.bought}', 'OUTBOUND', 'PURCHASED', 'CARRIER_B', 'carrier-b', 'A', 'G', 'k4', 'r4', '{}', NULL)`,
    );
    await store.query(
      `INSERT INTO pickups (id, state, source, carrier, account_number, network)
       VALUES ('${P.unknown}', 'UNKNOWN', 'SCHEDULE_PICKUP', 'CARRIER_B', 'A', 'GROUND'),
              ('${P.scheduled}', 'SCHEDULED', 'SCHEDULE_PICKUP', 'CARRIER_B', 'A', 'GROUND')`,
    );
    const key = (name: string, resource: string, expired: boolean) =>
      `('createShipment', '${p}-${name}', 'h', '${resource}', now() - interval '30 days', now() ${expired ? '-' : '+'} interval '1 day')`;
    await store.query(
      `INSERT INTO idempotency_keys (scope, key, request_hash, resource_id, created_at, expires_at) VALUES
       ${[key('pending', L.pending, true), key('unknown', L.unknown, true), key('watched', L.watched, true), key('bought', L.bought, true), key('bought-live', L.bought, false), key('pickup-unknown', P.unknown, true), key('pickup-scheduled', P.scheduled, true)].join(', ')}`,
    );
    await job.runPass();
    const left = (await store.query<{ key: string }>(`SELECT key FROM idempotency_keys WHERE key LIKE $1 ORDER BY key`, [`${p}-%`])).rows.map((r) => r.key);
    expect(left).toEqual([`${p}-bought-live`, `${p}-pending`, `${p}-pickup-unknown`, `${p}-unknown`, `${p}-watched`]);
    // The label itself stays: only its settled key went.
    const label = await e2e.gql(`{ label(id: "${L.bought}") { id state } }`);
    expect(label.data?.label).toEqual({ id: L.bought, state: 'PURCHASED' });
  });

  it('a document past RETENTION_DOCUMENT_CONTENT_DAYS loses its bytes only: the record stays and says expired, in GraphQL and at its URL', async () => {
    const p = `ret-doc-${backend.name}`;
    const labelId = `Label:${randomUUID()}`;
    await store.query(
      `INSERT INTO labels (id, kind, state, carrier, upstream, account_number, service_code, idempotency_key, purchase_reference, request)
       VALUES ('${labelId}', 'OUTBOUND', 'PURCHASED', 'CARRIER_B', 'carrier-b', 'A', 'G', 'kd', 'rd', '{}')`,
    );
    await store.query(
      `INSERT INTO documents (id, label_id, kind, format, content_type, size, sha256, content, created_at) VALUES
       ('doc_${p}_old', '${labelId}', 'LABEL', 'PDF', 'application/pdf', 3, 'x', '\\x616263'::bytea, now() - interval '91 days'),
       ('doc_${p}_new', '${labelId}', 'LABEL', 'PDF', 'application/pdf', 3, 'x', '\\x646566'::bytea, now())`,
    );
    const purged = await job.runPass();
    expect(purged.documents).toBeGreaterThanOrEqual(1);
    const answer = await e2e.gql(`{ label(id: "${labelId}") { id documents { id size contentExpiredAt base64 url } } }`);
    const docs = answer.data.label.documents as Array<{ id: string; size: number; contentExpiredAt: string | null; base64: string | null; url: string }>;
    // The API names a stored `doc_<key>` row `Document:<key>`.
    const old = docs.find((d) => d.id === `Document:${p}_old`)!;
    const fresh = docs.find((d) => d.id === `Document:${p}_new`)!;
    expect(old).toMatchObject({ size: 3, base64: null });
    expect(Date.parse(old.contentExpiredAt!)).not.toBeNaN();
    expect(fresh).toMatchObject({ contentExpiredAt: null, base64: Buffer.from('def').toString('base64') });
    const expiredError = answer.errors?.find((e: any) => e.path?.includes('base64'));
    expect(expiredError?.extensions?.code).toBe('DOCUMENT_EXPIRED');
    expect(expiredError?.message).toMatch(/expired and was removed/);
    const download = await fetch(old.url.startsWith('http') ? old.url : `${origin()}${old.url}`);
    expect(download.status).toBe(410);
    expect(await download.text()).toMatch(/content expired and was removed/);
    expect((await fetch(fresh.url.startsWith('http') ? fresh.url : `${origin()}${fresh.url}`)).status).toBe(200);
  });

  it('finished pickups and stopped watches go after their windows; open ones stay, and a client then finds them gone', async () => {
    const p = `ret-pk-${backend.name}`;
    const P = { cancelled: `Pickup:${randomUUID()}`, done: `Pickup:${randomUUID()}`, unknown: `Pickup:${randomUUID()}`, recent: `Pickup:${randomUUID()}` };
    await store.query(
      `INSERT INTO pickups (id, state, source, carrier, account_number, network, scheduled_date, updated_at) VALUES
       ('${P.cancelled}', 'CANCELLED', 'SCHEDULE_PICKUP', 'CARRIER_B', 'A', 'GROUND', NULL, now() - interval '181 days'),
       ('${P.done}', 'SCHEDULED', 'SCHEDULE_PICKUP', 'CARRIER_B', 'A', 'GROUND', '2020-01-01', now() - interval '181 days'),
       ('${P.unknown}', 'UNKNOWN', 'SCHEDULE_PICKUP', 'CARRIER_B', 'A', 'GROUND', NULL, now() - interval '181 days'),
       ('${P.recent}', 'CANCELLED', 'SCHEDULE_PICKUP', 'CARRIER_B', 'A', 'GROUND', NULL, now())`,
    );
    const { rows } = await store.query<{ serial: string; active: boolean }>(
      `INSERT INTO shipment_watches (shipment_id, carrier, tracking_number, active, last_polled_at) VALUES
       ('CARRIER_B:-:${p}-stopped', 'CARRIER_B', '${p}-1', false, now() - interval '31 days'),
       ('CARRIER_B:-:${p}-recent', 'CARRIER_B', '${p}-2', false, now()),
       ('CARRIER_B:-:${p}-active', 'CARRIER_B', '${p}-3', true, now() - interval '31 days')
       RETURNING watch_serial::text AS serial, active`,
    );
    await job.runPass();
    const pickup = async (id: string) => (await e2e.gql(`{ pickup(id: "${id}") { id } }`)).data.pickup;
    expect(await pickup(P.cancelled)).toBeNull();
    expect(await pickup(P.done)).toBeNull();
    expect(await pickup(P.unknown)).toEqual({ id: P.unknown });
    expect(await pickup(P.recent)).toEqual({ id: P.recent });
    const watch = async (serial: string) => (await e2e.gql(`{ watch(id: "ShipmentWatch:${serial}") { id } }`)).data.watch;
    expect(await watch(rows[0]!.serial)).toBeNull();
    expect(await watch(rows[1]!.serial)).not.toBeNull();
    expect(await watch(rows[2]!.serial)).not.toBeNull();
    expect(await count(`shipment_watches WHERE tracking_number LIKE $1`, [`${p}-%`])).toBe(2);
  });
});
