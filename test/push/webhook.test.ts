/**
 * Seed 000, "Events": our webhook checks the validation secret, caps the body, parses the seed's shape, stores a good
 * notification before answering 200 and processes it after; duplicates change nothing. Real HTTP, on embedded
 * PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDedupKey } from '../../src/domain/status-change.js';
import { STORE_BACKENDS } from '../support/database.js';
import { accountSubscriptionSettled, activeSubscriptionSettled, notification, startPushE2E, waitFor, type PushE2E } from './support.js';

const MAX_BODY = 4096;


describe.each(STORE_BACKENDS)('Group A webhook on $name', (backend) => {
  let e2e: PushE2E;
  let secret: string;
  beforeAll(async () => {
    e2e = await startPushE2E({ WEBHOOK_MAX_BODY_BYTES: String(MAX_BODY), ...(await backend.env()) });
    // 1234567890's subscription gets the sandbox's own pushes; the test's numbers are pushed under an account's.
    await activeSubscriptionSettled(e2e);
    secret = await accountSubscriptionSettled(e2e);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const inboxRows = () => e2e.count('SELECT count(*) AS n FROM webhook_inbox');
  const logRows = () => e2e.count('SELECT count(*) AS n FROM status_changes');
  const withSecret = () => ({ 'carrier-push-secret': secret });

  describe('webhook authenticity (validation secret in Carrier-Push-Secret)', () => {
    it('a notification with a wrong secret is 401 and nothing is stored', async () => {
      const [inbox, log] = [await inboxRows(), await logRows()];
      const answer = await e2e.postWebhook(notification('9990001111', '2026-03-10T10:00:00'), { 'carrier-push-secret': `${secret}x` });
      expect(answer.status).toBe(401);
      expect([await inboxRows(), await logRows()]).toEqual([inbox, log]);
    });

    it('a notification without the secret header is 401 and nothing is stored', async () => {
      const inbox = await inboxRows();
      const answer = await e2e.postWebhook(notification('9990001112', '2026-03-10T10:00:00'));
      expect(answer.status).toBe(401);
      expect(await inboxRows()).toBe(inbox);
    });
  });

  describe('confirmation calls (no secret exists yet)', () => {
    it('a confirmation that no subscription of ours awaits is 404 and nothing is stored', async () => {
      const inbox = await inboxRows();
      const answer = await e2e.postWebhook({ scope: 'subscription.confirm', subscriptionId: 'sub-unsolicited', validationSecret: 'made-up-secret-123' });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: 'not_found' });
      expect(await inboxRows()).toBe(inbox);
    });
  });

  describe('webhook body', () => {
    it('a body larger than WEBHOOK_MAX_BODY_BYTES is 413 and nothing is stored', async () => {
      const inbox = await inboxRows();
      const big = notification('9990001113', '2026-03-10T10:00:00');
      (big.shipments[0]!.status as Record<string, unknown>).description = 'x'.repeat(MAX_BODY);
      const answer = await e2e.postWebhook(big, withSecret());
      expect(answer.status).toBe(413);
      expect(await inboxRows()).toBe(inbox);
    });

    it('a body that is not JSON is 400 saying so', async () => {
      const answer = await e2e.postWebhook('{"scope": "subscription.push", ', withSecret());
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('the body is not valid JSON');
    });

    it('a shipment without status.statusCode is 400 naming shipments.0.status.statusCode, and nothing is stored', async () => {
      const inbox = await inboxRows();
      const bad = notification('9990001114', '2026-03-10T10:00:00') as { shipments: Array<{ status: Record<string, unknown> }> };
      delete bad.shipments[0]!.status.statusCode;
      const answer = await e2e.postWebhook(bad, withSecret());
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('shipments.0.status.statusCode');
      expect(await inboxRows()).toBe(inbox);
    });

    it('a scope other than subscription.push is 400 naming scope', async () => {
      const answer = await e2e.postWebhook({ scope: 'subscription.pull', shipments: [] }, withSecret());
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('scope');
    });
  });

  describe('acknowledge after the durable write, process after the answer', () => {
    it('a good notification is in the inbox when the 200 arrives, then its change is in the status log as PUSH', async () => {
      const before = await inboxRows();
      const started = performance.now();
      const answer = await e2e.postWebhook(notification('9990002001', '2026-03-10T11:00:00', 'delivered'), withSecret());
      const elapsed = performance.now() - started;
      expect(answer.status).toBe(200);
      expect(elapsed).toBeLessThan(5_000); // the seed: "answer HTTP 200 within five seconds"
      expect(await inboxRows()).toBe(before + 1);
      const key = pushDedupKey('9990002001', '2026-03-10T11:00:00', 'delivered');
      await waitFor(async () => (await e2e.count('SELECT count(*) AS n FROM status_changes WHERE dedup_key = $1', [key])) === 1);
      const { rows } = await e2e.server.store.query<{ status: string; source: string; shipment_id: string }>(
        'SELECT status, source, shipment_id FROM status_changes WHERE dedup_key = $1',
        [key],
      );
      expect(rows[0]).toEqual({ status: 'DELIVERED', source: 'PUSH', shipment_id: 'GROUP_A:express:9990002001' });
      await e2e.settled();
    });

    it('a duplicate delivery (same id, status.timestamp, status.statusCode) changes nothing', async () => {
      const body = notification('9990002002', '2026-03-10T11:30:00');
      expect((await e2e.postWebhook(body, withSecret())).status).toBe(200);
      await e2e.settled();
      const log = await logRows();
      expect((await e2e.postWebhook(body, withSecret())).status).toBe(200);
      await e2e.settled();
      expect(await logRows()).toBe(log);
    });

    it('a status pushed by the carrier (sandbox) reaches the status log', async () => {
      const deliveries = await e2e.sandbox.push.pushNow('1234567890');
      expect(deliveries.length).toBeGreaterThan(0);
      expect(deliveries.every((d) => d.status === 200)).toBe(true);
      await waitFor(async () => (await e2e.count(`SELECT count(*) AS n FROM status_changes WHERE tracking_number = '1234567890' AND source = 'PUSH'`)) > 0);
    });

    it('unprocessed inbox rows are processed when the server starts (crash recovery)', async () => {
      await e2e.server.store.query(`INSERT INTO webhook_inbox (source, body) VALUES ('group-a', $1::jsonb)`, [
        JSON.stringify(notification('9990002003', '2026-03-10T12:00:00')),
      ]);
      await e2e.server.push.inbox.processPending();
      const key = pushDedupKey('9990002003', '2026-03-10T12:00:00', 'transit');
      // On PostgreSQL a run started by a concurrent webhook call may hold the row (FOR UPDATE SKIP LOCKED): then
      // processPending skips it and that run commits it a moment later. Either way it is processed exactly once.
      await e2e.settled();
      expect(await e2e.count('SELECT count(*) AS n FROM status_changes WHERE dedup_key = $1', [key])).toBe(1);
    });
  });
});
