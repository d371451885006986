/**
 * GraphQL end to end: real HTTP into the subgraph, real HTTP from it to the sandbox simulators. Each rule of the
 * tracking acceptance list is one `it()`; upstream traffic is read from the simulators' own stats.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from './support.js';

const TRACK = `query Track($inputs: [TrackInput!]!) {
  track(inputs: $inputs) {
    __typename
    ... on TrackedShipments { trackingNumber shipments { id trackingNumber carrierCode carrierUniqueId status { status nativeCode } } }
    ... on TrackingFailure { trackingNumber code message upstream carrierErrorCode candidates }
  }
}`;

const carrierB = (trackingNumber: string, extra: Record<string, unknown> = {}) => ({ carrier: 'CARRIER_B', trackingNumber, ...extra });

function aliasQuery(numbers: readonly string[]): string {
  return `{ ${numbers.map((n, i) => `s${i}: shipment(carrier: CARRIER_B, trackingNumber: "${n}") { id status { status } }`).join('\n')} }`;
}

function entitiesQuery(numbers: readonly string[]): { query: string; variables: Record<string, unknown> } {
  return {
    query: `query($r: [_Any!]!) { _entities(representations: $r) { ... on Shipment { id trackingNumber status { status } } } }`,
    variables: { r: numbers.map((trackingNumber) => ({ __typename: 'Shipment', carrier: 'CARRIER_B', trackingNumber })) },
  };
}

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

describe('Carrier B batching: N distinct numbers cost ceil(N/30) upstream calls', () => {
  for (const n of [1, 30, 31, 95]) {
    const expected = Math.ceil(n / 30);
    it(`${n} numbers as one track list cost ${expected} call(s)`, async () => {
      const numbers = carrierBNumbers(n, 1000);
      const answer = await e2e.gql(TRACK, { inputs: numbers.map((t) => carrierB(t)) });
      expect(answer.errors).toBeUndefined();
      expect(answer.data.track).toHaveLength(n);
      expect(answer.data.track.every((o: any) => o.__typename === 'TrackedShipments')).toBe(true);
      expect(e2e.carrierBTrackCalls()).toBe(expected);
      expect(e2e.sandbox.stats.carrierB.trackingRequests.every((r) => r.length <= 30)).toBe(true);
      expect(new Set(e2e.sandbox.stats.carrierB.trackingRequests.flat())).toEqual(new Set(numbers));
    });

    it(`${n} numbers as aliased shipment fields cost ${expected} call(s)`, async () => {
      const numbers = carrierBNumbers(n, 2000);
      const answer = await e2e.gql(aliasQuery(numbers));
      expect(answer.errors).toBeUndefined();
      expect(Object.keys(answer.data)).toHaveLength(n);
      expect(Object.values(answer.data).every((s: any) => s.status.status === 'IN_TRANSIT')).toBe(true);
      expect(e2e.carrierBTrackCalls()).toBe(expected);
    });

    it(`${n} numbers as _entities representations cost ${expected} call(s)`, async () => {
      const numbers = carrierBNumbers(n, 3000);
      const { query, variables } = entitiesQuery(numbers);
      const answer = await e2e.gql(query, variables);
      expect(answer.errors).toBeUndefined();
      expect(answer.data._entities.map((s: any) => s.trackingNumber)).toEqual(numbers);
      expect(e2e.carrierBTrackCalls()).toBe(expected);
    });
  }

  it('the same number asked twice (list and alias) costs one lookup in one call', async () => {
    const [number] = carrierBNumbers(1, 4000) as [string];
    const answer = await e2e.gql(
      `query($i: [TrackInput!]!) { track(inputs: $i) { __typename } a: shipment(carrier: CARRIER_B, trackingNumber: "${number}") { id } }`,
      { i: [carrierB(number), carrierB(number)] },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.track).toHaveLength(2);
    expect(e2e.carrierBTrackCalls()).toBe(1);
    expect(e2e.sandbox.stats.carrierB.trackingRequests).toEqual([[number]]);
  });
});

describe('Carrier B partial failures', () => {
  it('a number with `error` inside a 200 fails only its own item with UPSTREAM_NOT_FOUND and the carrier code', async () => {
    const [a, b] = carrierBNumbers(2, 5000) as [string, string];
    const answer = await e2e.gql(TRACK, { inputs: [carrierB(a), carrierB('123456789404'), carrierB(b)] });
    expect(answer.errors).toBeUndefined();
    const [first, missing, last] = answer.data.track;
    expect(first.__typename).toBe('TrackedShipments');
    expect(last.__typename).toBe('TrackedShipments');
    expect(missing).toMatchObject({
      __typename: 'TrackingFailure',
      trackingNumber: '123456789404',
      code: 'UPSTREAM_NOT_FOUND',
      upstream: 'carrier-b',
      carrierErrorCode: 'TRACKING.TRACKINGNUMBER.NOTFOUND',
    });
    expect(e2e.carrierBTrackCalls()).toBe(1);
  });

  it('a malformed item fails only its own item with UPSTREAM_CONTRACT', async () => {
    const [a, b] = carrierBNumbers(2, 5100) as [string, string];
    const answer = await e2e.gql(TRACK, { inputs: [carrierB(a), carrierB('123456789500'), carrierB(b)] });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.track.map((o: any) => o.__typename)).toEqual(['TrackedShipments', 'TrackingFailure', 'TrackedShipments']);
    expect(answer.data.track[1]).toMatchObject({ code: 'UPSTREAM_CONTRACT', upstream: 'carrier-b' });
  });
});

describe('Carrier B detailed scans', () => {
  let recorded: E2E;
  beforeAll(async () => {
    recorded = await startE2E({ recordCarrierB: true });
  });
  afterAll(async () => {
    await recorded?.close();
  });
  const trackBodies = () =>
    recorded.carrierBProxy!.seen.filter((r) => r.path === '/track/v1/trackingnumbers').map((r) => JSON.parse(r.body) as { includeDetailedScans?: boolean });

  it('detailed scans are requested only when the query selects events', async () => {
    const [a, b] = carrierBNumbers(2, 5200) as [string, string];
    const without = await recorded.gql(`{ shipment(carrier: CARRIER_B, trackingNumber: "${a}") { id status { status } } }`);
    expect(without.errors).toBeUndefined();
    const withEvents = await recorded.gql(
      `{ shipment(carrier: CARRIER_B, trackingNumber: "${b}") { id events { time { instant } status { status nativeCode } } } }`,
    );
    expect(withEvents.errors).toBeUndefined();
    expect(withEvents.data.shipment.events.length).toBeGreaterThan(1);
    expect(trackBodies().map((body) => body.includeDetailedScans)).toEqual([false, true]);
  });

  it('events selected through a fragment also ask for detailed scans', async () => {
    const [a] = carrierBNumbers(1, 5300) as [string];
    const answer = await recorded.gql(
      `query { track(inputs: [{carrier: CARRIER_B, trackingNumber: "${a}"}]) { ... on TrackedShipments { shipments { ...History } } } }
       fragment History on Shipment { events { description } }`,
    );
    expect(answer.errors).toBeUndefined();
    expect(trackBodies().at(-1)?.includeDetailedScans).toBe(true);
  });
});

describe('Carrier B reused numbers', () => {
  const REUSED = '991234567893';

  it('a reused number without disambiguation returns both candidates in track', async () => {
    const answer = await e2e.gql(TRACK, { inputs: [carrierB(REUSED)] });
    const shipments = answer.data.track[0].shipments;
    expect(shipments.map((s: any) => s.carrierCode).sort()).toEqual(['CBXE', 'CBXG']);
    expect(new Set(shipments.map((s: any) => s.carrierUniqueId)).size).toBe(2);
  });

  it('a ship-date window picks the candidate shipped inside it', async () => {
    const recent = await e2e.gql(TRACK, { inputs: [carrierB(REUSED, { shipDateBegin: '2026-03-01', shipDateEnd: '2026-03-10' })] });
    expect(recent.data.track[0].shipments.map((s: any) => s.carrierCode)).toEqual(['CBXE']);
    const older = await e2e.gql(TRACK, { inputs: [carrierB(REUSED, { shipDateEnd: '2025-11-10' })] });
    expect(older.data.track[0].shipments.map((s: any) => s.carrierCode)).toEqual(['CBXG']);
  });

  it('carrierCode or carrierUniqueId picks one candidate', async () => {
    const all = await e2e.gql(TRACK, { inputs: [carrierB(REUSED)] });
    const ground = all.data.track[0].shipments.find((s: any) => s.carrierCode === 'CBXG');
    const answer = await e2e.gql(TRACK, {
      inputs: [carrierB(REUSED, { carrierCode: 'CBXE' }), carrierB(REUSED, { carrierUniqueId: ground.carrierUniqueId })],
    });
    expect(answer.data.track[0].shipments.map((s: any) => s.carrierCode)).toEqual(['CBXE']);
    expect(answer.data.track[1].shipments.map((s: any) => s.id)).toEqual([ground.id]);
  });

  it('an ambiguous `shipment` fails with UPSTREAM_AMBIGUOUS naming the candidate ids, and each id resolves', async () => {
    const answer = await e2e.gql(`{ shipment(carrier: CARRIER_B, trackingNumber: "${REUSED}") { id } }`);
    expect(answer.data.shipment).toBeNull();
    const error = answer.errors?.[0];
    expect(error?.path).toEqual(['shipment']);
    expect(error?.extensions?.code).toBe('UPSTREAM_AMBIGUOUS');
    const candidates = error?.extensions?.candidates as string[];
    expect(candidates).toHaveLength(2);
    for (const id of candidates) {
      const byId = await e2e.gql(`query($id: ID!) { shipmentById(id: $id) { id carrierCode } }`, { id });
      expect(byId.errors).toBeUndefined();
      expect(byId.data.shipmentById.id).toBe(id);
    }
  });
});

describe('Carrier B reference lookup', () => {
  it('shipmentsByReference finds the packages of an order by its id', async () => {
    const answer = await e2e.gql(
      `{ shipmentsByReference(input: { carrier: CARRIER_B, value: "ORDER-1235" }) { edges { node { trackingNumber references { type value } } } } }`,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.shipmentsByReference.edges.map((e: any) => e.node.trackingNumber).sort()).toEqual(['794600123501', '794600123502', '794600123503']);
    expect(answer.data.shipmentsByReference.edges[0].node.references).toEqual([{ type: 'CUSTOMER_REFERENCE', value: 'ORDER-1235' }]);
    expect(e2e.sandbox.stats.carrierB.calls['POST /track/v1/referencenumbers']).toBe(1);
  });

  it('a reference nothing carries gives an empty list', async () => {
    const answer = await e2e.gql(`{ shipmentsByReference(input: { carrier: CARRIER_B, value: "NO-SUCH-ORDER" }) { edges { node { id } } } }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.shipmentsByReference.edges).toEqual([]);
  });
});

describe('Group A express and e-commerce', () => {
  const OFFSET_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

  it('a division express number goes to the express interface, with instants carrying their offsets', async () => {
    const answer = await e2e.gql(
      `{ shipment(carrier: GROUP_A, trackingNumber: "1234567893", division: "express") {
          id division events { time { instant localDateTime } status { status nativeCode } } pieces { id events { time { instant } } } } }`,
    );
    expect(answer.errors).toBeUndefined();
    const shipment = answer.data.shipment;
    expect(shipment).toMatchObject({ id: 'GROUP_A:express:1234567893', division: 'express' });
    expect(shipment.events.length).toBeGreaterThan(0);
    for (const event of shipment.events) {
      expect(event.time.instant).toMatch(OFFSET_INSTANT);
      expect(event.time.localDateTime).toBeNull();
    }
    expect(shipment.pieces.length).toBeGreaterThan(0);
    expect(e2e.sandbox.stats.groupAExpress.calls['GET /expressapi/test/tracking']).toBe(1);
    expect(e2e.sandbox.stats.groupAUnified.calls['GET /track/shipments'] ?? 0).toBe(0);
  });

  it('express warnings[] are returned for numbers ending 77', async () => {
    const answer = await e2e.gql(`{ shipment(carrier: GROUP_A, trackingNumber: "1234567877", division: "express") { status { status } warnings { message } } }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.shipment.warnings.length).toBeGreaterThan(0);
    expect(answer.data.shipment.warnings[0].message).toContain('1234567877');
  });

  it('an e-commerce package is found by the caller\'s PACKAGE_ID and by the carrier\'s CARRIER_PACKAGE_ID', async () => {
    const answer = await e2e.gql(`{
      byPackageId: shipment(carrier: GROUP_A, trackingNumber: "PKG-2026000013", ecommerceIdType: PACKAGE_ID) { id division status { status } }
      byCarrierId: shipment(carrier: GROUP_A, trackingNumber: "GM2026000013", ecommerceIdType: CARRIER_PACKAGE_ID) { id division status { status } }
    }`);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.byPackageId).toMatchObject({ division: 'ecommerce', status: { status: 'IN_TRANSIT' } });
    expect(answer.data.byCarrierId).toMatchObject({ division: 'ecommerce', status: { status: 'IN_TRANSIT' } });
    expect(e2e.sandbox.stats.groupAEcommerce.calls['GET /tracking/v4/package']).toBe(2);
  });
});

describe('Group A unified tracking with a postal-code entitlement and the seed quota', () => {
  let masked: E2E;
  beforeAll(async () => {
    // Our limiter is off (interval 0) so the simulator's own quota answers 429, as a second replica's calls would.
    masked = await startE2E({ maskedUnifiedKey: true, sandbox: { unifiedQuota: { minIntervalMs: 600_000, dailyQuota: 250 } } });
  });
  afterAll(async () => {
    await masked?.close();
  });

  it('masked members stay absent and the policy marker is exposed', async () => {
    const answer = await masked.gql(`{ shipment(carrier: GROUP_A, trackingNumber: "1234567893") {
      id recipient { name policy address { policy postalCode streetLines locality } }
      origin { policy address { policy postalCode streetLines countryCode } } } }`);
    expect(answer.errors).toBeUndefined();
    const { recipient, origin } = answer.data.shipment;
    expect(recipient.name).toBeNull();
    expect(recipient.policy).toBeTruthy();
    expect(origin.address.policy).toBe('postal-code');
    expect(origin.address.postalCode).toBeTruthy();
    expect(origin.address.streetLines).toBeNull();
    expect(masked.sandbox.stats.groupAUnified.trackingRequests).toEqual([['1234567893']]);
  });

  it('a 429 from the quota becomes UPSTREAM_RATE_LIMITED with retryAt, not a hang', async () => {
    const before = Date.now();
    const answer = await masked.gql(`{ track(inputs: [{ carrier: GROUP_A, trackingNumber: "1234567891" }]) {
      ... on TrackingFailure { code upstream retryAt carrierErrorCode } } }`);
    expect(answer.errors).toBeUndefined();
    const failure = answer.data.track[0];
    expect(failure).toMatchObject({ code: 'UPSTREAM_RATE_LIMITED', upstream: 'group-a/tracking' });
    expect(Date.parse(failure.retryAt)).toBeGreaterThan(before);
    expect(masked.sandbox.stats.groupAUnified.responses['429']).toBeGreaterThan(0);
  });
});

describe('health and metrics', () => {
  it('/readyz answers ready and names the configured upstreams', async () => {
    const response = await fetch(e2e.server.url.replace(/\/graphql$/, '/readyz'));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ready', mode: 'configured', upstreams: { 'carrier-b': 'configured', 'group-a/tracking': 'configured' } });
  });

  it('/metrics counts Carrier B calls after a query', async () => {
    const [a] = carrierBNumbers(1, 6000) as [string];
    await e2e.gql(`{ shipment(carrier: CARRIER_B, trackingNumber: "${a}") { id } }`);
    const response = await fetch(e2e.server.url.replace(/\/graphql$/, '/metrics'));
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toMatch(/^upstream_calls_total\{upstream="carrier-b",operation="track",status="200"\} [1-9]\d*$/m);
  });
});
