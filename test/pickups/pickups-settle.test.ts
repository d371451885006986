/**
 * A pickup whose booking answer was lost stays UNKNOWN (no carrier shows a lookup of pickups): its key never expires
 * while it is so, and an operator settles it (`settlePickup`). Over real HTTP, the lost answer made by the
 * fault-injecting proxy in front of the Carrier B simulator; both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';
import { STORE_BACKENDS } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';
import { carrierBPickup, PICKUP_FIELDS, schedule } from './support.js';

const BOOK = '/pickup/v1/pickups';
const SETTLE = `mutation($input: SettlePickupInput!) {
  settlePickup(input: $input) {
    pickup { ${PICKUP_FIELDS} }
    userErrors { field code message }
    warnings { code message }
  }
}`;

/** Label worker passes so far (each one purges expired keys first). */
async function workerPasses(e2e: E2E): Promise<number> {
  const text = await (await fetch(e2e.server.url.replace(/\/graphql$/, '/metrics'))).text();
  const match = /^shipping_worker_passes_total\{outcome="ok"\} (\d+)/m.exec(text);
  return match ? Number(match[1]) : 0;
}

describe.each(STORE_BACKENDS)('on $name', (backend) => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ faultProxies: ['carrierB'], env: { ...(await backend.env()), SHIPPING_WORKER_INTERVAL_MS: '50' } });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('a key never expires under an UNKNOWN pickup, and an operator settles the pickup with the confirmation number the carrier gave', async () => {
    const proxy = e2e.faults.carrierB!;
    proxy.add({ method: 'POST', path: BOOK, times: 1, dropAnswer: 'reset' });
    const input = carrierBPickup('pickup-unsettled-1');
    const first = await schedule(e2e, input);
    const pickup = first.data.schedulePickup.booking.pickup;
    expect(pickup.state).toBe('UNKNOWN');
    const store = e2e.server.store;
    const keyRows = async () => (await store.query("SELECT 1 FROM idempotency_keys WHERE key = 'pickup-unsettled-1'")).rows.length;
    // The TTL passes; worker passes purge expired keys, but not this one.
    await store.query("UPDATE idempotency_keys SET expires_at = now() - interval '1 hour' WHERE key = 'pickup-unsettled-1'");
    const passes = await workerPasses(e2e);
    await waitFor(async () => (await workerPasses(e2e)) >= passes + 2, { timeoutMs: 4_000, intervalMs: 20 });
    expect(await keyRows()).toBe(1);
    const again = await schedule(e2e, input);
    expect(again.data.schedulePickup.booking).toMatchObject({ replay: 'REPLAYED', pickup: { id: pickup.id, state: 'UNKNOWN' } });
    expect(proxy.forwarded('POST', BOOK)).toHaveLength(1);

    // Refusals name the field; then the operator records what the carrier says.
    const neither = await e2e.gql(SETTLE, { input: { pickupId: pickup.id } });
    expect(neither.data.settlePickup).toMatchObject({ pickup: null, userErrors: [{ field: ['input', 'confirmationNumber'], code: 'BAD_USER_INPUT' }] });
    const settled = await e2e.gql(SETTLE, { input: { pickupId: pickup.id, confirmationNumber: 'CONF-12345' } });
    expect(settled.errors).toBeUndefined();
    expect(settled.data.settlePickup.userErrors).toEqual([]);
    expect(settled.data.settlePickup.pickup).toMatchObject({ id: pickup.id, state: 'SCHEDULED', confirmationNumber: 'CONF-12345', failure: null });
    expect(settled.data.settlePickup.pickup.warnings.map((w: { code: string }) => w.code)).toContain('SETTLED_BY_OPERATOR');
    const twice = await e2e.gql(SETTLE, { input: { pickupId: pickup.id, confirmationNumber: 'CONF-12345' } });
    expect(twice.data.settlePickup).toMatchObject({ userErrors: [], pickup: { state: 'SCHEDULED' } });
    const refused = await e2e.gql(SETTLE, { input: { pickupId: pickup.id, notCreated: true } });
    expect(refused.data.settlePickup).toMatchObject({ pickup: null, userErrors: [{ field: ['input', 'pickupId'], code: 'BAD_USER_INPUT' }] });
    // Nothing was sent to the carrier by settling; once settled, the expired key is purged.
    expect(proxy.forwarded('POST', BOOK)).toHaveLength(1);
    await waitFor(async () => (await keyRows()) === 0, { timeoutMs: 4_000 });
  });
});
