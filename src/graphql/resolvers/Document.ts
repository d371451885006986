import { DocumentExpiredError } from '../../domain/errors.js';
import type { DocumentResolvers } from '../../generated/graphql.js';
import { shippingOf } from './shipping.js';
import { formatStoredId } from '../../domain/ids.js';
import { overLimit } from '../errors.js';

/**
 * `Document`: listed from the store; `url` is signed per answer (expiring, bound to the id), the bytes are read only
 * when `base64` is selected, and only up to DOCUMENT_INLINE_MAX_BYTES (SG10).
 */
export const Document: DocumentResolvers = {
  // The `<Type>:<key>` form; URLs and the store keep the `doc_` row id.
  id: (document) => formatStoredId('Document', document.id),
  url: (document, _args, ctx) => shippingOf(ctx).links.sign(document.id).url,
  urlExpiresAt: (document, _args, ctx) => shippingOf(ctx).links.sign(document.id).expiresAt.toISOString(),
  base64: async (document, _args, ctx) => {
    const shipping = shippingOf(ctx);
    // Retention removed the bytes: said as such (DOCUMENT_EXPIRED), never a silent null.
    if (document.contentExpiredAt) throw new DocumentExpiredError(document.id, document.contentExpiredAt);
    if (document.size > shipping.documentInlineMaxBytes) {
      throw overLimit(`the document has ${document.size} bytes, more than DOCUMENT_INLINE_MAX_BYTES (${shipping.documentInlineMaxBytes}); fetch its url instead`, {
        code: 'DOCUMENT_TOO_LARGE',
        limit: 'DOCUMENT_INLINE_MAX_BYTES',
        max: shipping.documentInlineMaxBytes,
      });
    }
    const found = await shipping.api.documentContent(document.id);
    return found ? found.content.toString('base64') : null;
  },
  createdAt: (document) => document.createdAt.toISOString(),
  contentExpiredAt: (document) => document.contentExpiredAt?.toISOString() ?? null,
};
