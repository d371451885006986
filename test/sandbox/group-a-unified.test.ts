import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { basicAuth, getJson, LOCAL_DATE_TIME, startTestSandbox, type TestSandbox } from './support.js';

let t: TestSandbox;
const key = () => ({ 'Carrier-API-Key': t.sandbox.credentials.groupAUnified.apiKey });
const maskedKey = () => ({ 'Carrier-API-Key': t.sandbox.credentials.groupAUnified.maskedApiKey });
const shipments = (query: string, headers: Record<string, string> = key()) => getJson(`${t.sandbox.urls.groupAUnified}/shipments?${query}`, headers);
const PROBLEM_MEMBERS = ['detail', 'instance', 'status', 'title', 'type'];

beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.sandbox.close());
beforeEach(() => t.clock.set('2026-03-10T12:00:00Z'));

describe('Group A unified sandbox: problem details', () => {
  it('answers 401 problem+json when the key is missing or misstated', async () => {
    for (const headers of [{}, { 'Carrier-API-Key': 'not-a-key' }] as Array<Record<string, string>>) {
      const answer = await shipments('trackingNumber=1234567890', headers);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expect(Object.keys(answer.body).sort()).toEqual(PROBLEM_MEMBERS);
      expect(answer.body.status).toBe(401);
    }
  });

  it('answers 404 problem for an unknown number', async () => {
    const answer = await shipments('trackingNumber=1234567404');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ status: 404, instance: '/track/shipments?trackingNumber=1234567404' });
  });

  it('answers 400 problem when trackingNumber is missing', async () => {
    expect((await shipments('service=express')).status).toBe(400);
  });
});

describe('Group A unified sandbox: quota', () => {
  it('answers 429 with Retry-After inside the minimum interval, and serves again after it', async () => {
    const quota = await startTestSandbox({ unifiedQuota: { minIntervalMs: 5000, dailyQuota: 250 } });
    try {
      const url = `${quota.sandbox.urls.groupAUnified}/shipments?trackingNumber=1234567890`;
      const headers = { 'Carrier-API-Key': quota.sandbox.credentials.groupAUnified.apiKey };
      expect((await getJson(url, headers)).status).toBe(200);
      quota.wallClock.advance(1500);
      const refused = await getJson(url, headers);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('4');
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      // Another application key has its own quota.
      expect((await getJson(url, { 'Carrier-API-Key': quota.sandbox.credentials.groupAUnified.maskedApiKey })).status).toBe(200);
      quota.wallClock.advance(3500);
      expect((await getJson(url, headers)).status).toBe(200);
    } finally {
      await quota.sandbox.close();
    }
  });

  it('answers 429 once the daily quota is used, until the next UTC day', async () => {
    const quota = await startTestSandbox({ unifiedQuota: { minIntervalMs: 0, dailyQuota: 2 } });
    try {
      const url = `${quota.sandbox.urls.groupAUnified}/shipments?trackingNumber=1234567890`;
      const headers = { 'Carrier-API-Key': quota.sandbox.credentials.groupAUnified.apiKey };
      quota.wallClock.set('2026-03-10T23:00:00Z');
      expect((await getJson(url, headers)).status).toBe(200);
      expect((await getJson(url, headers)).status).toBe(200);
      const refused = await getJson(url, headers);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('3600');
      quota.wallClock.set('2026-03-11T00:00:01Z');
      expect((await getJson(url, headers)).status).toBe(200);
    } finally {
      await quota.sandbox.close();
    }
  });
});

describe('Group A unified sandbox: answer', () => {
  it('answers url, nextUrl and shipments with the five status codes and local date-times without offset', async () => {
    const answer = await shipments('trackingNumber=1234567893');
    expect(answer.status).toBe(200);
    expect(answer.body.url).toBe('/track/shipments?trackingNumber=1234567893');
    expect(answer.body.nextUrl).toBeNull();
    const [shipment] = answer.body.shipments;
    expect(shipment).toMatchObject({ id: '1234567893', service: 'express', returnFlag: false });
    expect(shipment.status.statusCode).toBe('transit');
    expect(shipment.status.timestamp).toMatch(LOCAL_DATE_TIME);
    expect(shipment.estimatedTimeOfDelivery).toMatch(LOCAL_DATE_TIME);
    for (const event of shipment.events) {
      expect(['pre-transit', 'transit', 'delivered', 'failure', 'unknown']).toContain(event.statusCode);
      expect(event.timestamp).toMatch(LOCAL_DATE_TIME);
      expect(event.pieceIds).toEqual(shipment.details.pieceIds);
    }
    expect(shipment.details.totalNumberOfPieces).toBe(shipment.details.pieceIds.length);
    expect(shipment.details.references).toContainEqual({ '@scope': 'public', number: expect.stringMatching(/^ORDER-/), type: 'customer-reference' });
  });

  it('gives a delivered shipment a proof of delivery whose document link serves a PDF', async () => {
    const [shipment] = (await shipments('trackingNumber=1234567890')).body.shipments;
    expect(shipment.status.statusCode).toBe('delivered');
    expect(shipment.details.proofOfDelivery.timestamp).toMatch(LOCAL_DATE_TIME);
    expect(shipment.details.proofOfDeliverySignedAvailable).toBe(true);
    const document = await fetch(shipment.details.proofOfDelivery.documentUrl);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    expect((await document.text()).startsWith('%PDF-')).toBe(true);
  });

  it('masks by key entitlement: postal-code policy keeps postal code, country and locality; names are absent', async () => {
    const full = (await shipments('trackingNumber=1234567890')).body.shipments[0];
    expect(full.destination.address.streetAddress).toEqual(expect.any(String));
    expect(full.destination.address).not.toHaveProperty('@policy');
    expect(full.details.receiver).toEqual({ '@type': 'Person', givenName: expect.any(String), familyName: expect.any(String) });
    const masked = (await shipments('trackingNumber=1234567890', maskedKey())).body.shipments[0];
    expect(Object.keys(masked.destination.address).sort()).toEqual(['@policy', 'addressLocality', 'countryCode', 'postalCode']);
    expect(masked.destination.address['@policy']).toBe('postal-code');
    expect(masked.destination.address.postalCode).toBe(full.destination.address.postalCode);
    expect(masked.details.receiver).not.toHaveProperty('givenName');
    expect(masked.details.receiver).not.toHaveProperty('familyName');
    expect(masked.details.receiver['@policy']).toEqual(expect.any(String));
  });

  it('localises the free-text status by language (en, de)', async () => {
    const en = (await shipments('trackingNumber=1234567890&language=en')).body.shipments[0];
    const de = (await shipments('trackingNumber=1234567890&language=de')).body.shipments[0];
    expect(en.status.status).toBe('Delivered');
    expect(de.status.status).toBe('Zugestellt');
    expect(de.status.statusCode).toBe('delivered');
  });

  it('pages an ambiguous number by offset and limit with nextUrl, and narrows it by service', async () => {
    const first = await shipments('trackingNumber=AMB10001&limit=2');
    expect(first.body.shipments.map((s: { service: string }) => s.service)).toEqual(['express', 'ecommerce']);
    expect(first.body.nextUrl).toBe('/track/shipments?trackingNumber=AMB10001&limit=2&offset=2');
    const second = await getJson(new URL(first.body.nextUrl, t.sandbox.urls.groupAUnified).toString(), key());
    expect(second.body.shipments.map((s: { service: string }) => s.service)).toEqual(['freight']);
    expect(second.body.nextUrl).toBeNull();
    const narrowed = await shipments('trackingNumber=AMB10001&service=ecommerce');
    expect(narrowed.body.shipments).toHaveLength(1);
    expect(narrowed.body.shipments[0].id).toBe('AMB10001');
    expect((await shipments('trackingNumber=AMB10002')).body.shipments).toHaveLength(2);
  });

  it('defaults limit to 5 and caps it at 10 (assumption U1)', async () => {
    const answer = await shipments('trackingNumber=AMB10001&limit=50');
    expect(answer.status).toBe(200);
    expect(answer.body.shipments).toHaveLength(3);
    expect((await shipments('trackingNumber=AMB10001&limit=0')).status).toBe(400);
  });

  it('shows more history as the sandbox clock moves on', async () => {
    const before = (await shipments('trackingNumber=1234567894')).body.shipments[0];
    t.clock.advance(3 * 24 * 3_600_000);
    const after = (await shipments('trackingNumber=1234567894')).body.shipments[0];
    expect(after.events.length).toBeGreaterThan(before.events.length);
    expect(after.status.statusCode).toBe('delivered');
  });

  it('shows an express number with the same history as the express interface', async () => {
    const unified = (await shipments('trackingNumber=1234567893')).body.shipments[0];
    const express = (await getJson(`${t.sandbox.urls.groupAExpress}/expressapi/test/tracking?shipmentTrackingNumber=1234567893`, basicAuth(t.sandbox))).body
      .shipments[0];
    const expressTimes = express.events.map((e: { date: string; time: string }) => `${e.date}T${e.time}`).reverse();
    expect(unified.events.map((e: { timestamp: string }) => e.timestamp)).toEqual(expressTimes);
    expect(unified.details.pieceIds).toEqual(express.pieces.map((p: { trackingNumber: string }) => p.trackingNumber));
  });

  it('resolves an e-commerce carrier id to the ecommerce service with its three identifiers as references', async () => {
    const [shipment] = (await shipments('trackingNumber=GM2026000011')).body.shipments;
    expect(shipment.service).toBe('ecommerce');
    const types = shipment.details.references.map((r: { type: string }) => r.type);
    expect(types).toEqual(['customer-reference', 'ecommerce-number', 'local-tracking-number']);
  });
});
