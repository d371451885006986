import type { DocumentKind } from '../../../domain/shipping.js';

/**
 * Express shipping units in one place (karrio's `units`): the assumed paths of what the seed does not show, the
 * document `typeCode` table, and the defaults the shipment body takes. Every value here is an assumption of
 * docs/assumptions.md ("Express shipping (issue 9)", SX ids) unless it quotes the seed; the sandbox follows the same.
 */

/** The seed: "POST `/shipments` | request body: not shown | shipment-creation answer". */
export const SHIPMENTS_PATH = '/shipments';
/** SX6: "Method and path for cancelling a shipment ... not shown": POST with the seed's cancellation body. */
export const CANCEL_PATH = '/shipments/cancel';
/** The seed's express tracking: "GET `/tracking` | query `shipmentTrackingNumber` | express tracking answer". */
export const TRACKING_PATH = '/tracking';

/** The seed's document paths, with the waybill percent-encoded (a number is digits, but never trusted as a path). */
export const proofOfDeliveryPath = (n: string): string => `/shipments/${encodeURIComponent(n)}/proof-of-delivery`;
export const getImagePath = (n: string): string => `/shipments/${encodeURIComponent(n)}/get-image`;
export const uploadImagePath = (n: string): string => `/shipments/${encodeURIComponent(n)}/upload-image`;
/** The seed: "POST `/upload-invoice-data` | paperless trade invoice data, before or after creation". */
export const UPLOAD_INVOICE_PATH = '/upload-invoice-data';

/**
 * "`shipperReferences[]` `value` string, `typeCode` string (`CU` appears)": the only reference type code the seed
 * shows. Every customer reference we write (order id, purchase reference, the caller's own) carries it (SX3).
 */
export const CUSTOMER_REFERENCE_TYPE_CODE = 'CU';

/** SX1: the ready time when the request names none and books no pickup (midday, inside any pickup window). */
export const DEFAULT_READY_TIME = '12:00:00';

/** "`documents[]` ... `typeCode` (`label`, `invoice`, `waybill-doc`, `qr-code`)". Anything else is OTHER, kept native. */
const DOCUMENT_KINDS: Readonly<Record<string, DocumentKind>> = {
  label: 'LABEL',
  invoice: 'INVOICE',
  'waybill-doc': 'WAYBILL',
  'qr-code': 'QR_CODE',
};

export function documentKindOf(typeCode: string | null | undefined): DocumentKind {
  return DOCUMENT_KINDS[(typeCode ?? '').toLowerCase()] ?? 'OTHER';
}

/** `imageFormat` `PDF`/`PNG` (the seed's values) to a content type; anything else is served as bytes. */
export function contentTypeOf(format: string): string {
  const upper = format.toUpperCase();
  if (upper === 'PDF') return 'application/pdf';
  if (upper === 'PNG') return 'image/png';
  if (upper === 'JPG' || upper === 'JPEG') return 'image/jpeg';
  if (upper === 'GIF') return 'image/gif';
  return 'application/octet-stream';
}

/** SX9: customs purposes to the carrier family's `exportReasonType` words. */
export const EXPORT_REASON_TYPES: Readonly<Record<string, string>> = {
  SOLD: 'permanent',
  GIFT: 'gift',
  SAMPLE: 'commercial_sample',
  RETURN: 'return',
  REPAIR: 'temporary',
  PERSONAL_EFFECTS: 'personal_belongings_or_personal_use',
};

/** SX9: who pays duties, as the carrier family's incoterms: delivered duty paid (sender) or unpaid (recipient). */
export const INCOTERMS: Readonly<Record<string, string>> = { SENDER: 'DDP', RECIPIENT: 'DAP' };
