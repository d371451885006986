/**
 * A push is taken only for what its subscription covers (seed 000, "Push subscription lifecycle" and "Events";
 * docs/assumptions.md ED2-ED4). A push is matched to the subscription whose validation secret it carries: a shipment
 * of another tracking number (another subscription's, or none's) or of another division is set aside (dead-lettered
 * with its reason, counted on /metrics, logged once) and never recorded as a status; the in-scope shipments of the
 * same push are recorded. A push we cannot take is still answered 200, so the carrier does not retry it for ever.
 * Real HTTP, on embedded PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDedupKey } from '../../src/domain/status-change.js';
import { STORE_BACKENDS } from '../support/database.js';
import { CREATE, notification, startPushE2E, waitFor, type PushE2E } from './support.js';

const NUMBER_A = '9990071001';
const NUMBER_B = '9990071002';
const UNSUBSCRIBED = '9990071003';
const NUMBER_EXPRESS = '9990071004';

const CHANGES = `query($n: String!) {
  statusChanges(filter: { trackingNumbers: [$n] }, first: 50) { edges { node { trackingNumber division source time { localDateTime } status { status nativeCode } } } }
}`;

describe.each(STORE_BACKENDS)('push scope on $name', (backend) => {
  let e2e: PushE2E;
  const secrets: Record<string, string> = {};
  let carrierIdOfA = '';

  /** An ACTIVE subscription created through GraphQL; the validation secret the carrier sends with its pushes. */
  async function subscribe(input: Record<string, unknown>): Promise<{ id: string; carrierId: string; secret: string }> {
    const created = (await e2e.gql(CREATE, { input })).data?.createPushSubscription.pushSubscription;
    if (!created?.carrierSubscriptionId) throw new Error(`push subscription not created: ${JSON.stringify(created)}`);
    if (input['scope'] === 'CUSTOMER_ACCOUNT') await e2e.sandbox.push.approve(created.carrierSubscriptionId);
    await waitFor(async () => (await e2e.count(`SELECT count(*) AS n FROM push_subscriptions WHERE id = $1 AND state = 'ACTIVE'`, [created.id.replace(/^PushSubscription:/, 'push_')])) === 1);
    return { id: created.id, carrierId: created.carrierSubscriptionId, secret: e2e.sandbox.push.subscriptions().find((s) => s.id === created.carrierSubscriptionId)!.validationSecret };
  }

  beforeAll(async () => {
    e2e = await startPushE2E({ ...(await backend.env()) });
    const a = await subscribe({ scope: 'TRACKING_NUMBER', subject: NUMBER_A });
    [secrets.a, carrierIdOfA] = [a.secret, a.carrierId];
    secrets.b = (await subscribe({ scope: 'TRACKING_NUMBER', subject: NUMBER_B })).secret;
    secrets.express = (await subscribe({ scope: 'TRACKING_NUMBER', subject: NUMBER_EXPRESS, division: 'express' })).secret;
    await e2e.settled();
  }, 60_000);
  afterAll(async () => {
    await e2e?.close();
  });

  const recorded = (id: string, timestamp: string, statusCode: string) =>
    e2e.count('SELECT count(*) AS n FROM status_changes WHERE dedup_key = $1', [pushDedupKey(id, timestamp, statusCode)]);
  /** The shipment's status changes as a client reads them. */
  const changesOf = async (n: string) =>
    ((await e2e.gql(CHANGES, { n })).data?.statusChanges.edges ?? []).map((edge: { node: unknown }) => edge.node) as Array<{
      time: { localDateTime: string | null } | null;
      status: { status: string };
    }>;
  const at = (changes: Awaited<ReturnType<typeof changesOf>>, localDateTime: string) =>
    changes.filter((change) => change.time?.localDateTime === localDateTime);

  it("a push carrying one subscription's secret about another subscription's number is set aside, never recorded as that shipment's status", async () => {
    const answer = await e2e.postWebhook(notification(NUMBER_B, '2026-03-10T10:00:00', 'delivered'), { 'carrier-push-secret': secrets.a! });
    await e2e.settled();
    expect(await recorded(NUMBER_B, '2026-03-10T10:00:00', 'delivered')).toBe(0);
    expect(at(await changesOf(NUMBER_B), '2026-03-10T10:00:00')).toEqual([]);
    // Acknowledged, so the carrier does not retry it every six hours for ever; kept aside with its reason.
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: 0, setAside: 1 });
    const { rows } = await e2e.server.store.query<{ body: { shipments: Array<{ id: string }> }; last_error: string; reason: string }>(
      `SELECT body, last_error, reason FROM webhook_dead_letters WHERE body->'shipments'->0->>'id' = $1`,
      [NUMBER_B],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.reason).toBe('OUTSIDE_SUBSCRIPTION');
    expect(rows[0]!.body.shipments.map((s) => s.id)).toEqual([NUMBER_B]);
    expect(rows[0]!.last_error).toMatch(/another tracking number/);
  });

  it("a push carrying a subscription's secret about an unsubscribed number is set aside and counted on /metrics", async () => {
    const answer = await e2e.postWebhook(notification(UNSUBSCRIBED, '2026-03-10T10:00:00', 'delivered'), { 'carrier-push-secret': secrets.a! });
    await e2e.settled();
    expect(await recorded(UNSUBSCRIBED, '2026-03-10T10:00:00', 'delivered')).toBe(0);
    expect(await changesOf(UNSUBSCRIBED)).toEqual([]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: 0, setAside: 1 });
    const metrics = await (await fetch(e2e.server.url.replace(/\/graphql$/, '/metrics'))).text();
    expect(metrics).toMatch(/webhook_push_shipments_set_aside_total\{source="group-a",reason="other_tracking_number"\} [1-9]/);
  });

  it('the in-scope shipments of a push are recorded, the others of the same push set aside', async () => {
    const mixed = notification(NUMBER_A, '2026-03-10T11:00:00', 'transit');
    mixed.shipments.push(notification(NUMBER_B, '2026-03-10T11:00:00', 'delivered').shipments[0]!);
    const answer = await e2e.postWebhook(mixed, { 'carrier-push-secret': secrets.a! });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: 1, setAside: 1 });
    await waitFor(async () => (await recorded(NUMBER_A, '2026-03-10T11:00:00', 'transit')) === 1);
    await e2e.settled();
    expect(await recorded(NUMBER_B, '2026-03-10T11:00:00', 'delivered')).toBe(0);
    expect(at(await changesOf(NUMBER_A), '2026-03-10T11:00:00')).toHaveLength(1);
  });

  it("a push carrying the number's own subscription's secret is recorded", async () => {
    const answer = await e2e.postWebhook(notification(NUMBER_B, '2026-03-10T12:00:00', 'delivered'), { 'carrier-push-secret': secrets.b! });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ received: 1 });
    await waitFor(async () => (await recorded(NUMBER_B, '2026-03-10T12:00:00', 'delivered')) === 1);
    const changes = at(await changesOf(NUMBER_B), '2026-03-10T12:00:00');
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ status: { status: 'DELIVERED' }, source: 'PUSH' });
  });

  it("a subscription by tracking number in one division does not take that number's shipment in another division", async () => {
    const other = notification(NUMBER_EXPRESS, '2026-03-10T13:00:00', 'delivered');
    other.shipments[0]!.service = 'ecommerce';
    const answer = await e2e.postWebhook(other, { 'carrier-push-secret': secrets.express! });
    expect(answer.body).toEqual({ received: 0, setAside: 1 });
    const own = await e2e.postWebhook(notification(NUMBER_EXPRESS, '2026-03-10T13:00:00', 'delivered'), { 'carrier-push-secret': secrets.express! });
    expect(own.body).toEqual({ received: 1 });
    await waitFor(async () => (await recorded(NUMBER_EXPRESS, '2026-03-10T13:00:00', 'delivered')) === 1);
    await e2e.settled();
    const changes = at(await changesOf(NUMBER_EXPRESS), '2026-03-10T13:00:00');
    expect(changes.map((change) => (change as { division?: string }).division)).toEqual(['express']);
  });

  it("a customer-account subscription takes any number (a push names no account), once the carrier approved it", async () => {
    const account = await subscribe({ scope: 'CUSTOMER_ACCOUNT', subject: 'ACCOUNT-7404' });
    const answer = await e2e.postWebhook(notification('9990071005', '2026-03-10T14:00:00', 'transit'), { 'carrier-push-secret': account.secret });
    expect(answer.body).toEqual({ received: 1 });
    await waitFor(async () => (await recorded('9990071005', '2026-03-10T14:00:00', 'transit')) === 1);
  });

  it('set-aside shipments are kept for the inbox retention, then pruned; notifications that failed processing are kept', async () => {
    await e2e.postWebhook(notification('9990071006', '2026-03-10T15:00:00', 'delivered'), { 'carrier-push-secret': secrets.a! });
    await e2e.server.store.query(
      `INSERT INTO webhook_dead_letters (id, source, body, received_at, attempts, last_error, dead_lettered_at)
       VALUES (-71006, 'group-a', '{}'::jsonb, now() - interval '30 days', 5, 'failed', now() - interval '30 days')`,
    );
    const aside = `SELECT count(*) AS n FROM webhook_dead_letters WHERE body->'shipments'->0->>'id' = '9990071006'`;
    expect(await e2e.count(aside)).toBe(1);
    await e2e.server.push.inbox.prune();
    expect(await e2e.count(aside)).toBe(1);
    await e2e.server.store.query(`UPDATE webhook_dead_letters SET dead_lettered_at = now() - interval '30 days' WHERE reason = 'OUTSIDE_SUBSCRIPTION'`);
    await e2e.server.push.inbox.prune();
    expect(await e2e.count(aside)).toBe(0);
    expect(await e2e.count(`SELECT count(*) AS n FROM webhook_dead_letters WHERE id = -71006 AND reason = 'PROCESSING_FAILED'`)).toBe(1);
  });

  it("a push the carrier misroutes through another number's subscription is answered 200 once (never retried) and not recorded", async () => {
    // 1234567895 is a shipment of the simulator's, which nothing here subscribed to.
    const deliveries = await e2e.sandbox.push.misroutedPush('1234567895', carrierIdOfA);
    expect(deliveries.length).toBeGreaterThan(0);
    // 200: the simulator, like the carrier, retries anything else after one hour, then every six hours.
    expect(deliveries.map((d) => d.status)).toEqual(deliveries.map(() => 200));
    await e2e.settled();
    expect(await e2e.count(`SELECT count(*) AS n FROM status_changes WHERE tracking_number = '1234567895'`)).toBe(0);
    expect(await changesOf('1234567895')).toEqual([]);
    expect(await e2e.count(`SELECT count(*) AS n FROM webhook_dead_letters WHERE body->'shipments'->0->>'id' = '1234567895'`)).toBe(deliveries.length);
  });
});
