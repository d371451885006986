/**
 * The webhook inbox's periodic sweep (every 30 s in production; here every 50 ms): a call another replica stored and
 * announced to nobody here is processed by this replica's next sweep, and processed rows past the retention are
 * pruned by it. On both stores, where the rows are.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupAPushReader } from '../../src/carriers/group-a/push/reader.js';
import { createLogger } from '../../src/platform/logger.js';
import { WebhookInbox } from '../../src/services/realtime/webhook-inbox.js';
import { StatusLog } from '../../src/store/status-log.js';
import { openStore, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';
import { notification } from './support.js';

describe.each(STORE_BACKENDS)('webhook inbox sweep on $name', (backend) => {
  let store: Store;
  const inboxes: WebhookInbox[] = [];
  beforeEach(async () => {
    store = await openStore(await backend.options());
  });
  afterEach(async () => {
    for (const inbox of inboxes.splice(0)) await inbox.close();
    await store.close();
  });

  const inbox = (extra: { processing?: boolean; sweepIntervalMs?: number; retentionMs?: number }) => {
    const created = new WebhookInbox({ store, statusLog: new StatusLog(store), logger: createLogger('silent'), reader: groupAPushReader, ...extra });
    inboxes.push(created);
    return created;
  };
  const count = async (sql: string) => (await store.query(sql)).rows.length;

  it('a call stored by a replica that does not process is processed by the next sweep here, then pruned past the retention', async () => {
    const here = inbox({ sweepIntervalMs: 50, retentionMs: 0 });
    await here.start();
    const storingOnly = inbox({ processing: false });
    await storingOnly.accept('group-a', notification('9990085001', '2026-03-10T08:00:00'));
    expect(await count(`SELECT 1 FROM webhook_inbox`)).toBe(1);
    await waitFor(async () => (await count(`SELECT 1 FROM status_changes WHERE tracking_number = '9990085001'`)) === 1);
    await waitFor(async () => (await count('SELECT 1 FROM webhook_inbox')) === 0);
  });
});
