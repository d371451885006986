/**
 * Issue 9 items 5 and 7 as the client sees them: a label's document is fetched over HTTP from its signed URL (a real
 * PDF with its content type; a forged or expired URL refused), `base64` only when asked, and a ground label is listed
 * by `untenderedLabels` until the end-of-day close tenders it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentLinks } from '../../src/services/shipping/document-links.js';
import { startE2E, type E2E } from '../e2e/support.js';
import { carrierBShipment, createShipment } from './support.js';

const SECRET = 'shipping-api-test-secret-0123456789abcdef';
let e2e: E2E;
let origin: string;
beforeAll(async () => {
  e2e = await startE2E({ env: { DOCUMENT_URL_SECRET: SECRET } });
  origin = e2e.server.url.replace(/\/graphql$/, '');
});
afterAll(async () => {
  await e2e?.close();
});

async function buyGroundLabel(key: string) {
  const answer = await createShipment(e2e, carrierBShipment(key));
  expect(answer.errors).toBeUndefined();
  expect(answer.data.createShipment.userErrors).toEqual([]);
  return answer.data.createShipment.purchase.label;
}

describe('documents', () => {
  it("the label's document URL answers a PDF over HTTP with content type application/pdf and the stored size", async () => {
    const label = await buyGroundLabel('doc-1');
    const document = label.documents.find((d: { kind: string }) => d.kind === 'LABEL');
    expect(document.url.startsWith(`${origin}/documents/`)).toBe(true);
    const response = await fetch(document.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(document.size);
  });

  it('base64 is the same bytes, and only when selected', async () => {
    const label = await buyGroundLabel('doc-2');
    // Every read of a document's bytes from the store (the server runs in this process, on this store object).
    const store = e2e.server.store;
    const contentReads: unknown[] = [];
    const original = store.query;
    const query = original.bind(store);
    store.query = ((text: string, params?: unknown[]) => {
      if (/\bcontent FROM documents\b/.test(text)) contentReads.push(params?.[0]);
      return query(text, params);
    }) as typeof store.query;
    try {
      // Not selected: no base64 in the answer, and the bytes are never read.
      const listed = await e2e.gql(`query($id: ID!) { label(id: $id) { documents { id kind url size } } }`, { id: label.id });
      expect(listed.errors).toBeUndefined();
      expect(listed.data.label.documents.length).toBeGreaterThan(0);
      for (const d of listed.data.label.documents) expect(d).not.toHaveProperty('base64');
      expect(contentReads).toEqual([]);

      // Selected: each document's bytes read once, and they are the bytes its URL serves.
      const answer = await e2e.gql(`query($id: ID!) { label(id: $id) { documents { id kind url base64 } } }`, { id: label.id });
      expect(answer.errors).toBeUndefined();
      // The store reads by its own row id (`doc_<key>`); the API answers `Document:<key>`.
      expect(contentReads.sort()).toEqual(answer.data.label.documents.map((d: { id: string }) => d.id.replace(/^Document:/, 'doc_')).sort());
      const document = answer.data.label.documents.find((d: { kind: string }) => d.kind === 'LABEL');
      const fetched = Buffer.from(await (await fetch(document.url)).arrayBuffer());
      expect(Buffer.from(document.base64, 'base64').equals(fetched)).toBe(true);
    } finally {
      store.query = original;
    }
  });

  it('a forged signature is refused (403) and an expired URL we signed is refused (410)', async () => {
    const label = await buyGroundLabel('doc-3');
    const document = label.documents.find((d: { kind: string }) => d.kind === 'LABEL');
    const forged = new URL(document.url);
    const signature = forged.searchParams.get('signature')!;
    // The first character carries 6 bits of the HMAC, so changing it always changes the signature.
    forged.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
    expect((await fetch(forged)).status).toBe(403);
    // Signed with the server's secret an hour ago, for one second: ours, and expired.
    const past = new DocumentLinks({ secret: SECRET, ttlSeconds: 1, baseUrl: origin, now: () => Date.now() - 3_600_000 });
    expect((await fetch(past.sign(document.id.replace(/^Document:/, 'doc_')).url)).status).toBe(410);
  });
});

describe('tendering', () => {
  const UNTENDERED = `{ untenderedLabels(carrier: CARRIER_B) { edges { node { id tendered tenderBy } } } }`;

  it('a Carrier B ground label is listed by untenderedLabels until the end-of-day close, then tendered', async () => {
    const label = await buyGroundLabel('tender-1');
    expect(label).toMatchObject({ tendered: false, tenderBy: 'END_OF_DAY' });
    const before = await e2e.gql(UNTENDERED);
    expect(before.errors).toBeUndefined();
    expect(before.data.untenderedLabels.edges.map((e: { node: unknown }) => e.node)).toContainEqual({ id: label.id, tendered: false, tenderBy: 'END_OF_DAY' });

    const close = await e2e.gql(
      `mutation($input: TenderLabelsInput!) { tenderLabels(input: $input) { tender { id kind labels { id tendered } documents { kind contentType } } userErrors { field code message } } }`,
      { input: { carrier: 'CARRIER_B', idempotencyKey: 'close-day-1' } },
    );
    expect(close.errors).toBeUndefined();
    expect(close.data.tenderLabels.userErrors).toEqual([]);
    expect(close.data.tenderLabels.tender.kind).toBe('END_OF_DAY');
    expect(close.data.tenderLabels.tender.labels).toContainEqual({ id: label.id, tendered: true });

    const after = await e2e.gql(UNTENDERED);
    expect(after.data.untenderedLabels.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(label.id);
  });
});
