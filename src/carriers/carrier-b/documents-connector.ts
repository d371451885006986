import { UpstreamError } from '../../domain/errors.js';
import type { FetchedDocument, LabelHandle } from '../../domain/shipping.js';
import type { CarrierBConfig } from './config.js';
import type { UpstreamClient } from '../../platform/http/upstream-client.js';
import type { DocumentConnector, FetchableDocument } from '../types.js';
import { trackingDocumentAnswerSchema, type WireTrackingDocumentRequest } from './documents-wire.js';
import { callCarrierB } from './ship-call.js';
import { TRACKING_DOCUMENT_TYPES } from './ship-units.js';

export const CARRIER_B_TRACKING_DOCUMENTS_PATH = '/track/v1/trackingdocuments';

const CONTENT_TYPES = { PDF: 'application/pdf', PNG: 'image/png' } as const;

/**
 * Carrier B tracking documents: signature proof of delivery (our PROOF_OF_DELIVERY), bill of lading and freight
 * billing document, PDF or PNG ("`availableImages[]` on a track result says in advance which exist"). A document the
 * carrier does not have is its 404 (UPSTREAM_NOT_FOUND), passed on as such.
 */
export class CarrierBTrackingDocumentConnector implements DocumentConnector {
  readonly upstream = 'carrier-b' as const;
  readonly carrier = 'CARRIER_B' as const;
  readonly division = null;
  readonly fetchable: readonly FetchableDocument[] = ['PROOF_OF_DELIVERY', 'BILL_OF_LADING', 'FREIGHT_BILLING_DOCUMENT'];

  constructor(private readonly options: { client: UpstreamClient; config: CarrierBConfig }) {}

  async fetch(label: LabelHandle, kind: FetchableDocument, format: 'PDF' | 'PNG'): Promise<FetchedDocument> {
    if (kind === 'SHIPMENT_IMAGE') {
      throw new UpstreamError('carrier-b tracking-documents: Carrier B has no shipment images', { code: 'UPSTREAM_NOT_FOUND', upstream: 'carrier-b', operation: 'tracking-documents' });
    }
    const documentType = TRACKING_DOCUMENT_TYPES[kind];
    const body: WireTrackingDocumentRequest = {
      trackDocumentDetail: { documentType, documentFormat: format },
      trackDocumentSpecification: [
        {
          trackingNumberInfo: {
            trackingNumber: label.trackingNumber,
            ...(label.carrierCode ? { carrierCode: label.carrierCode } : {}),
            ...(label.carrierUniqueId ? { trackingNumberUniqueId: label.carrierUniqueId } : {}),
          },
        },
      ],
    };
    const { answer } = await callCarrierB(this.options.client, this.options.config.locale, {
      operation: 'tracking-documents',
      method: 'POST',
      path: CARRIER_B_TRACKING_DOCUMENTS_PATH,
      json: body,
      schema: trackingDocumentAnswerSchema,
      idempotent: true,
    });
    const answeredFormat = (answer.output.documentFormat ?? format).toUpperCase() === 'PNG' ? 'PNG' : 'PDF';
    // One entry per shipment asked (SB13); one shipment was asked, so the first entry is its document.
    const content = Buffer.from(answer.output.documents[0]!, 'base64');
    return { kind, nativeType: answer.output.documentType ?? documentType, format: answeredFormat, contentType: CONTENT_TYPES[answeredFormat], content };
  }
}
