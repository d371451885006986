/**
 * MAX_TRACKING_NUMBERS_PER_REQUEST counts the operation as executed — fragments expanded, variables resolved, every
 * alias, `_entities` representations — on HTTP and graphql-ws alike, and refuses before any upstream call.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';
import { wsClient, wsExecute } from './support.js';

const CAP = 5;
let e2e: E2E;
// A generous hook timeout: starting the sandbox and the server takes most of it on a busy machine.
beforeAll(async () => {
  e2e = await startE2E({ env: { MAX_TRACKING_NUMBERS_PER_REQUEST: String(CAP) } });
}, 120_000);
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

const aliased = (numbers: string[]) =>
  numbers.map((n, k) => `n${k}: shipment(carrier: CARRIER_B, trackingNumber: "${n}") { id }`).join('\n');

function expectBudgetRefusal(errors: Array<{ message: string; extensions?: Record<string, any> }> | undefined, asked: number): void {
  expect(errors).toHaveLength(1);
  expect(errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
  expect(errors![0]!.extensions?.limit).toBe('MAX_TRACKING_NUMBERS_PER_REQUEST');
  expect(errors![0]!.message).toContain(`${asked} tracking numbers`);
  expect(e2e.upstreamBusinessCalls()).toBe(0);
}

describe('the tracking-number budget counts the executed selection (HTTP)', () => {
  it('numbers asked inside an inline fragment count toward MAX_TRACKING_NUMBERS_PER_REQUEST', async () => {
    const answer = await e2e.gql(`{ ... on Query { ${aliased(carrierBNumbers(CAP + 1, 10))} } }`);
    expect(answer.status).toBe(400);
    expectBudgetRefusal(answer.errors, CAP + 1);
  });

  it('numbers asked inside a named fragment count, and a fragment spread under two aliases counts twice', async () => {
    const numbers = carrierBNumbers(3, 20);
    const answer = await e2e.gql(`{ a: track(inputs: [${numbers.map((n) => `{ carrier: CARRIER_B, trackingNumber: "${n}" }`).join(', ')}]) { ...Outcome } ...Two }
      fragment Two on Query { b: track(inputs: [${numbers.map((n) => `{ carrier: CARRIER_B, trackingNumber: "${n}" }`).join(', ')}]) { ...Outcome } }
      fragment Outcome on TrackOutcome { __typename }`);
    expectBudgetRefusal(answer.errors, 6);
  });

  it('track inputs given by a variable inside a fragment are counted with the variable resolved', async () => {
    const inputs = carrierBNumbers(CAP + 2, 30).map((trackingNumber) => ({ carrier: 'CARRIER_B', trackingNumber }));
    const answer = await e2e.gql(`query($i: [TrackInput!]!) { ...T } fragment T on Query { track(inputs: $i) { __typename } }`, { i: inputs });
    expectBudgetRefusal(answer.errors, CAP + 2);
  });

  it("track inputs given by a variable's own default value (the client sent none) are counted", async () => {
    const inputs = carrierBNumbers(CAP + 1, 35).map((n) => `{ carrier: CARRIER_B, trackingNumber: "${n}" }`);
    const answer = await e2e.gql(`query($i: [TrackInput!]! = [${inputs.join(', ')}]) { track(inputs: $i) { __typename } }`);
    expectBudgetRefusal(answer.errors, CAP + 1);
  });

  it('a page size given by a variable\'s own default is checked against MAX_PAGE_SIZE as if it were sent', async () => {
    const answer = await e2e.gql(`query($n: Int = 100000) { statusChanges(filter: { carriers: [CARRIER_B] }, first: $n) { edges { cursor } } }`);
    expect(answer.errors?.[0]?.extensions?.limit).toBe('MAX_PAGE_SIZE');
    expect(e2e.upstreamBusinessCalls()).toBe(0);
  });

  it('one track input sent by a variable where the list is expected counts as the list of one it becomes', async () => {
    const [number] = carrierBNumbers(1, 45);
    const answer = await e2e.gql(`query($i: [TrackInput!]!) { a: track(inputs: $i) { __typename } ${aliased(carrierBNumbers(CAP, 46))} }`, {
      i: { carrier: 'CARRIER_B', trackingNumber: number },
    });
    expectBudgetRefusal(answer.errors, CAP + 1);
  });

  it("the router's _entities representations count, also inside a fragment", async () => {
    const representations = carrierBNumbers(CAP + 1, 40).map((trackingNumber) => ({ __typename: 'Shipment', carrier: 'CARRIER_B', trackingNumber }));
    const answer = await e2e.gql(`query($r: [_Any!]!) { ...E } fragment E on Query { _entities(representations: $r) { ... on Shipment { id } } }`, {
      r: representations,
    });
    expectBudgetRefusal(answer.errors, CAP + 1);
  });

  it("a status change's shipment counts once per item of the page above it (first: 6 over a cap of 5)", async () => {
    const answer = await e2e.gql(`query($n: Int) { statusChanges(filter: { carriers: [CARRIER_B] }, first: $n) { edges { node { shipment { id } } } } }`, {
      n: CAP + 1,
    });
    expectBudgetRefusal(answer.errors, CAP + 1);
  });

  it('@skip(if: true) selections are not executed and not counted: exactly the cap through fragments is served', async () => {
    const numbers = carrierBNumbers(CAP, 50);
    const answer = await e2e.gql(`query($skip: Boolean!) { ...F extra: shipment(carrier: CARRIER_B, trackingNumber: "100000000993") @skip(if: $skip) { id } }
      fragment F on Query { ${aliased(numbers)} }`, { skip: true });
    expect(answer.errors).toBeUndefined();
    expect(Object.keys(answer.data)).toHaveLength(CAP);
  });
});

describe('the same budget over graphql-ws (queries sent over the socket are executed too)', () => {
  it('a query over graphql-ws asking for more than the cap is refused naming the limit, before any upstream call', async () => {
    const client = wsClient(e2e.server.url);
    try {
      const answer = await wsExecute(client, `{ ${aliased(carrierBNumbers(CAP + 1, 60))} }`);
      expectBudgetRefusal(answer.errors, CAP + 1);
      expect(answer.errors![0]!.extensions?.http).toBeUndefined();
    } finally {
      await client.dispose();
    }
  });

  it('a fragment over graphql-ws is counted as over HTTP', async () => {
    const client = wsClient(e2e.server.url);
    try {
      const answer = await wsExecute(client, `{ ...F } fragment F on Query { ${aliased(carrierBNumbers(CAP + 3, 70))} }`);
      expectBudgetRefusal(answer.errors, CAP + 3);
    } finally {
      await client.dispose();
    }
  });
});
