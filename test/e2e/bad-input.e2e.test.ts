/**
 * Bad input is refused with BAD_USER_INPUT and the field's path before any upstream call; a bad upstream answer fails
 * the items it touches with a stable code, never the server. Real HTTP both ways.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from './support.js';

const CAP = 50;
let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ env: { MAX_TRACKING_NUMBERS_PER_REQUEST: String(CAP) } });
});
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

/** Asserts the answer is one BAD_USER_INPUT error and that no simulator saw a business call. */
function expectRefusedBeforeUpstream(answer: Awaited<ReturnType<E2E['gql']>>): NonNullable<typeof answer.errors>[number] {
  expect(answer.errors).toHaveLength(1);
  const error = answer.errors![0]!;
  expect(error.extensions?.code).toBe('BAD_USER_INPUT');
  expect(e2e.upstreamBusinessCalls()).toBe(0);
  return error;
}

describe('input refused before any upstream call', () => {
  it('an empty tracking number is BAD_USER_INPUT at trackingNumber', async () => {
    const error = expectRefusedBeforeUpstream(await e2e.gql(`{ shipment(carrier: CARRIER_B, trackingNumber: "") { id } }`));
    expect(error.path).toEqual(['shipment']);
    expect(error.extensions?.field).toBe('trackingNumber');
  });

  it('an overlong (41 characters) number in a track list is BAD_USER_INPUT at inputs.<index>.trackingNumber', async () => {
    const [good] = carrierBNumbers(1) as [string];
    const answer = await e2e.gql(`query($i: [TrackInput!]!) { track(inputs: $i) { __typename } }`, {
      i: [
        { carrier: 'CARRIER_B', trackingNumber: good },
        { carrier: 'CARRIER_B', trackingNumber: '1'.repeat(41) },
      ],
    });
    const error = expectRefusedBeforeUpstream(answer);
    expect(error.path).toEqual(['track']);
    expect(error.extensions?.field).toBe('inputs.1.trackingNumber');
  });

  it('an unknown carrier in variables is BAD_USER_INPUT naming the variable', async () => {
    const answer = await e2e.gql(`query($c: Carrier!) { shipment(carrier: $c, trackingNumber: "123456789013") { id } }`, { c: 'POSTAL_XYZ' });
    const error = expectRefusedBeforeUpstream(answer);
    expect(answer.status).toBe(400);
    expect(error.message).toContain('$c');
  });

  it('DARK_STORE has no tracking interface: BAD_USER_INPUT at carrier', async () => {
    const error = expectRefusedBeforeUpstream(await e2e.gql(`{ shipment(carrier: DARK_STORE, trackingNumber: "DS123") { id } }`));
    expect(error.extensions?.field).toBe('carrier');
  });

  it('an unknown Group A division is BAD_USER_INPUT at division', async () => {
    const error = expectRefusedBeforeUpstream(
      await e2e.gql(`{ shipment(carrier: GROUP_A, trackingNumber: "1234567893", division: "freight-by-zeppelin") { id } }`),
    );
    expect(error.extensions?.field).toBe('division');
    expect(e2e.sandbox.stats.groupAUnified.calls['GET /track/shipments'] ?? 0).toBe(0);
  });

  it(`more than ${CAP} numbers in one request (aliases plus a list) are refused as a whole`, async () => {
    const numbers = carrierBNumbers(CAP + 1, 100);
    const aliased = numbers.slice(0, 21);
    const listed = numbers.slice(21);
    const query = `query($i: [TrackInput!]!) {
      track(inputs: $i) { __typename }
      ${aliased.map((n, k) => `a${k}: shipment(carrier: CARRIER_B, trackingNumber: "${n}") { id }`).join('\n')}
    }`;
    const answer = await e2e.gql(query, { i: listed.map((trackingNumber) => ({ carrier: 'CARRIER_B', trackingNumber })) });
    const error = expectRefusedBeforeUpstream(answer);
    expect(error.message).toContain(`${CAP + 1}`);
    expect(error.message).toContain(`${CAP}`);
  });

  it(`exactly ${CAP} numbers are served`, async () => {
    const numbers = carrierBNumbers(CAP, 200);
    const answer = await e2e.gql(`query($i: [TrackInput!]!) { track(inputs: $i) { __typename } }`, {
      i: numbers.map((trackingNumber) => ({ carrier: 'CARRIER_B', trackingNumber })),
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.track).toHaveLength(CAP);
    expect(e2e.carrierBTrackCalls()).toBe(2);
  });
});

describe('bad upstream answers', () => {
  const TRACK = `query($i: [TrackInput!]!) { track(inputs: $i) {
    __typename ... on TrackingFailure { trackingNumber code upstream carrierErrorCode } } }`;
  const inputs = (numbers: readonly string[]) => ({ i: numbers.map((trackingNumber) => ({ carrier: 'CARRIER_B', trackingNumber })) });
  afterEach(() => e2e.sandbox.setFaults('carrierB', { malformedRate: 0, errorRate: 0 }));

  it('a malformed answer gives UPSTREAM_CONTRACT on its items, no crash, and the next query is served', async () => {
    e2e.sandbox.setFaults('carrierB', { malformedRate: 1 });
    const numbers = carrierBNumbers(3, 300);
    // Two calls: the seeded draw sends one truncated and one wrong-shaped answer or two of a kind; each is a contract failure.
    for (const batch of [numbers, carrierBNumbers(2, 310)]) {
      const answer = await e2e.gql(TRACK, inputs(batch));
      expect(answer.errors).toBeUndefined();
      expect(answer.data.track.map((o: any) => o.code)).toEqual(batch.map(() => 'UPSTREAM_CONTRACT'));
    }
    e2e.sandbox.setFaults('carrierB', { malformedRate: 0 });
    const next = await e2e.gql(TRACK, inputs(numbers));
    expect(next.data.track.map((o: any) => o.__typename)).toEqual(['TrackedShipments', 'TrackedShipments', 'TrackedShipments']);
  });

  it('a 500 from upstream is retried once and the lookup succeeds', async () => {
    e2e.sandbox.failNext('carrierB', { status: 500, count: 1 });
    const answer = await e2e.gql(TRACK, inputs(carrierBNumbers(2, 400)));
    expect(answer.data.track.map((o: any) => o.__typename)).toEqual(['TrackedShipments', 'TrackedShipments']);
    expect(e2e.carrierBTrackCalls()).toBe(2);
    expect(e2e.sandbox.stats.carrierB.responses['500']).toBe(1);
  });

  it('503 twice gives UPSTREAM_UNAVAILABLE on the items after one retry', async () => {
    e2e.sandbox.failNext('carrierB', { status: 503, count: 2, retryAfterSec: 0 });
    const answer = await e2e.gql(TRACK, inputs(carrierBNumbers(2, 500)));
    expect(answer.errors).toBeUndefined();
    expect(answer.data.track).toEqual([
      expect.objectContaining({ code: 'UPSTREAM_UNAVAILABLE', upstream: 'carrier-b', carrierErrorCode: 'SERVICE.UNAVAILABLE.ERROR' }),
      expect.objectContaining({ code: 'UPSTREAM_UNAVAILABLE', upstream: 'carrier-b', carrierErrorCode: 'SERVICE.UNAVAILABLE.ERROR' }),
    ]);
    expect(e2e.carrierBTrackCalls()).toBe(2);
  });
});
