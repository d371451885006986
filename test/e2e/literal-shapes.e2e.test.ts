/**
 * Documents that differ only in argument literals (README query 1 with other numbers written in) share one compiled
 * query, which reads those literals as variables (src/graphql/literal-shape.ts). Over real HTTP, against a second
 * server that never compiles (GRAPHQL_COMPILED_QUERIES_MAX=0, graphql-js only) over the same simulated carriers: every
 * text's answer is graphql-js's byte for byte, data, errors, messages naming the number, paths and locations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrierBNumbers, startE2E, type E2E } from './support.js';

let compiled: E2E;
let interpreted: E2E;
beforeAll(async () => {
  [compiled, interpreted] = await Promise.all([startE2E(), startE2E({ env: { GRAPHQL_COMPILED_QUERIES_MAX: '0' } })]);
});
afterAll(async () => {
  await Promise.all([compiled?.close(), interpreted?.close()]);
});

async function raw(e2e: E2E, query: string): Promise<{ status: number; text: string }> {
  const response = await fetch(e2e.server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, text: await response.text() };
}

const readme = (delivered: string, delayed: string): string => `{
  delivered: shipment(carrier: CARRIER_B, trackingNumber: "${delivered}") {
    id status { status nativeCode nativeText } deliveredAt { instant }
    proofOfDelivery { signedBy } documentsAvailable { type }
    events { time { instant } status { status nativeCode } description location { address { locality countryCode } } }
  }
  delayed: shipment(carrier: CARRIER_B, trackingNumber: "${delayed}") { status { status } delay { status type subType } }
}`;

const partial = (known: string, unknown: string): string =>
  `{ known: shipment(carrier: CARRIER_B, trackingNumber: "${known}") { id carrierName } unknown: shipment(carrier: CARRIER_B, trackingNumber: "${unknown}") { id } }`;

describe('documents that differ only in their literals share a compiled query', () => {
  it('README query 1 with other numbers written in answers as graphql-js does, byte for byte', async () => {
    const texts = ['20000000001', '20000000002', '20000000003', '20000000004'].map((base) => readme(`${base}0`, `${base}6`));
    for (const text of [...texts, ...texts]) {
      const [ours, reference] = await Promise.all([raw(compiled, text), raw(interpreted, text)]);
      expect(JSON.parse(ours.text).errors).toBeUndefined();
      expect(ours).toEqual(reference);
    }
  });

  it('a partial answer names its own number, path and location in every text of the shape', async () => {
    const known = carrierBNumbers(4, 900);
    const texts = known.map((number, i) => partial(number, `99999999999${i}`));
    for (const text of [...texts, ...texts]) {
      const [ours, reference] = await Promise.all([raw(compiled, text), raw(interpreted, text)]);
      expect(JSON.parse(ours.text).errors).toHaveLength(1);
      expect(ours).toEqual(reference);
    }
  });
});
