/**
 * Issue 12 item 2, "validate and map only what the unified model reads" (docs/assumptions.md PC1-PC2): a track
 * result is checked member by member as far as the mapping reads it. A wrong type in a member the unified model is
 * built from still fails that number alone with UPSTREAM_CONTRACT (naming the member); odd shapes in members nothing
 * reads (`ancillaryDetails`, `packagingDescription`, `dimensions`, members beyond the seed's list) no longer fail a
 * number whose shipment does not depend on them. Through real HTTP: a local Carrier B answering a crafted track answer.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierBConnector } from '../../../src/carriers/carrier-b/connector.js';
import type { TrackOutcome } from '../../../src/domain/tracking.js';
import { testCarrierBConnector } from '../../support/carrier-b-connector.js';
import { trackRequest } from '../../support/track-request.js';

type Json = Record<string, unknown>;
const fixture = JSON.parse(readFileSync(new URL('../../fixtures/carrier-b/track-delivered.json', import.meta.url), 'utf8')) as {
  output: { completeTrackResults: Array<{ trackResults: Json[] }> };
};
const TEMPLATE = fixture.output.completeTrackResults[0]!.trackResults[0]!;

/** The recorded delivered result, re-numbered, with `change` applied to a deep copy. */
function result(number: string, change: (r: Json) => void = () => {}): Json {
  const copy = structuredClone(TEMPLATE);
  copy['trackingNumberInfo'] = { trackingNumber: number, trackingNumberUniqueId: `12029~${number}~CBXE`, carrierCode: 'CBXE' };
  change(copy);
  return copy;
}
const member = (r: Json, key: string) => r[key] as Json;

/** What the local Carrier B answers for each number. */
const ANSWERS: Record<string, Json> = {
  '100000000011': result('100000000011'),
  // Members the unified model reads, with the wrong type.
  '100000000029': result('100000000029', (r) => {
    member(r, 'latestStatusDetail')['derivedCode'] = 42;
  }),
  '100000000037': result('100000000037', (r) => {
    r['dateAndTimes'] = 'yesterday';
  }),
  '100000000045': result('100000000045', (r) => {
    member(r, 'packageDetails')['declaredValue'] = { currency: 'USD', value: { amount: 1 } };
  }),
  // Members nothing reads, in shapes the seed never showed.
  '100000000052': result('100000000052', (r) => {
    member(r, 'latestStatusDetail')['ancillaryDetails'] = 'n/a';
    member(r, 'packageDetails')['packagingDescription'] = 7;
    (member(member(r, 'packageDetails'), 'weightAndDimensions'))['dimensions'] = 'big';
    r['additionalTrackingInfo'] = 12;
  }),
};

let server: Server;
let connector: CarrierBConnector;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/oauth/token') {
        response.end(JSON.stringify({ access_token: 'token', token_type: 'bearer', expires_in: 3600, scope: 'CXS' }));
        return;
      }
      const asked = (JSON.parse(body) as { trackingInfo: Array<{ trackingNumberInfo: { trackingNumber: string } }> }).trackingInfo;
      response.end(
        JSON.stringify({
          transactionId: 'tx-1',
          output: {
            completeTrackResults: asked.map(({ trackingNumberInfo: { trackingNumber } }) => ({
              trackingNumber,
              trackResults: [ANSWERS[trackingNumber]],
            })),
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const config = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId: 'id',
    clientSecret: 'secret',
    accountNumber: '123456789',
    locale: null,
  };
  connector = testCarrierBConnector(config);
});

afterAll(async () => {
  await connector?.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function summary(outcome: TrackOutcome): string {
  return outcome.ok ? 'ok' : `${outcome.error.code}: ${outcome.error.message}`;
}

describe('Carrier B track results are validated as far as the unified model reads them (PC1-PC2)', () => {
  it('a wrong type in a member the model reads fails only that number with UPSTREAM_CONTRACT naming the member; unread members do not fail it', async () => {
    const numbers = Object.keys(ANSWERS);
    const outcomes = await connector.track(numbers.map((number) => trackRequest('CARRIER_B', number, { includeEvents: true })));
    const byNumber = Object.fromEntries(numbers.map((number, i) => [number, summary(outcomes[i]!)]));
    expect(byNumber['100000000011']).toBe('ok');
    expect(byNumber['100000000029']).toMatch(/^UPSTREAM_CONTRACT: carrier-b track 100000000029: .*latestStatusDetail\.derivedCode/);
    expect(byNumber['100000000037']).toMatch(/^UPSTREAM_CONTRACT: carrier-b track 100000000037: .*dateAndTimes/);
    expect(byNumber['100000000045']).toMatch(/^UPSTREAM_CONTRACT: carrier-b track 100000000045: .*packageDetails\.declaredValue\.value/);
    expect(byNumber['100000000052']).toBe('ok');
    const failed = outcomes.filter((o) => !o.ok);
    expect(failed.map((o) => !o.ok && o.error.transactionId)).toEqual(['tx-1', 'tx-1', 'tx-1']);
  });

  it('a result whose unread members are odd maps to the same shipment as the clean one', async () => {
    const [clean, odd] = await connector.track([
      trackRequest('CARRIER_B', '100000000011', { includeEvents: true }),
      trackRequest('CARRIER_B', '100000000052', { includeEvents: true }),
    ]);
    if (!clean?.ok || !odd?.ok) throw new Error(`expected both found: ${clean && summary(clean)}, ${odd && summary(odd)}`);
    const withoutNumber = (s: (typeof clean.shipments)[number]) => ({ ...s, id: null, trackingNumber: null, carrierUniqueId: null });
    expect(odd.shipments.map(withoutNumber)).toEqual(clean.shipments.map(withoutNumber));
    expect(clean.shipments[0]).toMatchObject({ status: { status: 'DELIVERED' }, pieceCount: 3, declaredValue: { amount: '56.8', currency: 'USD' } });
  });
});
