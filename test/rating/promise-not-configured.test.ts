/**
 * A server without a dark store (no DARK_STORE_BASE_URL): `darkStoreHealth` is null and the delivery promise says why
 * the dark store is not offered, then gives the couriers' options. Over real HTTP against the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from '../e2e/support.js';

let e2e: E2E;

beforeAll(async () => {
  e2e = await startE2E();
}, 60_000);

afterAll(async () => {
  await e2e?.close();
});

describe('delivery promise without a dark store', () => {
  it('darkStoreHealth is null when no dark store is configured', async () => {
    const answer = await e2e.gql('{ darkStoreHealth { status } }');
    expect(answer.errors).toBeUndefined();
    expect(answer.data.darkStoreHealth).toBeNull();
  });

  it("a served-looking pincode gets the couriers' options, the dark store not offered as NOT_CONFIGURED", async () => {
    const answer = await e2e.gql(
      `query Promise($input: DeliveryPromiseInput!) {
        deliveryPromise(input: $input) { darkStore { offered reason { code } health { status } } options { kind carrier } couriersNotAsked { code } }
      }`,
      {
        input: {
          postalCode: '560034',
          countryCode: 'IN',
          itemCount: 1,
          origin: { countryCode: 'IN', postalCode: '562123' },
          packages: [{ weight: { value: 1, unit: 'KG' } }],
        },
      },
    );
    expect(answer.errors).toBeUndefined();
    const promise = answer.data.deliveryPromise;
    expect(promise.darkStore).toEqual({ offered: false, reason: { code: 'NOT_CONFIGURED' }, health: null });
    expect(promise.couriersNotAsked).toBeNull();
    expect(promise.options.length).toBeGreaterThan(0);
    expect(promise.options.every((o: any) => o.kind === 'COURIER')).toBe(true);
  });
});
