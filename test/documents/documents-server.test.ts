import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentLinks } from '../../src/services/shipping/document-links.js';
import { startE2E, type E2E } from '../e2e/support.js';

const ROUTER_SECRET = 'router-shared-secret-for-this-test';
const DOCUMENT_SECRET = 'document-url-secret-for-this-server-test';

/**
 * /documents/{id} on the real server: mounted beside /graphql, and NOT behind the router's shared secret (document
 * URLs go to browsers and label printers that never pass through the router; the URL's signature is the credential).
 */
describe('/documents/{id} on the server', () => {
  let e2e: E2E;
  let origin: string;
  beforeAll(async () => {
    e2e = await startE2E({ env: { ROUTER_SHARED_SECRET: ROUTER_SECRET, DOCUMENT_URL_SECRET: DOCUMENT_SECRET } });
    origin = e2e.server.url.replace(/\/graphql$/, '');
  });
  afterAll(async () => {
    await e2e.close();
  });

  it('/graphql without the router secret is refused, while /documents answers by its own signature rule', async () => {
    const graphql = await fetch(e2e.server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    expect(graphql.status).toBe(401);
    // Unsigned: the documents route's own 403, not the router secret's 401.
    const unsigned = await fetch(`${origin}/documents/doc_nothing_here`);
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a URL signed with DOCUMENT_URL_SECRET passes without the router secret and reaches the document lookup', async () => {
    const links = new DocumentLinks({ secret: DOCUMENT_SECRET, ttlSeconds: 60, baseUrl: origin });
    const signed = await fetch(links.sign('doc_nothing_here').url);
    // Past both gates (neither the router secret's 401 nor the signature's 403): the store knows no such id.
    expect(signed.status).toBe(404);
    const foreign = new DocumentLinks({ secret: 'another-secret-another-secret-another', ttlSeconds: 60, baseUrl: origin });
    expect((await fetch(foreign.sign('doc_nothing_here').url)).status).toBe(403);
  });
});
