/**
 * A request has one deadline across its upstream calls (REQUEST_DEADLINE_MS): lookups still waiting for a slow carrier
 * when it passes fail alone with UPSTREAM_DEADLINE_EXCEEDED naming the limit; what answered in time stands. On HTTP and
 * on graphql-ws. The slow carrier is the Carrier B simulator with added latency, over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';
import { wsClient, wsExecute } from './support.js';

const DEADLINE_MS = 800;
// Four times the deadline (far beyond it), well inside the upstream client's own timeouts (15 s): only the deadline can end
// the wait. The ratio is what is tested; a longer latency only makes the run wait for the carrier's late answers.
const CARRIER_B_LATENCY_MS = 4 * DEADLINE_MS;

let e2e: E2E;
// A generous hook timeout: starting the sandbox and the server takes most of it on a busy machine.
beforeAll(async () => {
  e2e = await startE2E({
    env: { REQUEST_DEADLINE_MS: String(DEADLINE_MS) },
    sandbox: { faults: { carrierB: { latencyMs: CARRIER_B_LATENCY_MS } } },
  });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});

const EXPRESS_NUMBER = '1234567893';

describe('the request deadline (REQUEST_DEADLINE_MS)', () => {
  it('Carrier B lookups still waiting when the deadline passes fail with UPSTREAM_DEADLINE_EXCEEDED; the express lookup that answered stands', async () => {
    const numbers = carrierBNumbers(3, 200);
    const answer = await e2e.gql(`query($i: [TrackInput!]!) { track(inputs: $i) {
      __typename
      ... on TrackedShipments { trackingNumber shipments { id } }
      ... on TrackingFailure { trackingNumber code message upstream }
    } }`, {
      i: [
        ...numbers.map((trackingNumber) => ({ carrier: 'CARRIER_B', trackingNumber })),
        { carrier: 'GROUP_A', trackingNumber: EXPRESS_NUMBER, division: 'express' },
      ],
    });
    expect(answer.errors).toBeUndefined();
    const outcomes = answer.data.track as Array<Record<string, any>>;
    for (const outcome of outcomes.slice(0, 3)) {
      expect(outcome).toMatchObject({ __typename: 'TrackingFailure', code: 'UPSTREAM_DEADLINE_EXCEEDED', upstream: 'carrier-b' });
      expect(outcome.message).toContain('REQUEST_DEADLINE_MS');
    }
    expect(outcomes[3]).toMatchObject({ __typename: 'TrackedShipments', trackingNumber: EXPRESS_NUMBER });
  });

  it('a single shipment past the deadline is a GraphQL error UPSTREAM_DEADLINE_EXCEEDED with extensions.limit REQUEST_DEADLINE_MS', async () => {
    const [number] = carrierBNumbers(1, 300) as [string];
    const answer = await e2e.gql(`{ shipment(carrier: CARRIER_B, trackingNumber: "${number}") { id } }`);
    expect(answer.data).toEqual({ shipment: null });
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_DEADLINE_EXCEEDED', limit: 'REQUEST_DEADLINE_MS', upstream: 'carrier-b' });
  });

  it('50 concurrent requests on the slow carrier are each answered with the deadline failure, none waits for the carrier', async () => {
    const answers = await Promise.all(
      carrierBNumbers(50, 400).map((number) => e2e.gql(`{ shipment(carrier: CARRIER_B, trackingNumber: "${number}") { id } }`)),
    );
    expect(answers.map((a) => a.errors?.[0]?.extensions?.code)).toEqual(Array(50).fill('UPSTREAM_DEADLINE_EXCEEDED'));
  });

  it('a query over graphql-ws has the same deadline', async () => {
    const client = wsClient(e2e.server.url);
    try {
      const [number] = carrierBNumbers(1, 500) as [string];
      const answer = await wsExecute(client, `{ shipment(carrier: CARRIER_B, trackingNumber: "${number}") { id } }`);
      expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_DEADLINE_EXCEEDED', limit: 'REQUEST_DEADLINE_MS' });
    } finally {
      await client.dispose();
    }
  });
});
