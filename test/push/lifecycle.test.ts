/**
 * Seed 000, "Push subscription lifecycle", through GraphQL, our webhook and the push simulator over real HTTP, on
 * embedded PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_BACKENDS } from '../support/database.js';
import { CREATE, startPushE2E, waitFor, type PushE2E } from './support.js';


describe.each(STORE_BACKENDS)('push subscriptions on $name', (backend) => {
  let e2e: PushE2E;
  beforeAll(async () => {
    e2e = await startPushE2E(await backend.env());
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const LIST = `query($s: PushSubscriptionState) { pushSubscriptions(state: $s) { edges { node { id state subject scope } } } }`;
  const listed = (answer: { data?: { pushSubscriptions: { edges: { node: { id: string; state: string } }[] } } }) =>
    answer.data!.pushSubscriptions.edges.map((e) => e.node);

  describe('push subscription lifecycle', () => {
    it('a subscription by tracking number is ACTIVE once the confirmation call is verified', async () => {
      const answer = await e2e.gql(CREATE, { input: { scope: 'TRACKING_NUMBER', subject: '1234567893', division: 'express' } });
      expect(answer.errors).toBeUndefined();
      expect(answer.data.createPushSubscription.userErrors).toEqual([]);
      const created = answer.data.createPushSubscription.pushSubscription;
      expect(created.state).toBe('ACTIVE');
      expect(created.activatedAt).not.toBeNull();
      expect(e2e.sandbox.push.subscriptions().find((s) => s.id === created.carrierSubscriptionId)?.phase).toBe('active');
      expect(e2e.sandbox.push.deliveries.some((d) => d.kind === 'confirm' && d.subscriptionId === created.carrierSubscriptionId && d.status === 200)).toBe(true);
    });

    it('a subscription by customer account is PENDING_APPROVAL until the carrier approves it, then its shipments are pushed', async () => {
      const answer = await e2e.gql(CREATE, { input: { scope: 'CUSTOMER_ACCOUNT', subject: 'ACC-100200' } });
      const created = answer.data.createPushSubscription.pushSubscription;
      expect(created.state).toBe('PENDING_APPROVAL');
      expect(created.activatedAt).toBeNull();
      await e2e.sandbox.push.approve(created.carrierSubscriptionId);
      const active = await waitFor(async () => {
        const list = await e2e.gql(LIST, { s: 'ACTIVE' });
        return listed(list).find((s) => s.id === created.id);
      });
      expect(active.state).toBe('ACTIVE');
      // Approved: the account's shipments are pushed, and their statuses reach the status log.
      const numbers = e2e.sandbox.push.accountShipments('ACC-100200');
      await waitFor(async () =>
        (await e2e.count(`SELECT count(DISTINCT tracking_number) AS n FROM status_changes WHERE source = 'PUSH' AND tracking_number = ANY($1)`, [numbers])) ===
        numbers.length,
      );
    });

    it('subscriptions are listed, optionally by state', async () => {
      const all = await e2e.gql(LIST, {});
      expect(listed(all).length).toBeGreaterThanOrEqual(2);
      const pending = await e2e.gql(LIST, { s: 'CREATED' });
      expect(listed(pending).every((s) => s.state === 'CREATED')).toBe(true);
    });

    it('deleting a subscription deletes it at the carrier and marks it DELETED', async () => {
      const created = (await e2e.gql(CREATE, { input: { scope: 'TRACKING_NUMBER', subject: '1234567894' } })).data.createPushSubscription
        .pushSubscription;
      const deleted = await e2e.gql(`mutation($id: ID!) { deletePushSubscription(input: { id: $id }) { pushSubscription { id state } } }`, {
        id: created.id,
      });
      expect(deleted.data.deletePushSubscription.pushSubscription.state).toBe('DELETED');
      expect(e2e.sandbox.push.subscriptions().find((s) => s.id === created.carrierSubscriptionId)?.phase).toBe('deleted');
    });

    it('deleting an unknown subscription is a NOT_FOUND user error at input.id', async () => {
      const answer = await e2e.gql(`mutation { deletePushSubscription(input: { id: "push_nope" }) { pushSubscription { id } userErrors { field code } } }`);
      expect(answer.errors).toBeUndefined();
      expect(answer.data.deletePushSubscription).toEqual({ pushSubscription: null, userErrors: [{ field: ['input', 'id'], code: 'NOT_FOUND' }] });
    });
  });

  describe('input refused before any upstream call', () => {
    const refused = async (input: Record<string, unknown>) => {
      const before = e2e.sandbox.push.subscriptions().length;
      const answer = await e2e.gql(CREATE, { input });
      expect(e2e.sandbox.push.subscriptions().length).toBe(before);
      expect(answer.errors).toBeUndefined();
      expect(answer.data.createPushSubscription.pushSubscription).toBeNull();
      const [userError] = answer.data.createPushSubscription.userErrors as { field: string[]; code: string; message: string }[];
      expect(userError?.code).toBe('BAD_USER_INPUT');
      return userError!;
    };

    it('an empty subject is BAD_USER_INPUT at input.subject', async () => {
      expect((await refused({ scope: 'TRACKING_NUMBER', subject: '  ' })).field).toEqual(['input', 'subject']);
    });

    it('a tracking number with characters other than letters, digits and "-" is BAD_USER_INPUT at input.subject', async () => {
      expect((await refused({ scope: 'TRACKING_NUMBER', subject: '12 34/56' })).field).toEqual(['input', 'subject']);
    });

    it('an unknown division is BAD_USER_INPUT at input.division', async () => {
      const error = await refused({ scope: 'TRACKING_NUMBER', subject: '1234567893', division: 'freight-x' });
      expect(error.field).toEqual(['input', 'division']);
      expect(error.message).toContain('freight-x');
    });
  });
});
