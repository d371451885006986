/**
 * Issue 11 item 5 over real HTTP: `analyticsOutbox` shows the outbox's counts by state and the oldest waiting event's
 * age, `analyticsDeadLetters` pages through dead letters with their reasons, and `requeueAnalyticsEvent` sends one
 * again (refusing what is not a dead letter, naming the field). The server has no bridge configured, so nothing is
 * exported behind the test's back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertIdOf } from '../../src/domain/analytics.js';
import { OutboxStore, recordLifecycleEvent } from '../../src/store/outbox-store.js';
import { startE2E, type E2E } from '../e2e/support.js';

const OUTBOX = `{ analyticsOutbox { exportConfigured pending exported dead oldestPendingAt oldestPendingAgeSeconds } }`;
const DEAD = `query($first: Int, $after: String) {
  analyticsDeadLetters(first: $first, after: $after) {
    edges { cursor node { id kind identity insertId distinctId occurredAt state attempts deadReason createdAt exportedAt } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const REQUEUE = `mutation($input: RequeueAnalyticsEventInput!) {
  requeueAnalyticsEvent(input: $input) { event { id state deadReason attempts } userErrors { field code message } warnings { code } }
}`;

describe('the analytics outbox over GraphQL', () => {
  let e2e: E2E;
  let outbox: OutboxStore;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    e2e = await startE2E();
    const store = e2e.server.store;
    outbox = new OutboxStore(store);
    for (const identity of ['gq:1', 'gq:2', 'gq:3', 'gq:4']) {
      await store.transaction((tx) =>
        recordLifecycleEvent(tx, { kind: 'label_purchased', identity, occurredAt: new Date('2030-05-01T10:00:00Z'), distinctId: `Label:${identity}`, properties: { carrier: 'CARRIER_B' } }),
      );
      ids[identity] = (await outbox.entryByIdentity(identity))!.id;
    }
    await outbox.markExported([ids['gq:1']!], new Date());
    await outbox.deadLetter(ids['gq:2']!, 'the bridge refused it (HTTP 400): record 0: time is not a number');
    await outbox.deadLetter(ids['gq:3']!, 'could not be shaped: boom');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('a dead-letter cursor of this list naming no row is BAD_USER_INPUT on after, not an internal error (every resolver maps its failures)', async () => {
    const forged = Buffer.from('analytics-dead:not-a-row', 'utf8').toString('base64url');
    const answer = await e2e.gql(DEAD, { first: 2, after: forged });
    expect(answer.errors?.[0]).toMatchObject({ message: 'after: is not a cursor this list gave', extensions: { code: 'BAD_USER_INPUT', field: 'after' } });
  });

  it('analyticsOutbox counts events by state and gives the oldest waiting one', async () => {
    const answer = await e2e.gql(OUTBOX);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.analyticsOutbox).toMatchObject({ exportConfigured: false, pending: 1, exported: 1, dead: 2 });
    expect(Date.parse(answer.data.analyticsOutbox.oldestPendingAt)).not.toBeNaN();
    expect(answer.data.analyticsOutbox.oldestPendingAgeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('analyticsDeadLetters pages through the dead letters, oldest first, with their reasons and $insert_ids', async () => {
    const first = await e2e.gql(DEAD, { first: 1 });
    expect(first.errors).toBeUndefined();
    const page = first.data.analyticsDeadLetters;
    expect(page.edges.map((e: any) => e.node)).toEqual([
      expect.objectContaining({ id: `AnalyticsEvent:${ids['gq:2']}`, identity: 'gq:2', insertId: insertIdOf('gq:2'), state: 'DEAD', deadReason: expect.stringContaining('time is not a number'), exportedAt: null }),
    ]);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const second = await e2e.gql(DEAD, { first: 5, after: page.pageInfo.endCursor });
    expect(second.data.analyticsDeadLetters.edges.map((e: any) => e.node.identity)).toEqual(['gq:3']);
    expect(second.data.analyticsDeadLetters.pageInfo.hasNextPage).toBe(false);
    const forged = await e2e.gql(DEAD, { after: 'bm9wZQ' });
    expect(forged.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('requeueAnalyticsEvent makes a dead letter PENDING again; anything else is refused naming input.id', async () => {
    const requeued = await e2e.gql(REQUEUE, { input: { id: `AnalyticsEvent:${ids['gq:2']}` } });
    expect(requeued.errors).toBeUndefined();
    expect(requeued.data.requeueAnalyticsEvent).toEqual({
      event: { id: `AnalyticsEvent:${ids['gq:2']}`, state: 'PENDING', deadReason: null, attempts: 0 },
      userErrors: [],
      warnings: [],
    });
    expect((await e2e.gql(OUTBOX)).data.analyticsOutbox).toMatchObject({ pending: 2, dead: 1 });
    const refusals: Array<[string, string]> = [
      [`AnalyticsEvent:${ids['gq:2']}`, 'BAD_USER_INPUT'], // PENDING now
      [`AnalyticsEvent:${ids['gq:1']}`, 'BAD_USER_INPUT'], // EXPORTED
      ['AnalyticsEvent:999999999', 'NOT_FOUND'],
      ['Label:1', 'BAD_USER_INPUT'],
    ];
    for (const [id, code] of refusals) {
      const answer = await e2e.gql(REQUEUE, { input: { id } });
      expect(answer.errors, id).toBeUndefined();
      expect(answer.data.requeueAnalyticsEvent.event, id).toBeNull();
      expect(answer.data.requeueAnalyticsEvent.userErrors, id).toEqual([expect.objectContaining({ field: ['input', 'id'], code })]);
    }
  });
});
