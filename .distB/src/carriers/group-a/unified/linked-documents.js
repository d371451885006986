import { UpstreamError } from '../../../domain/errors.js';
const UPSTREAM = 'group-a/tracking';
/** What a followed link may answer, and the format we store it as. */
const FORMATS = { 'application/pdf': 'PDF', 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/gif': 'GIF', 'image/tiff': 'TIFF' };
/**
 * The unified tracking answer's `details.proofOfDelivery.documentUrl` ("tokenised link", seed 000), followed once so
 * the document can be stored and served (issue 9 item 7). Whether following it counts against the application's
 * quota is not shown, so it is counted: it goes through unified tracking's one client, which spaces it like any call
 * and takes one of the 250 a day (docs/assumptions.md PD1); it is followed once per shipment, then served from the
 * store. Only links on the tracking interface's own origin are followed: a link elsewhere is refused, never fetched (a
 * tracking answer must not make us call an arbitrary host, or send our key there).
 */
export class UnifiedLinkedDocuments {
    upstream = UPSTREAM;
    carrier = 'GROUP_A';
    client;
    origin;
    constructor(options) {
        this.origin = new URL(options.baseUrl).origin;
        this.client = options.client;
    }
    accepts(url) {
        try {
            const parsed = new URL(url);
            return parsed.origin === this.origin && (parsed.protocol === 'https:' || parsed.protocol === 'http:');
        }
        catch {
            return false;
        }
    }
    async fetchLinked(url, kind) {
        if (!this.accepts(url)) {
            throw new UpstreamError(`${UPSTREAM} document: the link is not on the tracking interface's origin; not followed`, {
                code: 'UPSTREAM_CONTRACT',
                upstream: UPSTREAM,
                operation: 'document',
            });
        }
        const file = await this.client.download({ operation: 'document', method: 'GET', path: url });
        const contentType = (file.contentType ?? '').split(';')[0].trim().toLowerCase();
        const format = FORMATS[contentType];
        if (!format || file.bytes.length === 0) {
            throw new UpstreamError(`${UPSTREAM} document: the link answered ${contentType || 'no content type'} (${file.bytes.length} bytes), not a document`, {
                code: 'UPSTREAM_CONTRACT',
                upstream: UPSTREAM,
                operation: 'document',
            });
        }
        return { kind, nativeType: null, format, contentType, content: file.bytes };
    }
}
