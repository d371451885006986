import { InputError } from '../../../domain/errors.js';
import type { CarrierWarning } from '../../../domain/shipment.js';
import type { FetchedDocument, LabelHandle } from '../../../domain/shipping.js';
import type { GroupAExpressConfig } from '../config.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import type { DocumentConnector, FetchableDocument, InvoiceUpload } from '../../types.js';
import { expressDocumentsAnswer, expressUploadAnswer } from './documents-wire.js';
import { mapExpressWarnings } from './mapping.js';
import { contentTypeOf, getImagePath, proofOfDeliveryPath, UPLOAD_INVOICE_PATH, uploadImagePath } from './ship-units.js';

const UPSTREAM = 'group-a/express';

export interface ExpressDocumentConnectorOptions {
  /** The express origin's ONE client: every document call counts against the daily test quota too. */
  client: UpstreamClient;
  config: Pick<GroupAExpressConfig, 'accountNumbers'>;
}

/** SX12: the image type when the caller names none: a commercial invoice, the paperless trade use of the upload. */
const DEFAULT_IMAGE_TYPE_CODE = 'INV';

/**
 * Group A express documents (seed 000, interface B): GET `/shipments/{n}/proof-of-delivery` ("electronic proof of
 * delivery document"), GET `/shipments/{n}/get-image` ("other shipment documents (waybill, customs papers)"), PATCH
 * `/shipments/{n}/upload-image` and POST `/upload-invoice-data` ("before or after creation"). Answers and bodies the
 * seed does not show are assumptions SX10-SX13.
 */
export class ExpressDocumentConnector implements DocumentConnector {
  readonly upstream = UPSTREAM;
  readonly carrier = 'GROUP_A' as const;
  readonly division = 'express';
  readonly fetchable: readonly FetchableDocument[] = ['PROOF_OF_DELIVERY', 'SHIPMENT_IMAGE'];
  private readonly client: UpstreamClient;
  private readonly accountNumbers: readonly string[];

  constructor(options: ExpressDocumentConnectorOptions) {
    this.client = options.client;
    this.accountNumbers = options.config.accountNumbers;
  }

  /**
   * SX10, SX11: the answer is JSON with base64 `documents[]`; the first of the asked format is taken (get-image: the
   * waybill before customs papers). Rejects with UpstreamError (a 404 until delivered, for proof of delivery).
   */
  async fetch(label: LabelHandle, kind: FetchableDocument, format: 'PDF' | 'PNG'): Promise<FetchedDocument> {
    if (kind !== 'PROOF_OF_DELIVERY' && kind !== 'SHIPMENT_IMAGE') throw new InputError('input.kind', `express does not offer ${kind}`);
    const proof = kind === 'PROOF_OF_DELIVERY';
    const answer = await this.client.call({
      operation: proof ? 'proof-of-delivery' : 'get-image',
      method: 'GET',
      path: proof ? proofOfDeliveryPath(label.trackingNumber) : getImagePath(label.trackingNumber),
      query: { imageFormat: format },
      schema: expressDocumentsAnswer,
    });
    const ranked = [...answer.documents].sort((a, b) => rank(a.typeCode) - rank(b.typeCode));
    const chosen = ranked.find((d) => d.imageFormat.toUpperCase() === format) ?? ranked[0]!;
    const actualFormat = chosen.imageFormat.toUpperCase();
    return {
      kind,
      nativeType: chosen.typeCode ?? null,
      format: actualFormat,
      contentType: contentTypeOf(actualFormat),
      content: Buffer.from(chosen.content, 'base64'),
    };
  }

  /** SX12: PATCH `/shipments/{n}/upload-image` with `documentImages[]` (`typeCode`, `imageFormat`, base64 `content`). */
  async uploadImage(trackingNumber: string, image: { format: string; content: Buffer; typeCode: string | null }): Promise<{ warnings: CarrierWarning[] }> {
    const answer = await this.client.call({
      operation: 'upload-image',
      method: 'PATCH',
      path: uploadImagePath(trackingNumber),
      json: {
        documentImages: [
          { typeCode: image.typeCode ?? DEFAULT_IMAGE_TYPE_CODE, imageFormat: image.format.toUpperCase(), content: image.content.toString('base64') },
        ],
      },
      schema: expressUploadAnswer,
      // Attaching the same image twice is not shown to be harmless: never resent blindly.
      idempotent: false,
    });
    return { warnings: mapExpressWarnings(answer.warnings ?? []) };
  }

  /**
   * SX13: POST `/upload-invoice-data`. After creation the waybill names the shipment; before it, the account and the
   * planned ship date do (the carrier matches the invoice number at creation).
   */
  async uploadInvoice(invoice: InvoiceUpload): Promise<{ warnings: CarrierWarning[] }> {
    if (!this.accountNumbers.includes(invoice.accountNumber)) {
      throw new InputError('input.accountNumber', 'is not one of the configured express accounts (GROUP_A_EXPRESS_ACCOUNT_NUMBERS)');
    }
    if (invoice.trackingNumber === null && invoice.plannedShipDate === null) {
      throw new InputError('input.plannedShipDate', 'is required before the shipment is created');
    }
    const answer = await this.client.call({
      operation: 'upload-invoice-data',
      method: 'POST',
      path: UPLOAD_INVOICE_PATH,
      json: {
        ...(invoice.trackingNumber ? { shipmentTrackingNumber: invoice.trackingNumber } : {}),
        ...(invoice.plannedShipDate ? { plannedShippingDate: invoice.plannedShipDate } : {}),
        accounts: [{ typeCode: 'shipper', number: invoice.accountNumber }],
        content: {
          invoice: { number: invoice.invoiceNumber, date: invoice.invoiceDate },
          lineItems: invoice.lines.map((line, i) => ({
            number: i + 1,
            description: line.description,
            price: Number(line.value.amount),
            priceCurrency: line.value.currency,
            quantity: { value: line.quantity, unitOfMeasurement: 'PCS' },
            ...(line.hsCode ? { commodityCodes: [{ typeCode: 'outbound', value: line.hsCode }] } : {}),
            ...(line.countryOfOrigin ? { manufacturerCountry: line.countryOfOrigin } : {}),
          })),
        },
        ...(invoice.document ? { documentImages: [{ typeCode: 'INV', imageFormat: 'PDF', content: invoice.document.toString('base64') }] } : {}),
      },
      schema: expressUploadAnswer,
      idempotent: false,
    });
    return { warnings: mapExpressWarnings(answer.warnings ?? []) };
  }
}

/** get-image: the waybill first, then anything else (customs papers), so one call gives the document asked for. */
function rank(typeCode: string | null | undefined): number {
  const code = (typeCode ?? '').toLowerCase();
  if (code === 'pod' || code === 'waybill-doc' || code === 'waybill') return 0;
  return 1;
}
