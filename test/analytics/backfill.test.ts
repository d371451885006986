/**
 * Issue 11 item 3 in process, on embedded PGlite and on PostgreSQL: the backfill writes status-log history to the outbox
 * with the identities live export uses, from the start, after a cursor or from a date; a second run adds nothing.
 * Over real HTTP with the bridge (the command itself): test/analytics/export-crash.test.ts.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { statusChangeIdentity } from '../../src/domain/lifecycle-events.js';
import { backfillStatusChanges } from '../../src/services/analytics/backfill.js';
import { StatusLog } from '../../src/store/status-log.js';
import { openStore, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';
import { changeInput } from '../realtime/fixtures.js';

describe.each(STORE_BACKENDS)('analytics backfill on $name', (backend) => {
  let store: Store;
  const cursors: string[] = [];
  const identities: string[] = [];
  beforeAll(async () => {
    store = await openStore(await backend.options());
    const log = new StatusLog(store);
    for (let i = 0; i < 5; i += 1) {
      const input = changeInput({ trackingNumber: `AXBACK${i}` });
      const change = await store.transaction((tx) => log.append(tx, input));
      cursors.push(change!.cursor);
      identities.push(statusChangeIdentity(input.dedupKey));
    }
  });
  afterAll(async () => {
    await store?.close();
  });
  // History recorded before the outbox existed: the log has it, the outbox does not.
  beforeEach(async () => {
    await store.query('DELETE FROM analytics_outbox');
  });
  const outboxIdentities = async () =>
    (await store.query<{ identity: string }>('SELECT identity FROM analytics_outbox ORDER BY id')).rows.map((r) => r.identity);
  const options = { afterCursor: null, since: null, chunkSize: 2 };

  it('writes every change of the log with its live identity, in log order; a second run adds nothing', async () => {
    expect(await backfillStatusChanges(store, options)).toEqual({ read: 5, added: 5, lastCursor: cursors[4] });
    expect(await outboxIdentities()).toEqual(identities);
    expect(await backfillStatusChanges(store, options)).toEqual({ read: 5, added: 0, lastCursor: cursors[4] });
    expect(await outboxIdentities()).toEqual(identities);
  });

  it('from a cursor takes the changes after it; from a date, the changes recorded since', async () => {
    expect(await backfillStatusChanges(store, { ...options, afterCursor: cursors[2]! })).toMatchObject({ read: 2, added: 2 });
    expect(await outboxIdentities()).toEqual(identities.slice(3));
    await store.query('DELETE FROM analytics_outbox');
    await store.query("UPDATE status_changes SET recorded_at = '2020-01-01T00:00:00Z' WHERE cursor <= $1::bigint", [cursors[1]]);
    expect(await backfillStatusChanges(store, { ...options, since: new Date('2021-01-01T00:00:00Z') })).toMatchObject({ read: 3, added: 3 });
    expect(await outboxIdentities()).toEqual(identities.slice(2));
    expect(await backfillStatusChanges(store, { ...options, since: new Date('2100-01-01T00:00:00Z') })).toEqual({ read: 0, added: 0, lastCursor: null });
  });
});
