import { z } from 'zod';
import type { Carrier } from '../../../domain/carrier.js';
import { UpstreamError } from '../../../domain/errors.js';
import type { CarrierWarning } from '../../../domain/shipment.js';
import type { CarrierDocument, LabelHandle, TenderResult } from '../../../domain/shipping.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import type { TenderingConnector } from '../../types.js';
import { ECOMMERCE_MANIFEST_PATH, ecommerceManifestAnswer, type EcommerceManifestRequest } from './label-wire.js';
import { ECOMMERCE_DIVISION, ECOMMERCE_UPSTREAM } from './rating-mapping.js';

export interface EcommerceManifestDeps {
  client: UpstreamClient;
}

/**
 * The e-commerce manifest (seed 000: "POST `/shipping/v4/manifest` | `manifests[].carrierPackageIds[]` | driver's
 * summary manifest"; lifecycle "label generated -> manifested (tendered): a driver's summary manifest is produced").
 * One manifest lists every label's carrier package ids; the answer (SE4) says which packages it tendered and carries
 * the driver's summary manifest. A label the answer does not list stays untendered, with a warning naming it; an
 * answer in which no manifest lists its packages does not say, and the service tenders every label sent (CX2).
 */
export class EcommerceManifestConnector implements TenderingConnector {
  readonly upstream = ECOMMERCE_UPSTREAM;
  readonly carrier: Carrier = 'GROUP_A';
  readonly division = ECOMMERCE_DIVISION;
  readonly kind = 'MANIFEST' as const;

  constructor(private readonly deps: EcommerceManifestDeps) {}

  async tender(accountNumber: string, labels: readonly LabelHandle[], _date: string): Promise<TenderResult> {
    const withoutIds = labels.filter((label) => label.carrierPackageIds.length === 0);
    if (labels.length === 0 || withoutIds.length > 0) {
      // The service checks eligibility first; this guards a caller that did not (nothing is sent).
      const detail = labels.length === 0 ? 'no label to manifest' : `no carrierPackageId for ${withoutIds.map((l) => l.trackingNumber).join(', ')}`;
      throw new UpstreamError(`${this.upstream} manifest: ${detail}`, { code: 'UPSTREAM_BAD_REQUEST', upstream: this.upstream, operation: 'manifest' });
    }
    const body: EcommerceManifestRequest = {
      pickup: accountNumber,
      manifests: [{ carrierPackageIds: labels.flatMap((label) => label.carrierPackageIds) }],
    };
    // A manifest tenders packages once: not sent twice on a 5xx or a reset (the service keeps its outcome UNKNOWN).
    // Any 2xx body is taken (the manifest has acted): read below as far as it follows SE4, kept as received.
    const received = await this.deps.client.call({
      operation: 'manifest',
      method: 'POST',
      path: ECOMMERCE_MANIFEST_PATH,
      json: body,
      schema: z.unknown(),
      idempotent: false,
    });
    const parsed = ecommerceManifestAnswer.safeParse(received);
    const manifests = (parsed.success ? parsed.data.manifests : null) ?? [];
    const listing = manifests.filter((m) => m.carrierPackageIds);
    // No manifest lists its packages: the answer does not say, and the service tenders every label sent.
    const manifested = listing.length === 0 ? null : new Set(listing.flatMap((m) => m.carrierPackageIds ?? []));
    const tendered = manifested ? labels.filter((label) => label.carrierPackageIds.every((id) => manifested.has(id))) : [...labels];
    const warnings: CarrierWarning[] = labels
      .filter((label) => !tendered.includes(label))
      .map((label) => ({
        code: 'NOT_MANIFESTED',
        message: `The manifest answer does not list package ${label.carrierPackageIds.join(', ')} (${label.trackingNumber}); it is not tendered.`,
        type: 'WARNING',
      }));
    const documents: CarrierDocument[] = [];
    for (const manifest of manifests) {
      if (manifest.manifestData && manifest.format) {
        documents.push({
          kind: 'MANIFEST',
          nativeType: 'driver-summary-manifest',
          format: manifest.format,
          content: Buffer.from(manifest.manifestData, 'base64'),
          url: null,
          pieceTrackingNumber: null,
          copiesToPrint: null,
        });
      }
    }
    return {
      kind: 'MANIFEST',
      tenderedTrackingNumbers: manifested ? tendered.map((label) => label.trackingNumber) : null,
      documents,
      warnings,
      carrierAnswer: received,
      transactionId: null,
    };
  }
}
