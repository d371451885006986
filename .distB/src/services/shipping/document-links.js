import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
/**
 * Signed, expiring document URLs (DESIGN.md: documents "served at `/documents/{id}` behind an unguessable, expiring
 * signed URL"): `<base>/documents/<id>?expires=<unix seconds>&signature=<base64url HMAC-SHA256 of id and expiry>`.
 * The signature is the credential: whoever holds the URL may fetch the document until it expires, so it is short-lived
 * (DOCUMENT_URL_TTL_SECONDS) and bound to one id and one expiry (changing either breaks it).
 */
export const DOCUMENTS_PATH = '/documents';
/** Only ids of this shape are signed or served: `doc_` + base64url (StoredDocument.id), never a path or a query. */
const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
const EXPIRES = /^\d{1,12}$/;
/** A SHA-256 HMAC is 32 bytes: 43 base64url characters without padding. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
export class DocumentLinks {
    options;
    key;
    now;
    constructor(options) {
        this.options = options;
        this.key = Buffer.isBuffer(options.secret) ? options.secret : Buffer.from(options.secret, 'utf8');
        if (this.key.length === 0)
            throw new Error('a document URL secret must not be empty');
        this.now = options.now ?? Date.now;
    }
    get ttlSeconds() {
        return this.options.ttlSeconds;
    }
    /** An absolute URL for this document, valid for the configured lifetime from now. */
    sign(documentId) {
        if (!DOCUMENT_ID.test(documentId))
            throw new Error('a document id is letters, digits, _ and - only');
        const expires = Math.floor(this.now() / 1000) + this.options.ttlSeconds;
        const base = (typeof this.options.baseUrl === 'function' ? this.options.baseUrl() : this.options.baseUrl).replace(/\/+$/, '');
        const query = new URLSearchParams({ expires: String(expires), signature: this.signature(documentId, String(expires)) });
        return { url: `${base}${DOCUMENTS_PATH}/${documentId}?${query.toString()}`, expiresAt: new Date(expires * 1000) };
    }
    /**
     * Checks a request's id, `expires` and `signature`. The signature is checked before the expiry, so an expiry edited
     * into the future is a bad signature (403), and only a URL we signed can be told it has expired (410).
     */
    verify(documentId, expires, signature) {
        if (typeof expires !== 'string' || typeof signature !== 'string')
            return { ok: false, reason: 'BAD_SIGNATURE' };
        if (!DOCUMENT_ID.test(documentId) || !EXPIRES.test(expires) || !SIGNATURE.test(signature))
            return { ok: false, reason: 'BAD_SIGNATURE' };
        // The characters are compared, not the decoded bytes: the 43rd character carries 2 unused bits, so four spellings
        // decode to the same HMAC, and only the one we wrote is accepted (a URL has one valid form).
        const expected = Buffer.from(this.signature(documentId, expires), 'ascii');
        const given = Buffer.from(signature, 'ascii');
        // Constant time: how much of a guessed signature matches must not show in the answer's timing.
        if (given.length !== expected.length || !timingSafeEqual(given, expected))
            return { ok: false, reason: 'BAD_SIGNATURE' };
        const expiresAt = Number(expires) * 1000;
        if (expiresAt <= this.now())
            return { ok: false, reason: 'EXPIRED' };
        return { ok: true, expiresAt };
    }
    /** Seconds until `expiresAt` (for Cache-Control), at least 0. */
    remainingSeconds(expiresAt) {
        return Math.max(0, Math.floor((expiresAt - this.now()) / 1000));
    }
    signature(documentId, expires) {
        // A newline cannot occur in an id or an expiry, so `id\nexpires` is unambiguous.
        return createHmac('sha256', this.key).update(`${documentId}\n${expires}`).digest('base64url');
    }
}
/**
 * Document links from the configuration. Without DOCUMENT_URL_SECRET a random key is drawn for this process and a
 * warning says so: the process still serves its own URLs, but several replicas (or a restart) need one shared secret,
 * since a URL signed by one is refused by another. Production also only warns: the links stay secure, just not shared.
 */
export function documentLinksFrom(settings, serverOrigin, logger, now) {
    let secret;
    if (settings.urlSecret) {
        secret = settings.urlSecret;
    }
    else {
        secret = randomBytes(32);
        logger.warn({ variable: 'DOCUMENT_URL_SECRET' }, 'DOCUMENT_URL_SECRET is not set: document URLs are signed with a random key of this process; URLs do not survive a restart, and several replicas need one shared DOCUMENT_URL_SECRET');
    }
    const publicBaseUrl = settings.publicBaseUrl;
    return new DocumentLinks({
        secret,
        ttlSeconds: settings.urlTtlSeconds,
        baseUrl: publicBaseUrl ? publicBaseUrl : serverOrigin,
        ...(now ? { now } : {}),
    });
}
