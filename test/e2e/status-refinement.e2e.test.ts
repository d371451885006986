/**
 * The unified interface's vocabulary is "the whole vocabulary; finer detail exists only as free text": its `transit`
 * and `failure` of an express or e-commerce shipment are read again on the division's own interface, so a query by
 * number without the division answers what the division's interface answers. Calls are counted at the fault proxy in
 * front of the express simulator (and at the e-commerce simulator); faults there leave the unified reading standing
 * with a warning, never an error; the express daily quota is respected; pushed changes are recorded in the same
 * reading a query then gives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for.js';
import { startE2E, type E2E } from './support.js';

const EXPRESS_TRACK = '/expressapi/test/tracking';
const ECOMMERCE_TRACK = 'GET /tracking/v4/package';
const UNIFIED_TRACK = 'GET /track/shipments';

const FIELDS = 'id division status { status nativeCode nativeText } warnings { code message type }';
const TRACK = `query($i: [TrackInput!]!) { track(inputs: $i) { __typename ... on TrackedShipments { shipments { ${FIELDS} } } ... on TrackingFailure { code message } } }`;

/** The one shipment a lookup without division answers (GraphQL errors fail the test: a soft failure is never one). */
async function trackOne(e2e: E2E, trackingNumber: string, extra: Record<string, unknown> = {}): Promise<any> {
  const answer = await e2e.gql(TRACK, { i: [{ carrier: 'GROUP_A', trackingNumber, ...extra }] });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  expect(answer.data.track[0].__typename, JSON.stringify(answer.data.track[0])).toBe('TrackedShipments');
  return answer.data.track[0].shipments[0];
}

function expressTrackingCalls(e2e: E2E): number {
  return e2e.faults.groupAExpress!.forwarded('GET', EXPRESS_TRACK).length;
}

describe('a unified status refined on its division interface', () => {
  let e2e: E2E;
  beforeAll(async () => {
    // Long enough for a loaded machine's express call, short beside the hang below.
    e2e = await startE2E({ faultProxies: ['groupAExpress'], env: { GROUP_A_STATUS_REFINE_TIMEOUT_MS: '1000' } });
    // The express pool's first connection is made here, not inside a refinement's wait.
    await trackOne(e2e, '1234560000', { division: 'express' });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('concurrent refinements of one number share one express call; a delivered status costs none', async () => {
    const outForDelivery = '1234560015';
    const before = expressTrackingCalls(e2e);
    const unifiedBefore = e2e.sandbox.stats.groupAUnified.calls[UNIFIED_TRACK] ?? 0;
    // Two unified lookups of one number (another language is another unified call) in one request, and a third request
    // at the same time: every refinement of the number waits for one express call.
    const [both, alone] = await Promise.all([
      e2e.gql(TRACK, { i: [{ carrier: 'GROUP_A', trackingNumber: outForDelivery }, { carrier: 'GROUP_A', trackingNumber: outForDelivery, language: 'de' }] }),
      e2e.gql(TRACK, { i: [{ carrier: 'GROUP_A', trackingNumber: outForDelivery }] }),
    ]);
    const readings = [...both.data.track, ...alone.data.track].map((t: any) => t.shipments[0]);
    expect(readings.map((s: any) => s.status.status), JSON.stringify(readings)).toEqual(['OUT_FOR_DELIVERY', 'OUT_FOR_DELIVERY', 'OUT_FOR_DELIVERY']);
    expect(readings.every((s: any) => s.warnings.length === 0)).toBe(true);
    expect((e2e.sandbox.stats.groupAUnified.calls[UNIFIED_TRACK] ?? 0) - unifiedBefore).toBe(2);
    expect(expressTrackingCalls(e2e) - before).toBe(1);

    const delivered = await trackOne(e2e, '1234560010');
    expect(delivered.status.status).toBe('DELIVERED');
    expect(expressTrackingCalls(e2e) - before).toBe(1);
  });

  it('a cached unified answer is not refined again: the second lookup costs no call at all', async () => {
    const first = await trackOne(e2e, '1234560025');
    const calls = expressTrackingCalls(e2e);
    const unified = e2e.sandbox.stats.groupAUnified.calls[UNIFIED_TRACK] ?? 0;
    const second = await trackOne(e2e, '1234560025');
    expect([first.status.status, second.status.status]).toEqual(['OUT_FOR_DELIVERY', 'OUT_FOR_DELIVERY']);
    expect(expressTrackingCalls(e2e)).toBe(calls);
    expect(e2e.sandbox.stats.groupAUnified.calls[UNIFIED_TRACK] ?? 0).toBe(unified);
  });

  it('an e-commerce failed delivery attempt reads DELIVERY_ATTEMPTED by number, from one e-commerce call', async () => {
    const before = e2e.sandbox.stats.groupAEcommerce.calls[ECOMMERCE_TRACK] ?? 0;
    const shipment = await trackOne(e2e, 'GM2026000109');
    expect(shipment.status.status).toBe('DELIVERY_ATTEMPTED');
    expect(shipment.warnings).toEqual([]);
    expect((e2e.sandbox.stats.groupAEcommerce.calls[ECOMMERCE_TRACK] ?? 0) - before).toBe(1);
  });

  it('an express answer of 500 keeps the unified reading, with a warning and no error', async () => {
    const remove = e2e.faults.groupAExpress!.add({ method: 'GET', path: EXPRESS_TRACK, status: { code: 500, body: '{"title":"Internal Server Error"}', contentType: 'application/problem+json' } });
    try {
      const shipment = await trackOne(e2e, '1234560035');
      expect(shipment.status.status).toBe('IN_TRANSIT');
      expect(shipment.status.nativeCode).toBe('transit');
      expect(shipment.warnings).toEqual([
        { code: 'STATUS_NOT_REFINED', type: 'WARNING', message: expect.stringContaining('UPSTREAM_UNAVAILABLE') },
      ]);
    } finally {
      remove();
    }
  });

  it('an express call that hangs keeps the unified reading with a warning once GROUP_A_STATUS_REFINE_TIMEOUT_MS passes', async () => {
    const remove = e2e.faults.groupAExpress!.add({ method: 'GET', path: EXPRESS_TRACK, holdMs: 2_500 });
    try {
      const started = performance.now();
      const shipment = await trackOne(e2e, '1234560045');
      expect(performance.now() - started).toBeLessThan(2_300);
      expect(shipment.status.status).toBe('IN_TRANSIT');
      expect(shipment.warnings).toEqual([
        { code: 'STATUS_NOT_REFINED', type: 'WARNING', message: expect.stringContaining('did not answer within 1000 ms') },
      ]);
    } finally {
      remove();
    }
  });
});

describe('refinement within the express daily quota', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ faultProxies: ['groupAExpress'], env: { GROUP_A_EXPRESS_DAILY_QUOTA: '1' } });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('a spent express quota keeps the unified reading with a warning, and nothing more reaches the express interface', async () => {
    const first = await trackOne(e2e, '1234560055');
    expect(first.status.status).toBe('OUT_FOR_DELIVERY');
    expect(expressTrackingCalls(e2e)).toBe(1);
    const second = await trackOne(e2e, '1234560065');
    expect(second.status.status).toBe('IN_TRANSIT');
    expect(second.warnings).toEqual([{ code: 'STATUS_NOT_REFINED', type: 'WARNING', message: expect.stringContaining('UPSTREAM_RATE_LIMITED') }]);
    expect(expressTrackingCalls(e2e)).toBe(1);
  });
});

describe('pushed and polled statuses recorded in the reading a query gives', () => {
  let e2e: E2E;
  let secret: string;
  beforeAll(async () => {
    // Watches are polled every 100 ms here (a watch's first poll is due at once).
    e2e = await startE2E({ faultProxies: ['groupAExpress'], withPush: true, env: { WATCH_POLL_TICK_MS: '100' } });
    // A customer-account subscription takes a push about any number (the sandbox account ending 404 pushes nothing).
    const created = await e2e.gql(
      `mutation { createPushSubscription(input: { scope: CUSTOMER_ACCOUNT, subject: "ACCOUNT-404" }) { pushSubscription { carrierSubscriptionId } } }`,
    );
    const id = created.data.createPushSubscription.pushSubscription.carrierSubscriptionId;
    await e2e.sandbox.push.approve(id);
    await waitFor(() => e2e.sandbox.push.deliveries.some((d) => d.kind === 'approved' && d.subscriptionId === id && d.status === 200));
    secret = e2e.sandbox.push.subscriptions().find((s) => s.id === id)!.validationSecret;
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('a pushed transit of an express shipment out for delivery is recorded as OUT_FOR_DELIVERY, at one express call, as a query answers it', async () => {
    const number = '1234560115'; // story 5 (out for delivery), a number no other test asks
    const before = expressTrackingCalls(e2e);
    const webhook = e2e.server.url.replace(/\/graphql$/, '/webhooks/group-a');
    const body = {
      scope: 'subscription.push',
      shipments: [{ id: number, service: 'express', status: { timestamp: '2026-03-10T11:58:00', statusCode: 'transit', status: 'On its way', location: { address: { countryCode: 'DE' } } } }],
    };
    const answer = await fetch(webhook, { method: 'POST', headers: { 'content-type': 'application/json', 'carrier-push-secret': secret }, body: JSON.stringify(body) });
    expect(answer.status).toBe(200);
    const recorded = async () =>
      (await e2e.server.store.query<{ status: string; native_code: string }>(`SELECT status, native_code FROM status_changes WHERE tracking_number = $1 AND source = 'PUSH'`, [number])).rows;
    await waitFor(async () => (await recorded()).length === 1);
    expect((await recorded())[0]!.status).toBe('OUT_FOR_DELIVERY');
    expect(expressTrackingCalls(e2e) - before).toBe(1);
    const queried = await trackOne(e2e, number);
    expect(queried.status.status).toBe('OUT_FOR_DELIVERY');
  });

  it('a watched express shipment out for delivery is recorded as polled, OUT_FOR_DELIVERY, and a query by number without division answers the same', async () => {
    const number = '1234560125';
    const watched = await e2e.gql(
      `mutation($n: String!) { watchShipment(input: { carrier: GROUP_A, trackingNumber: $n, division: "express" }) { watch { shipmentId } userErrors { field message } } }`,
      { n: number },
    );
    expect(watched.errors, JSON.stringify(watched.errors)).toBeUndefined();
    expect(watched.data.watchShipment.userErrors).toEqual([]);
    const latestPolled = async () =>
      (await e2e.server.store.query<{ status: string }>(`SELECT status FROM status_changes WHERE tracking_number = $1 AND source = 'POLL' ORDER BY cursor DESC LIMIT 1`, [number])).rows[0]?.status;
    await waitFor(async () => (await latestPolled()) !== undefined);
    expect(await latestPolled()).toBe('OUT_FOR_DELIVERY');
    const queried = await trackOne(e2e, number);
    expect(queried.status.status).toBe(await latestPolled());
  });
});
