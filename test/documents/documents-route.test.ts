import type { AddressInfo } from 'node:net';
import express from 'express';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredDocument } from '../../src/domain/shipping.js';
import { documentsRouter } from '../../src/server/documents.js';
import { DocumentLinks } from '../../src/services/shipping/document-links.js';

const SECRET = 'documents-route-test-secret-0123456789';

async function samplePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([288, 432]).drawText('TRACKING #: 9261299000000012345');
  return Buffer.from(await pdf.save());
}

function stored(id: string, content: Buffer, overrides: Partial<StoredDocument> = {}): { document: StoredDocument; content: Buffer } {
  return {
    document: {
      id,
      labelId: 'Label:00000000-0000-4000-8000-000000000001',
      tenderId: null,
      kind: 'LABEL',
      nativeType: 'label',
      format: 'PDF',
      contentType: 'application/pdf',
      size: content.length,
      pieceTrackingNumber: null,
      createdAt: new Date(),
      ...overrides,
    },
    content,
  };
}

/** A tiny express app with the documents router and a fake lookup, over real HTTP on a free loopback port. */
describe('GET /documents/:id behind signed URLs', () => {
  const clock = { ms: Date.now() };
  let origin = '';
  let server: ReturnType<express.Express['listen']>;
  let links: DocumentLinks;
  let pdf: Buffer;
  const documents = new Map<string, { document: StoredDocument; content: Buffer }>();
  const lookups: string[] = [];

  beforeAll(async () => {
    pdf = await samplePdf();
    documents.set('doc_label1', stored('doc_label1', pdf));
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    documents.set('doc_png1', stored('doc_png1', png, { kind: 'MANIFEST', format: 'PNG', contentType: 'image/png', nativeType: null }));
    links = new DocumentLinks({ secret: SECRET, ttlSeconds: 900, baseUrl: () => origin, now: () => clock.ms });
    const app = express();
    app.use(
      documentsRouter({
        links,
        lookup: async (id) => {
          lookups.push(id);
          return documents.get(id) ?? null;
        },
      }),
    );
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a signed URL serves the PDF byte-identical, with its content type, length, inline file name, nosniff and private caching', async () => {
    const response = await fetch(links.sign('doc_label1').url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe(String(pdf.length));
    expect(response.headers.get('content-disposition')).toBe('inline; filename="label-doc_label1.pdf"');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=(899|900)$/);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(pdf)).toBe(true);
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('a PNG document is served as image/png', async () => {
    const response = await fetch(links.sign('doc_png1').url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="manifest-doc_png1.png"');
  });

  it('max-age is what remains of the URL\'s life', async () => {
    const url = links.sign('doc_label1').url;
    clock.ms += 600_000;
    try {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toMatch(/^private, max-age=(299|300)$/);
    } finally {
      clock.ms -= 600_000;
    }
  });

  it('a missing signature is 403 and reads nothing', async () => {
    const before = lookups.length;
    const response = await fetch(`${origin}/documents/doc_label1`);
    expect(response.status).toBe(403);
    expect(lookups.length).toBe(before);
  });

  it('a tampered id or expiry is 403', async () => {
    const url = new URL(links.sign('doc_label1').url);
    const otherId = new URL(url.toString().replace('/documents/doc_label1', '/documents/doc_png1'));
    expect((await fetch(otherId)).status).toBe(403);
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 60));
    const response = await fetch(url);
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).not.toBe('application/pdf');
  });

  it('an expired URL is 410', async () => {
    const url = links.sign('doc_label1').url;
    clock.ms += 901_000;
    try {
      const response = await fetch(url);
      expect(response.status).toBe(410);
      expect(response.headers.get('cache-control')).toBe('no-store');
    } finally {
      clock.ms -= 901_000;
    }
  });

  it('a validly signed id with no document is 404', async () => {
    const response = await fetch(links.sign('doc_unknown').url);
    expect(response.status).toBe(404);
  });
});
