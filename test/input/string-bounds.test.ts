/**
 * DESIGN.md, "Errors": "input errors are BAD_USER_INPUT with the field path, found before any upstream call". Every
 * string argument has bounds and a character set (src/domain/text-bounds.ts): a NUL byte or a 10 KB value is refused
 * naming the field, before any upstream call or write, and is never echoed back. Real HTTP (and graphql-ws) to the
 * whole server, every carrier in the sandbox.
 *
 * Mutations answer refusals as `userErrors` (DESIGN.md mutation convention), queries as GraphQL errors; `refusal()`
 * reads either, so these rules hold whichever shape a field has.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startE2E, type E2E, type GraphQLAnswer } from '../e2e/support.js';
import { subscribe, wsClient } from '../realtime/support.js';
import { waitFor } from '../support/wait-for.js';

const NUL = '\u0000';
const TEN_KB = 'A'.repeat(10 * 1024);

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});
beforeEach(() => e2e.sandbox.resetStats());

interface Refusal {
  code: unknown;
  field: string | undefined;
  message: string;
}

/** The refusal of `field` in an answer: its first userError, or its first GraphQL error. */
function refusal(answer: GraphQLAnswer, field: string): Refusal {
  const userError = answer.data?.[field]?.userErrors?.[0] as { code: string; field: string[] | null; message: string } | undefined;
  if (userError) return { code: userError.code, field: userError.field?.join('.'), message: userError.message };
  const error = answer.errors?.[0];
  if (!error) throw new Error(`no refusal in ${JSON.stringify(answer).slice(0, 300)}`);
  return { code: error.extensions?.code, field: error.extensions?.field as string | undefined, message: error.message };
}

const count = async (table: string) => {
  const { rows } = await e2e.server.store.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table}`);
  return Number(rows[0]?.n ?? 0);
};

/** Asserts a BAD_USER_INPUT refusal naming `path`, nothing asked upstream, the bad value not echoed. */
function expectRefused(answer: GraphQLAnswer, field: string, path: string, value: string): void {
  const refused = refusal(answer, field);
  expect(refused.code).toBe('BAD_USER_INPUT');
  expect(refused.field).toBe(path);
  expect(e2e.upstreamBusinessCalls()).toBe(0);
  expect(JSON.stringify(answer)).not.toContain(value.length > 100 ? value.slice(0, 100) : JSON.stringify(value).slice(1, -1));
}

const STATUS_CHANGES = `query($filter: StatusChangeFilter!) { statusChanges(filter: $filter) { edges { cursor } } }`;
const TRACK = `query($i: [TrackInput!]!) { track(inputs: $i) { __typename } }`;
const WATCH = `mutation($input: WatchShipmentInput!) {
  watchShipment(input: $input) { watch { shipmentId } userErrors { field code message } }
}`;
const UNWATCH = `mutation($input: UnwatchShipmentInput!) {
  unwatchShipment(input: $input) { watch { shipmentId } userErrors { field code message } }
}`;
const CREATE_PUSH = `mutation($input: CreatePushSubscriptionInput!) {
  createPushSubscription(input: $input) { pushSubscription { id } userErrors { field code message } }
}`;
const DELETE_PUSH = `mutation($input: DeletePushSubscriptionInput!) {
  deletePushSubscription(input: $input) { pushSubscription { id } userErrors { field code message } }
}`;

describe('statusChanges and shipmentStatusChanged filters', () => {
  it('a NUL byte in filter.reference is BAD_USER_INPUT naming filter.reference', async () => {
    const answer = await e2e.gql(STATUS_CHANGES, { filter: { reference: `ORDER${NUL}1` } });
    expectRefused(answer, 'statusChanges', 'filter.reference', `ORDER${NUL}1`);
  });

  it('a 10 KB filter.reference is BAD_USER_INPUT naming filter.reference', async () => {
    expectRefused(await e2e.gql(STATUS_CHANGES, { filter: { reference: TEN_KB } }), 'statusChanges', 'filter.reference', TEN_KB);
  });

  it('a NUL byte in filter.trackingNumbers is BAD_USER_INPUT naming filter.trackingNumbers.<index>', async () => {
    const answer = await e2e.gql(STATUS_CHANGES, { filter: { trackingNumbers: ['123456789012', `1234${NUL}`] } });
    expectRefused(answer, 'statusChanges', 'filter.trackingNumbers.1', `1234${NUL}`);
  });

  it('over graphql-ws, a NUL byte in the subscription filter.reference is BAD_USER_INPUT naming filter.reference', async () => {
    const client = wsClient(e2e.server.url.replace(/^http/, 'ws'));
    try {
      const sub = subscribe(client, { filter: { reference: `ORDER${NUL}1` } });
      await waitFor(async () => sub.errors.length > 0 || sub.completed);
      expect(sub.errors[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(sub.errors[0]?.extensions?.field).toBe('filter.reference');
    } finally {
      await client.dispose();
    }
  });
});

describe('tracking queries', () => {
  it('a 10 KB carrierUniqueId in track is BAD_USER_INPUT naming inputs.0.carrierUniqueId, and nothing is sent upstream', async () => {
    const answer = await e2e.gql(TRACK, { i: [{ carrier: 'CARRIER_B', trackingNumber: '123456789012', carrierUniqueId: TEN_KB }] });
    expectRefused(answer, 'track', 'inputs.0.carrierUniqueId', TEN_KB);
  });

  it('a NUL byte in carrierCode in track is BAD_USER_INPUT naming inputs.0.carrierCode', async () => {
    const answer = await e2e.gql(TRACK, { i: [{ carrier: 'CARRIER_B', trackingNumber: '123456789012', carrierCode: `FDX${NUL}` }] });
    expectRefused(answer, 'track', 'inputs.0.carrierCode', `FDX${NUL}`);
  });

  it('a NUL byte in shipment(language:) is BAD_USER_INPUT naming language', async () => {
    const answer = await e2e.gql(`query($l: String) { shipment(carrier: GROUP_A, trackingNumber: "1234567890", language: $l) { id } }`, { l: `en${NUL}` });
    expectRefused(answer, 'shipment', 'language', `en${NUL}`);
  });

  it('a 10 KB division in shipment() is BAD_USER_INPUT naming division, and the value is not echoed', async () => {
    const answer = await e2e.gql(`query($d: String) { shipment(carrier: GROUP_A, trackingNumber: "1234567890", division: $d) { id } }`, { d: TEN_KB });
    expectRefused(answer, 'shipment', 'division', TEN_KB);
  });

  it('a NUL byte in shipmentsByReference input.value is BAD_USER_INPUT naming input.value', async () => {
    const answer = await e2e.gql(`query($input: ReferenceLookupInput!) { shipmentsByReference(input: $input) { edges { node { id } } } }`, {
      input: { carrier: 'CARRIER_B', value: `ORDER-1${NUL}` },
    });
    expectRefused(answer, 'shipmentsByReference', 'input.value', `ORDER-1${NUL}`);
  });

  it('a NUL byte in shipmentById(id:) is BAD_USER_INPUT naming id', async () => {
    const answer = await e2e.gql(`query($id: ID!) { shipmentById(id: $id) { id } }`, { id: `CARRIER_B:-:123456789012${NUL}` });
    expectRefused(answer, 'shipmentById', 'id', `123456789012${NUL}`);
  });
});

describe('mutations refuse before anything is stored or sent', () => {
  it.each([
    ['a NUL byte in carrierCode', 'carrierCode', `FDXG${NUL}`],
    ['a 10 KB carrierCode', 'carrierCode', TEN_KB],
    ['a NUL byte in carrierUniqueId', 'carrierUniqueId', `20520~123456789012~FDXG${NUL}`],
    ['a 10 KB carrierUniqueId', 'carrierUniqueId', TEN_KB],
  ])('watchShipment with %s is BAD_USER_INPUT naming input.%s, and no watch is stored', async (_label, member, value) => {
    const before = await count('shipment_watches');
    const answer = await e2e.gql(WATCH, { input: { carrier: 'CARRIER_B', trackingNumber: '123456789013', [member]: value } });
    expectRefused(answer, 'watchShipment', `input.${member}`, value);
    expect(await count('shipment_watches')).toBe(before);
  });

  it('unwatchShipment with a NUL byte in shipmentId is BAD_USER_INPUT naming input.shipmentId', async () => {
    const answer = await e2e.gql(UNWATCH, { input: { shipmentId: `CARRIER_B:-:123456789013${NUL}` } });
    expectRefused(answer, 'unwatchShipment', 'input.shipmentId', `123456789013${NUL}`);
  });

  it('deletePushSubscription with a NUL byte in id is BAD_USER_INPUT naming input.id', async () => {
    const answer = await e2e.gql(DELETE_PUSH, { input: { id: `push_${NUL}` } });
    expectRefused(answer, 'deletePushSubscription', 'input.id', `push_${NUL}`);
  });

  it('createPushSubscription with a 10 KB division is BAD_USER_INPUT naming input.division, and nothing is stored', async () => {
    const before = await count('push_subscriptions');
    const answer = await e2e.gql(CREATE_PUSH, { input: { scope: 'TRACKING_NUMBER', subject: '1234567890', division: TEN_KB } });
    expectRefused(answer, 'createPushSubscription', 'input.division', TEN_KB);
    expect(await count('push_subscriptions')).toBe(before);
  });

  it('createPushSubscription with a NUL byte in subject is BAD_USER_INPUT naming input.subject', async () => {
    const answer = await e2e.gql(CREATE_PUSH, { input: { scope: 'CUSTOMER_ACCOUNT', subject: `ACME${NUL}` } });
    expectRefused(answer, 'createPushSubscription', 'input.subject', `ACME${NUL}`);
  });
});

describe('/graphql request bodies', () => {
  const post = (body: string) =>
    fetch(e2e.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('a malformed JSON body is a 400 JSON GraphQL error BAD_REQUEST, never an HTML page or a stack trace', async () => {
    const response = await post('{"query": "{ __typename }", ');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const text = await response.text();
    expect(text).not.toMatch(/<html|<pre>|\bat .+\.(js|ts):\d+/i);
    const body = JSON.parse(text) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('BAD_REQUEST');
    expect(body.errors[0]!.message).toMatch(/not valid JSON/);
  });

  it('a body over the size limit is a 413 JSON GraphQL error PAYLOAD_TOO_LARGE', async () => {
    const response = await post(JSON.stringify({ query: '{ __typename }', variables: { padding: 'x'.repeat(3 * 1024 * 1024) } }));
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await response.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
