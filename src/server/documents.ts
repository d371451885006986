import express from 'express';
import { DocumentExpiredError } from '../domain/errors.js';
import type { StoredDocument } from '../domain/shipping.js';
import type { Logger } from '../platform/logger.js';
import { DOCUMENTS_PATH, type DocumentLinks } from '../services/shipping/document-links.js';

/** Reads a stored document and its bytes by id; null when no document has this id. */
export type DocumentLookup = (id: string) => Promise<{ document: StoredDocument; content: Buffer } | null>;

export interface DocumentsRouterDeps {
  links: DocumentLinks;
  lookup: DocumentLookup;
  logger?: Pick<Logger, 'error'>;
}

/**
 * GET /documents/:id?expires=..&signature=.. (DESIGN.md "Shipping, documents and tendering"): the bytes of a stored
 * document behind a signed, expiring URL. 403 for a missing or bad signature (checked before anything is read, so an
 * unsigned request cannot probe which ids exist), 410 for a URL we signed that has expired or a document whose bytes
 * retention removed (each saying which), 404 for a validly signed
 * id with no document, otherwise the bytes with their stored content type.
 */
export function documentsRouter(deps: DocumentsRouterDeps): express.Router {
  const router = express.Router();
  router.get(`${DOCUMENTS_PATH}/:id`, async (req, res) => {
    // Bodies here are short texts: the answer must never be cached or sniffed as something else.
    res.set('Cache-Control', 'no-store').set('X-Content-Type-Options', 'nosniff');
    const id = req.params.id;
    const check = deps.links.verify(id, req.query['expires'], req.query['signature']);
    if (!check.ok) {
      if (check.reason === 'EXPIRED') res.status(410).type('text/plain').send('This document link has expired; ask for a new one.');
      else res.status(403).type('text/plain').send('This document link is not valid.');
      return;
    }
    let found: Awaited<ReturnType<DocumentLookup>>;
    try {
      found = await deps.lookup(id);
    } catch (error) {
      if (error instanceof DocumentExpiredError) {
        // Retention removed the bytes: gone for good (410), said apart from an expired link, never a 404.
        res.status(410).type('text/plain').send(`This document's content expired and was removed on ${error.expiredAt.toISOString()} (retention); the document record and its label remain.`);
        return;
      }
      deps.logger?.error({ err: error, documentId: id }, 'document lookup failed');
      res.status(503).type('text/plain').send('The document cannot be read right now.');
      return;
    }
    if (!found) {
      res.status(404).type('text/plain').send('No document has this id.');
      return;
    }
    const { document, content } = found;
    res
      .status(200)
      .set('Content-Type', document.contentType)
      .set('Content-Length', String(content.length))
      .set('Content-Disposition', `inline; filename="${fileName(document)}"`)
      // The URL is the credential and dies at its expiry: a cache (the browser's only) may keep it until then.
      .set('Cache-Control', `private, max-age=${deps.links.remainingSeconds(check.expiresAt)}`)
      .end(content);
  });
  return router;
}

/** `label-doc_abc.pdf`: the kind and id, and the format as extension; only characters safe in a quoted header value. */
function fileName(document: StoredDocument): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${safe(document.kind.toLowerCase())}-${safe(document.id)}.${safe(document.format.toLowerCase())}`;
}
