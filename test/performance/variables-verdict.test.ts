/**
 * The limit checks of an operation with variables (a shipment by `$n`, a rate shop by `$input`) ran in full on every
 * request. When no variable reaches what they count (a page size, a counted list or id, @skip/@include), every
 * request of the document selects the same fields with the same sizes, so its pass is remembered; a variable that does
 * reach one keeps the document judged on each request's values. Over HTTP: the verdicts; on the checks themselves:
 * that a remembered pass does not walk the document again.
 */
import { parse, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationChecks } from '../../src/graphql/armor.js';
import { buildSchema } from '../../src/server/schema.js';
import { carrierBNumbers, startE2E, type E2E } from '../e2e/support.js';

const MAX_NUMBERS = 2;
const SHIPMENT = 'query One($n: String!) { shipment(carrier: CARRIER_B, trackingNumber: $n) { trackingNumber } }';
/** Three lookups when `$all` holds, one otherwise: the directive's variable decides what the budget counts. */
const SWITCHED = `query Switched($n: String!, $all: Boolean!) {
  a: shipment(carrier: CARRIER_B, trackingNumber: $n) { trackingNumber }
  b: shipment(carrier: CARRIER_B, trackingNumber: $n) @include(if: $all) { trackingNumber }
  c: shipment(carrier: CARRIER_B, trackingNumber: $n) @include(if: $all) { trackingNumber }
}`;
const LISTED = 'query Listed($i: [TrackInput!]!) { track(inputs: $i) { __typename } }';

describe('operations with variables over HTTP (MAX_TRACKING_NUMBERS_PER_REQUEST=2)', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E({ env: { MAX_TRACKING_NUMBERS_PER_REQUEST: String(MAX_NUMBERS) } });
  }, 120_000);
  afterAll(async () => e2e?.close());

  it('a document whose variables size nothing passes on every request, whatever number each asks for', async () => {
    for (const n of carrierBNumbers(3, 31_000)) {
      const answer = await e2e.gql(SHIPMENT, { n });
      expect(answer.errors).toBeUndefined();
      expect(answer.data.shipment.trackingNumber).toBe(n);
    }
  });

  it('a variable in @include keeps the document judged on each request: one lookup passes, three are refused, one passes again', async () => {
    const [n] = carrierBNumbers(1, 31_100) as [string];
    expect((await e2e.gql(SWITCHED, { n, all: false })).errors).toBeUndefined();
    const refused = await e2e.gql(SWITCHED, { n, all: true });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 'MAX_TRACKING_NUMBERS_PER_REQUEST' });
    expect((await e2e.gql(SWITCHED, { n, all: false })).errors).toBeUndefined();
  });

  it('a variable holding the tracked list keeps the document judged on each request: two numbers pass, three are refused', async () => {
    const inputs = carrierBNumbers(3, 31_200).map((trackingNumber) => ({ carrier: 'CARRIER_B', trackingNumber }));
    expect((await e2e.gql(LISTED, { i: inputs.slice(0, 2) })).errors).toBeUndefined();
    const refused = await e2e.gql(LISTED, { i: inputs });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', limit: 'MAX_TRACKING_NUMBERS_PER_REQUEST' });
  });
});

/** The document with its definitions counted each time a check reads them (every walk starts there). */
function counted(source: string): { document: DocumentNode; operation: OperationDefinitionNode; reads: () => number } {
  const parsed = parse(source);
  let reads = 0;
  const document = { ...parsed, get definitions() { reads++; return parsed.definitions; } } as DocumentNode;
  return { document, operation: parsed.definitions[0] as OperationDefinitionNode, reads: () => reads };
}

describe('the checks themselves', () => {
  const schema = buildSchema();
  const limits = { maxDepth: 10, maxAliases: 10, maxTokens: 1000, maxCost: 5000, maxPageSize: 50, maxTrackingNumbers: MAX_NUMBERS };

  it("a remembered pass of a shipment by $n answers the next request's check without walking the document again", () => {
    const checks = new OperationChecks(limits);
    const { document, operation, reads } = counted(SHIPMENT);
    expect(checks.check(schema, document, operation, { n: '100000000013' })).toBeNull();
    const walked = reads();
    expect(walked).toBeGreaterThan(0);
    expect(checks.check(schema, document, operation, { n: '100000000023' })).toBeNull();
    expect(reads()).toBe(walked);
  });

  it('a pass found with a variable missing is not remembered: the next request is walked again', () => {
    const checks = new OperationChecks(limits);
    const { document, operation, reads } = counted(SHIPMENT);
    checks.check(schema, document, operation, {});
    const walked = reads();
    checks.check(schema, document, operation, { n: '100000000013' });
    expect(reads()).toBeGreaterThan(walked);
  });
});
