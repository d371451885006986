/**
 * The webhook inbox (assumption P2), on PGlite and PostgreSQL: a confirmation is stored before its 200 and verified
 * after it, retried while the carrier's verify call fails, given up after maxConfirmAttempts, and its validation
 * secret is removed from the stored body once settled; processed rows are pruned after the retention.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupAPushReader } from '../../src/carriers/group-a/push/reader.js';
import { createLogger } from '../../src/platform/logger.js';
import { WebhookInbox } from '../../src/services/realtime/webhook-inbox.js';
import { StatusLog } from '../../src/store/status-log.js';
import { openStore, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';


const confirmation = (subscriptionId: string) => ({ scope: 'subscription.confirm', subscriptionId, validationSecret: `secret-of-${subscriptionId}` });

describe.each(STORE_BACKENDS)('push confirmations in the inbox on $name', (backend) => {
  let store: Store;
  let calls: Array<[string, string, number]>;

  beforeEach(async () => {
    store = await openStore(await backend.options());
    calls = [];
  });
  afterEach(async () => {
    await store.close();
  });

  const inbox = (confirm: (id: string, secret: string, waitMs: number) => Promise<unknown>, extra: { maxConfirmAttempts?: number; processing?: boolean; retentionMs?: number } = {}) =>
    new WebhookInbox({
      store,
      statusLog: new StatusLog(store),
      logger: createLogger('silent'),
      reader: groupAPushReader,
      confirm: async (id, secret, waitMs) => {
        calls.push([id, secret, waitMs]);
        return confirm(id, secret, waitMs);
      },
      ...extra,
    });
  const rows = async () =>
    (await store.query<{ body: Record<string, unknown>; processed: boolean; attempts: number; last_error: string | null }>(
      'SELECT body, processed_at IS NOT NULL AS processed, attempts, last_error FROM webhook_inbox ORDER BY id',
    )).rows;
  /** Moves a row's receipt into the past, as if the sweep came back later. */
  const age = (seconds: number) => store.query(`UPDATE webhook_inbox SET received_at = received_at - make_interval(secs => $1)`, [seconds]);

  it('a stored confirmation is verified once, with the stored secret, and then the secret is removed from the row', async () => {
    const subject = inbox(async () => ({ state: 'ACTIVE' }));
    await subject.accept('group-a', confirmation('SUB-1'));
    expect((await rows())[0]!.body.validationSecret).toBe('secret-of-SUB-1');
    expect(await subject.processConfirmations()).toBe(1);
    expect(calls.map(([id, secret]) => [id, secret])).toEqual([['SUB-1', 'secret-of-SUB-1']]);
    // Received just now: the subscription may still be looked up for up to 5 s (the confirmation can overtake creation).
    expect(calls[0]![2]).toBeGreaterThan(4_000);
    const [row] = await rows();
    expect(row).toMatchObject({ processed: true, attempts: 1, last_error: null });
    expect(row!.body).toEqual({ scope: 'subscription.confirm', subscriptionId: 'SUB-1' });
    expect(await subject.processConfirmations()).toBe(0);
    expect(calls).toHaveLength(1);
  });

  it('a failed verification stays pending and is retried only after its backoff', async () => {
    let fail = true;
    const subject = inbox(async () => {
      if (fail) throw new Error('verify answered 503');
      return null;
    });
    await subject.accept('group-a', confirmation('SUB-2'));
    expect(await subject.processConfirmations()).toBe(0);
    expect(await rows()).toMatchObject([{ processed: false, attempts: 1, last_error: 'verify answered 503' }]);
    // Not due yet: 30 s x (2^1 - 1) after receipt.
    expect(await subject.processConfirmations()).toBe(0);
    expect(calls).toHaveLength(1);
    await age(31);
    fail = false;
    expect(await subject.processConfirmations()).toBe(1);
    expect(calls).toHaveLength(2);
    // Older than 5 s: an unknown subscription is not waited for any more.
    expect(calls[1]![2]).toBe(0);
    expect(await rows()).toMatchObject([{ processed: true, attempts: 2, last_error: null }]);
    expect((await rows())[0]!.body).not.toHaveProperty('validationSecret');
  });

  it('a confirmation that keeps failing is given up after maxConfirmAttempts, and its secret removed', async () => {
    const subject = inbox(async () => {
      throw new Error('verify answered 500');
    }, { maxConfirmAttempts: 3 });
    await subject.accept('group-a', confirmation('SUB-3'));
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await age(3_600);
      await subject.processConfirmations();
    }
    expect(calls).toHaveLength(3);
    const [row] = await rows();
    expect(row).toMatchObject({ processed: true, attempts: 3, last_error: 'verify answered 500' });
    expect(row!.body).not.toHaveProperty('validationSecret');
    await age(3_600);
    expect(await subject.processConfirmations()).toBe(0);
    expect(calls).toHaveLength(3);
  });

  it('confirmations are not mixed up with notifications: push processing leaves them to their own runner', async () => {
    const subject = inbox(async () => null);
    await subject.accept('group-a', confirmation('SUB-4'));
    expect(await subject.processPending()).toBe(0);
    expect(await rows()).toMatchObject([{ processed: false }]);
    expect(calls).toHaveLength(0);
  });

  it('with processing off, calls are stored but never processed', async () => {
    const subject = inbox(async () => null, { processing: false });
    await subject.start();
    await subject.accept('group-a', confirmation('SUB-5'));
    await subject.kick();
    expect(calls).toHaveLength(0);
    expect(await rows()).toMatchObject([{ processed: false, attempts: 0 }]);
    await subject.close();
  });

  it('processed rows past the retention are pruned; pending rows are kept whatever their age', async () => {
    const subject = inbox(async () => null, { retentionMs: 3_600_000 });
    await subject.accept('group-a', confirmation('OLD-DONE'));
    await subject.processConfirmations();
    await subject.accept('group-a', confirmation('OLD-PENDING'));
    await subject.accept('group-a', confirmation('NEW-DONE'));
    // Both old rows were received and (the first) processed two hours ago; the pending one is never processed here.
    await store.query(
      `UPDATE webhook_inbox SET received_at = now() - interval '2 hours', processed_at = CASE WHEN processed_at IS NULL THEN NULL ELSE now() - interval '2 hours' END
       WHERE body->>'subscriptionId' LIKE 'OLD-%'`,
    );
    await store.query(`UPDATE webhook_inbox SET processed_at = now() WHERE body->>'subscriptionId' = 'NEW-DONE'`);
    expect(await subject.prune()).toBe(1);
    const left = (await store.query<{ id: string; processed: boolean }>(
      `SELECT body->>'subscriptionId' AS id, processed_at IS NOT NULL AS processed FROM webhook_inbox ORDER BY webhook_inbox.id`,
    )).rows;
    expect(left).toEqual([
      { id: 'OLD-PENDING', processed: false },
      { id: 'NEW-DONE', processed: true },
    ]);
  });
});
