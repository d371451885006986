/**
 * The webhook's validation-secret check (seed 000: "Authenticity is checked through the validation secret exchanged at
 * activation"; assumption P4) across replicas, on PGlite and PostgreSQL: a secret is looked up by its SHA-256 digest
 * on every miss (no negative cache), so a subscription verified a moment ago anywhere is accepted at once, and a hit
 * is trusted only for `secretCacheMs`, so a subscription deleted on another replica stops being accepted.
 */
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/platform/logger.js';
import { PushSubscriptionService } from '../../src/services/realtime/push-subscriptions.js';
import { openStore, type Store } from '../../src/store/store.js';
import { STORE_BACKENDS } from '../support/database.js';


describe.each(STORE_BACKENDS)('validation secret check on $name', (backend) => {
  let store: Store;
  let counter = 0;

  beforeEach(async () => {
    store = await openStore(await backend.options());
  });
  afterEach(async () => {
    await store.close();
  });

  /** A replica's view: its own service (and cache) over the shared store. */
  const replica = (secretCacheMs?: number) =>
    new PushSubscriptionService({
      store,
      client: null,
      callbackUrl: () => 'http://127.0.0.1/webhooks/group-a',
      divisions: ['express'],
      logger: createLogger('silent'),
      ...(secretCacheMs === undefined ? {} : { secretCacheMs }),
    });
  /** What another replica's verification (or approval, or deletion) leaves in the shared table. */
  const subscription = async (secret: string, state: 'CREATED' | 'PENDING_APPROVAL' | 'ACTIVE' | 'DELETED') => {
    counter += 1;
    const id = `push_test_${counter}`;
    await store.query(`INSERT INTO push_subscriptions (id, scope, subject, state, secret_sha256) VALUES ($1, 'TRACKING_NUMBER', $2, $3, $4)`, [
      id,
      `1234567${counter}`,
      state,
      state === 'CREATED' ? null : createHash('sha256').update(secret, 'utf8').digest('hex'),
    ]);
    return id;
  };

  it('a secret verified on another replica is accepted at once, even right after the same secret was refused', async () => {
    const here = replica();
    await subscription('secret-of-A-000000', 'ACTIVE');
    expect(await here.isValidSecret('secret-of-B-000000')).toBe(false);
    await subscription('secret-of-B-000000', 'ACTIVE');
    expect(await here.isValidSecret('secret-of-B-000000')).toBe(true);
    expect(await here.isValidSecret('secret-of-A-000000')).toBe(true);
  });

  it('a subscription deleted on another replica stops being accepted once secretCacheMs has passed', async () => {
    const here = replica(150);
    const id = await subscription('secret-of-C-000000', 'ACTIVE');
    expect(await here.isValidSecret('secret-of-C-000000')).toBe(true);
    await store.query(`UPDATE push_subscriptions SET state = 'DELETED', secret_sha256 = NULL WHERE id = $1`, [id]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await here.isValidSecret('secret-of-C-000000')).toBe(false);
  });

  it('only live subscriptions count: ACTIVE and PENDING_APPROVAL (its approval call carries the secret), not CREATED or DELETED', async () => {
    const here = replica();
    await subscription('secret-active-0000', 'ACTIVE');
    await subscription('secret-pending-000', 'PENDING_APPROVAL');
    await subscription('secret-deleted-000', 'DELETED');
    await subscription('secret-created-000', 'CREATED');
    expect(await here.isValidSecret('secret-active-0000')).toBe(true);
    expect(await here.isValidSecret('secret-pending-000')).toBe(true);
    expect(await here.isValidSecret('secret-deleted-000')).toBe(false);
    expect(await here.isValidSecret('secret-created-000')).toBe(false);
  });

  it('a missing, empty or oversized secret is refused', async () => {
    const here = replica();
    expect(await here.isValidSecret(undefined)).toBe(false);
    expect(await here.isValidSecret('')).toBe(false);
    expect(await here.isValidSecret('x'.repeat(513))).toBe(false);
  });
});
