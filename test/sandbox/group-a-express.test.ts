import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth, getJson, LOCAL_DATE_TIME, startTestSandbox, type TestSandbox } from './support.js';

let t: TestSandbox;
const trackingUrl = (number: string, prefix = '/expressapi/test') =>
  `${t.sandbox.urls.groupAExpress}${prefix}/tracking?shipmentTrackingNumber=${number}`;

beforeAll(async () => {
  t = await startTestSandbox({ expressTestDailyQuota: 1000 });
});
afterAll(() => t.sandbox.close());

describe('Group A express sandbox', () => {
  it('accepts HTTP Basic sent pre-emptively, under both /expressapi/test and /expressapi', async () => {
    for (const prefix of ['/expressapi/test', '/expressapi']) {
      const answer = await getJson(trackingUrl('1234567890', prefix), basicAuth(t.sandbox));
      expect(answer.status).toBe(200);
      expect(answer.body.shipments[0].shipmentTrackingNumber).toBe('1234567890');
    }
  });

  it('answers 401 when Basic credentials are missing or wrong', async () => {
    const missing = await fetch(trackingUrl('1234567890'));
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/^Basic/);
    const wrong = await getJson(trackingUrl('1234567890'), { authorization: `Basic ${Buffer.from('x:y').toString('base64')}` });
    expect(wrong.status).toBe(401);
  });

  it('answers 404 for an unknown waybill (assumption X1), with title, detail and status', async () => {
    const answer = await getJson(trackingUrl('1234567404'), basicAuth(t.sandbox));
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: 404, title: expect.any(String), detail: expect.any(String) });
  });

  it('writes events as separate date, time and GMTOffset strings; OK means delivered, with signedBy', async () => {
    const [shipment] = (await getJson(trackingUrl('1234567890'), basicAuth(t.sandbox))).body.shipments;
    expect(shipment.status).toBe('delivered');
    for (const event of shipment.events) {
      expect(event.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(event.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      expect(event.GMTOffset).toMatch(/^[+-]\d{2}:\d{2}$/);
      expect(event.serviceArea[0].code).toMatch(/^[A-Z]{3}$/);
    }
    const last = shipment.events.at(-1);
    expect(last.typeCode).toBe('OK');
    expect(last.signedBy).toEqual(expect.any(String));
    // The three parts recombine into one instant.
    expect(Number.isNaN(Date.parse(`${last.date}T${last.time}${last.GMTOffset}`))).toBe(false);
    expect(shipment.shipmentTimestamp).toMatch(LOCAL_DATE_TIME);
  });

  it('lists pieces with their own events (date, time, typeCode, description) and the CU shipper reference', async () => {
    const [shipment] = (await getJson(trackingUrl('1234567893'), basicAuth(t.sandbox))).body.shipments;
    expect(shipment.pieces).toHaveLength(shipment.numberOfPieces);
    for (const piece of shipment.pieces) {
      expect(piece).toMatchObject({ typeCode: '2BP', shipmentTrackingNumber: '1234567893', trackingNumber: expect.stringMatching(/^JD01/) });
      expect(piece.events).toHaveLength(shipment.events.length);
      for (const event of piece.events) expect(Object.keys(event).sort()).toEqual(['date', 'description', 'time', 'typeCode']);
    }
    expect(shipment.shipperReferences).toEqual([{ value: expect.stringMatching(/^ORDER-/), typeCode: 'CU' }]);
    expect(shipment.unitOfMeasurements).toBe('metric');
  });

  it('carries warnings[] in an otherwise successful answer for a number ending 77, and none otherwise', async () => {
    const warned = await getJson(trackingUrl('1234567877'), basicAuth(t.sandbox));
    expect(warned.status).toBe(200);
    expect(warned.body.warnings).toEqual([expect.any(String)]);
    expect(warned.body.shipments).toHaveLength(1);
    expect((await getJson(trackingUrl('1234567890'), basicAuth(t.sandbox))).body).not.toHaveProperty('warnings');
  });

  it('enforces the test quota on /expressapi/test only (the seed: 500 service invocations per day)', async () => {
    const quota = await startTestSandbox({ expressTestDailyQuota: 2 });
    try {
      const url = (prefix: string) => `${quota.sandbox.urls.groupAExpress}${prefix}/tracking?shipmentTrackingNumber=1234567890`;
      const auth = basicAuth(quota.sandbox);
      expect((await getJson(url('/expressapi/test'), auth)).status).toBe(200);
      expect((await getJson(url('/expressapi/test'), auth)).status).toBe(200);
      const refused = await getJson(url('/expressapi/test'), auth);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await getJson(url('/expressapi'), auth)).status).toBe(200);
    } finally {
      await quota.sandbox.close();
    }
  });
});
