import { UpstreamError } from '../../../domain/errors.js';
import { ECOMMERCE_MANIFEST_PATH, ecommerceManifestAnswer } from './label-wire.js';
import { ECOMMERCE_DIVISION, ECOMMERCE_UPSTREAM } from './rating-mapping.js';
/**
 * The e-commerce manifest (seed 000: "POST `/shipping/v4/manifest` | `manifests[].carrierPackageIds[]` | driver's
 * summary manifest"; lifecycle "label generated -> manifested (tendered): a driver's summary manifest is produced").
 * One manifest lists every label's carrier package ids; the answer (SE4) says which packages it tendered and carries
 * the driver's summary manifest. A label the answer does not list stays untendered, with a warning naming it.
 */
export class EcommerceManifestConnector {
    deps;
    upstream = ECOMMERCE_UPSTREAM;
    carrier = 'GROUP_A';
    division = ECOMMERCE_DIVISION;
    kind = 'MANIFEST';
    constructor(deps) {
        this.deps = deps;
    }
    async tender(accountNumber, labels, _date) {
        const withoutIds = labels.filter((label) => label.carrierPackageIds.length === 0);
        if (labels.length === 0 || withoutIds.length > 0) {
            // The service checks eligibility first; this guards a caller that did not (nothing is sent).
            const detail = labels.length === 0 ? 'no label to manifest' : `no carrierPackageId for ${withoutIds.map((l) => l.trackingNumber).join(', ')}`;
            throw new UpstreamError(`${this.upstream} manifest: ${detail}`, { code: 'UPSTREAM_BAD_REQUEST', upstream: this.upstream, operation: 'manifest' });
        }
        const body = {
            pickup: accountNumber,
            manifests: [{ carrierPackageIds: labels.flatMap((label) => label.carrierPackageIds) }],
        };
        // A manifest tenders packages once: not sent twice on a 5xx or a reset (the service reconciles by tracking).
        const answer = await this.deps.client.call({
            operation: 'manifest',
            method: 'POST',
            path: ECOMMERCE_MANIFEST_PATH,
            json: body,
            schema: ecommerceManifestAnswer,
            idempotent: false,
        });
        const manifested = new Set(answer.manifests.flatMap((m) => m.carrierPackageIds));
        const tendered = labels.filter((label) => label.carrierPackageIds.every((id) => manifested.has(id)));
        const warnings = labels
            .filter((label) => !tendered.includes(label))
            .map((label) => ({
            code: 'NOT_MANIFESTED',
            message: `The manifest answer does not list package ${label.carrierPackageIds.join(', ')} (${label.trackingNumber}); it is not tendered.`,
            type: 'WARNING',
        }));
        return {
            kind: 'MANIFEST',
            tenderedTrackingNumbers: tendered.map((label) => label.trackingNumber),
            documents: answer.manifests.map((manifest) => ({
                kind: 'MANIFEST',
                nativeType: 'driver-summary-manifest',
                format: manifest.format,
                content: Buffer.from(manifest.manifestData, 'base64'),
                url: null,
                pieceTrackingNumber: null,
                copiesToPrint: null,
            })),
            warnings,
            transactionId: null,
        };
    }
}
