/**
 * DESIGN.md, "Real time": the webhook acknowledges only what can be processed. Everything the store would refuse is a
 * 400 naming the path before the 200 (never a 200 that stays pending, never a 503 the carrier retries forever); the
 * dedup key uses the instant, not how it is written; a stored row that still fails is retried
 * WEBHOOK_INBOX_MAX_ATTEMPTS times, then moved to webhook_dead_letters with a metric and a log line, never holding up
 * the rows after it. Real HTTP, on embedded PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushDedupKey } from '../../src/domain/status-change.js';
import { STORE_BACKENDS } from '../support/database.js';
import { capturingLogger } from '../platform/test-server.js';
import { ACCOUNT_SUBSCRIPTION, approvedAccountSecret, notification, startPushE2E, waitFor, type PushE2E } from './support.js';

const MAX_ATTEMPTS = 3;

describe.each(STORE_BACKENDS)('webhook validation and dead letters on $name', (backend) => {
  let e2e: PushE2E;
  let secret: string;
  let lines: () => string;
  beforeAll(async () => {
    const captured = capturingLogger();
    lines = captured.lines;
    e2e = await startPushE2E(
      { WEBHOOK_INBOX_MAX_ATTEMPTS: String(MAX_ATTEMPTS), WATCHERS_ENABLED: 'false', ...(await backend.env()) },
      { logger: captured.logger },
    );
    // Through the service, not GraphQL: what is tested here is the webhook, whatever the mutation's shape.
    // By customer account: the test pushes numbers of its own, and such a subscription takes any number.
    const created = await e2e.server.push.subscriptions.create(ACCOUNT_SUBSCRIPTION);
    expect(created.state).toBe('PENDING_APPROVAL');
    secret = await approvedAccountSecret(e2e.sandbox, created.carrierSubscriptionId!);
    await e2e.settled();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const inboxRows = () => e2e.count('SELECT count(*) AS n FROM webhook_inbox');
  const withSecret = () => ({ 'carrier-push-secret': secret });
  const metrics = async () => (await fetch(e2e.server.url.replace(/\/graphql$/, '/metrics'))).text();

  describe('refused before the 200 when the store could never hold it', () => {
    it.each([
      ['30 February', '2026-02-30T10:00:00Z'],
      ['year 0000', '0000-01-01T00:00:00Z'],
      ['hour 25', '2026-03-10T25:00:00'],
      ['an offset of +25:00', '2026-03-10T10:00:00+25:00'],
      ['not a date-time at all', 'yesterday'],
    ])('a status.timestamp of %s is 400 naming shipments.0.status.timestamp, and nothing is stored', async (_label, timestamp) => {
      const inbox = await inboxRows();
      const answer = await e2e.postWebhook(notification('9990004001', timestamp), withSecret());
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('shipments.0.status.timestamp');
      expect(await inboxRows()).toBe(inbox);
    });

    it('an id containing NUL is 400 naming shipments.0.id (not 503), and nothing is stored', async () => {
      const inbox = await inboxRows();
      const answer = await e2e.postWebhook(notification('99900\u000040', '2026-03-10T10:00:00'), withSecret());
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('shipments.0.id');
      expect(await inboxRows()).toBe(inbox);
    });

    it('a statusCode with a control character is 400 naming shipments.0.status.statusCode', async () => {
      const answer = await e2e.postWebhook(notification('9990004002', '2026-03-10T10:00:00', 'tran\u0007sit'), withSecret());
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('shipments.0.status.statusCode');
    });

    it('a NUL in free text (status.description) is 400 naming its path, and nothing is stored', async () => {
      const inbox = await inboxRows();
      const body = notification('9990004003', '2026-03-10T10:00:00');
      (body.shipments[0]!.status as Record<string, unknown>).description = 'left at\u0000door';
      const answer = await e2e.postWebhook(body, withSecret());
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('shipments.0.status.description');
      expect(await inboxRows()).toBe(inbox);
    });

    it('a lone surrogate in free text is 400 naming its path', async () => {
      const answer = await e2e.postWebhook(
        '{"scope":"subscription.push","shipments":[{"id":"9990004004","status":{"timestamp":"2026-03-10T10:00:00","statusCode":"transit","status":"x\\ud800y"}}]}',
        withSecret(),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.message).toContain('shipments.0.status.status');
    });

    it('a real leap day and an offset without a colon are accepted and recorded', async () => {
      const answer = await e2e.postWebhook(notification('9990004005', '2028-02-29T10:00:00+0530'), withSecret());
      expect(answer.status).toBe(200);
      await e2e.settled();
      expect(await e2e.count('SELECT count(*) AS n FROM status_changes WHERE tracking_number = $1', ['9990004005'])).toBe(1);
    });
  });

  describe('the dedup key is the instant, not its spelling', () => {
    it('the same change written with Z and with +00:00 is recorded once', async () => {
      expect((await e2e.postWebhook(notification('9990005001', '2026-03-10T10:00:00Z'), withSecret())).status).toBe(200);
      expect((await e2e.postWebhook(notification('9990005001', '2026-03-10T10:00:00+00:00'), withSecret())).status).toBe(200);
      expect((await e2e.postWebhook(notification('9990005001', '2026-03-10T11:00:00.000+01:00'), withSecret())).status).toBe(200);
      await e2e.settled();
      expect(await e2e.count('SELECT count(*) AS n FROM status_changes WHERE tracking_number = $1', ['9990005001'])).toBe(1);
    });

    it('the same local date-time written with and without seconds is recorded once', async () => {
      expect((await e2e.postWebhook(notification('9990005002', '2026-03-10T10:00'), withSecret())).status).toBe(200);
      expect((await e2e.postWebhook(notification('9990005002', '2026-03-10T10:00:00'), withSecret())).status).toBe(200);
      await e2e.settled();
      expect(await e2e.count('SELECT count(*) AS n FROM status_changes WHERE tracking_number = $1', ['9990005002'])).toBe(1);
    });
  });

  describe('a stored row that fails processing goes to the dead letters after WEBHOOK_INBOX_MAX_ATTEMPTS', () => {
    it('is retried, then moved to webhook_dead_letters with a metric and a log line, and never holds up the rows after it', async () => {
      // A row stored before this validation existed (or by an older version): the webhook would refuse it now.
      const { rows } = await e2e.server.store.query<{ id: string }>(
        `INSERT INTO webhook_inbox (source, body) VALUES ('group-a', $1::jsonb) RETURNING id::text AS id`,
        [JSON.stringify(notification('9990006001', '2026-02-30T10:00:00Z'))],
      );
      const poisonId = rows[0]!.id;
      await e2e.server.store.query(`INSERT INTO webhook_inbox (source, body) VALUES ('group-a', $1::jsonb)`, [
        JSON.stringify(notification('9990006002', '2026-03-10T10:00:00')),
      ]);

      await e2e.server.push.inbox.processPending();
      // The row after the failing one is recorded at the first run.
      const key = pushDedupKey('9990006002', '2026-03-10T10:00:00', 'transit');
      await waitFor(async () => (await e2e.count('SELECT count(*) AS n FROM status_changes WHERE dedup_key = $1', [key])) === 1);
      expect(await e2e.count('SELECT count(*) AS n FROM webhook_inbox WHERE id = $1 AND processed_at IS NULL', [poisonId])).toBe(1);

      for (let run = 1; run < MAX_ATTEMPTS; run += 1) await e2e.server.push.inbox.processPending();
      await waitFor(async () => (await e2e.count('SELECT count(*) AS n FROM webhook_dead_letters WHERE id = $1', [poisonId])) === 1);
      expect(await e2e.count('SELECT count(*) AS n FROM webhook_inbox WHERE id = $1', [poisonId])).toBe(0);
      const { rows: dead } = await e2e.server.store.query<{ attempts: number; last_error: string | null; body: { shipments: Array<{ id: string }> } }>(
        'SELECT attempts, last_error, body FROM webhook_dead_letters WHERE id = $1',
        [poisonId],
      );
      expect(dead[0]!.attempts).toBe(MAX_ATTEMPTS);
      expect(dead[0]!.last_error).toBeTruthy();
      expect(dead[0]!.body.shipments[0]!.id).toBe('9990006001');

      expect(await metrics()).toMatch(/webhook_inbox_dead_letters_total\{source="group-a"\} 1/);
      expect(lines()).toMatch(/moved to webhook_dead_letters/);
      // Nothing is pending any more: the dead letter is not retried, and the pending gauge goes back to 0.
      await e2e.settled();
      expect(await metrics()).toMatch(/webhook_inbox_pending 0/);
    });
  });
});
