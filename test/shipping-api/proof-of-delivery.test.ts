/**
 * Issue 9 item 7, the unified interface's proof of delivery: `details.proofOfDelivery.documentUrl` ("tokenised link",
 * seed 000) is followed once, stored for the shipment and served at a signed URL like every document; a second ask
 * answers the stored copy without following the link again. A link off the tracking interface's origin is never
 * followed, and an answer that is not a document is UPSTREAM_CONTRACT.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UnifiedLinkedDocuments } from '../../src/carriers/group-a/unified/linked-documents.js';
import type { UpstreamClient } from '../../src/platform/http/upstream-client.js';
import { startE2E, type E2E } from '../e2e/support.js';

const DOCUMENT_ROUTE = 'GET /track/documents/{token}';
const POD = `query Pod($n: String!) {
  shipment(carrier: GROUP_A, trackingNumber: $n) {
    id status { status }
    proofOfDelivery { documentUrl document { id kind format contentType size url } }
  }
}`;

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

describe('the unified proof-of-delivery link', () => {
  it('is followed once, stored for the shipment and served at a signed URL as the PDF it is', async () => {
    e2e.sandbox.resetStats();
    // 1234567890: a delivered Group A shipment whose unified answer carries a proof of delivery (sandbox/README.md).
    const first = await e2e.gql(POD, { n: '1234567890' });
    expect(first.errors).toBeUndefined();
    const shipment = first.data.shipment;
    expect(shipment.status.status).toBe('DELIVERED');
    const document = shipment.proofOfDelivery.document;
    expect(document).toMatchObject({ kind: 'PROOF_OF_DELIVERY', format: 'PDF', contentType: 'application/pdf' });
    expect(e2e.sandbox.stats.groupAUnified.calls[DOCUMENT_ROUTE]).toBe(1);

    const response = await fetch(document.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(document.size);

    // Asked again: the stored copy, the link not followed again.
    const second = await e2e.gql(POD, { n: '1234567890' });
    expect(second.errors).toBeUndefined();
    expect(second.data.shipment.proofOfDelivery.document.id).toBe(document.id);
    expect(e2e.sandbox.stats.groupAUnified.calls[DOCUMENT_ROUTE]).toBe(1);
  });

  it('a shipment without a link has no document, and nothing is followed', async () => {
    e2e.sandbox.resetStats();
    // 1234567893: in transit (sandbox/README.md): no proof of delivery yet.
    const answer = await e2e.gql(POD, { n: '1234567893' });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.shipment.proofOfDelivery?.document ?? null).toBeNull();
    expect(e2e.sandbox.stats.groupAUnified.calls[DOCUMENT_ROUTE] ?? 0).toBe(0);
  });
});

describe('UnifiedLinkedDocuments (in process)', () => {
  const fakeClient = (answer: { contentType: string | null; bytes: Buffer }) => {
    const download = vi.fn(async () => answer);
    return { client: { download } as unknown as UpstreamClient, download };
  };

  it('never follows a link off the tracking interface\'s origin (no call, UPSTREAM_CONTRACT)', async () => {
    const { client, download } = fakeClient({ contentType: 'application/pdf', bytes: Buffer.from('%PDF-1.4') });
    const links = new UnifiedLinkedDocuments({ client, baseUrl: 'https://track.example/track' });
    expect(links.accepts('https://track.example/pod?token=abc')).toBe(true);
    expect(links.accepts('https://elsewhere.example/pod?token=abc')).toBe(false);
    expect(links.accepts('file:///etc/passwd')).toBe(false);
    await expect(links.fetchLinked('https://elsewhere.example/pod?token=abc', 'PROOF_OF_DELIVERY')).rejects.toMatchObject({ code: 'UPSTREAM_CONTRACT' });
    expect(download).not.toHaveBeenCalled();
  });

  it('a link answering something other than a document is UPSTREAM_CONTRACT, never stored as one', async () => {
    const { client } = fakeClient({ contentType: 'text/html; charset=utf-8', bytes: Buffer.from('<html>sign in</html>') });
    const links = new UnifiedLinkedDocuments({ client, baseUrl: 'https://track.example/track' });
    await expect(links.fetchLinked('https://track.example/pod?token=abc', 'PROOF_OF_DELIVERY')).rejects.toMatchObject({ code: 'UPSTREAM_CONTRACT' });
  });
});
