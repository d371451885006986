/**
 * Express shipping units in one place (karrio's `units`): the assumed paths of what the seed does not show, the
 * document `typeCode` table, and the defaults the shipment body takes. Every value here is an assumption of
 * docs/assumptions.md ("Express shipping (issue 9)", SX ids) unless it quotes the seed; the sandbox follows the same.
 */
/** The seed: "POST `/shipments` | request body: not shown | shipment-creation answer". */
export const SHIPMENTS_PATH = '/shipments';
/** SX6: "Method and path for cancelling a shipment ... not shown": POST with the seed's cancellation body. */
export const CANCEL_PATH = '/shipments/cancel';
/** SX5: the seed shows no lookup by reference; GET `/shipments?customerReference=` answers `shipments[]`. */
export const LOOKUP_QUERY = 'customerReference';
/** The seed's document paths, with the waybill percent-encoded (a number is digits, but never trusted as a path). */
export const proofOfDeliveryPath = (n) => `/shipments/${encodeURIComponent(n)}/proof-of-delivery`;
export const getImagePath = (n) => `/shipments/${encodeURIComponent(n)}/get-image`;
export const uploadImagePath = (n) => `/shipments/${encodeURIComponent(n)}/upload-image`;
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
const DOCUMENT_KINDS = {
    label: 'LABEL',
    invoice: 'INVOICE',
    'waybill-doc': 'WAYBILL',
    'qr-code': 'QR_CODE',
};
export function documentKindOf(typeCode) {
    return DOCUMENT_KINDS[(typeCode ?? '').toLowerCase()] ?? 'OTHER';
}
/** `imageFormat` `PDF`/`PNG` (the seed's values) to a content type; anything else is served as bytes. */
export function contentTypeOf(format) {
    const upper = format.toUpperCase();
    if (upper === 'PDF')
        return 'application/pdf';
    if (upper === 'PNG')
        return 'image/png';
    if (upper === 'JPG' || upper === 'JPEG')
        return 'image/jpeg';
    if (upper === 'GIF')
        return 'image/gif';
    return 'application/octet-stream';
}
/** SX9: customs purposes to the carrier family's `exportReasonType` words. */
export const EXPORT_REASON_TYPES = {
    SOLD: 'permanent',
    GIFT: 'gift',
    SAMPLE: 'commercial_sample',
    RETURN: 'return',
    REPAIR: 'temporary',
    PERSONAL_EFFECTS: 'personal_belongings_or_personal_use',
};
/** SX9: who pays duties, as the carrier family's incoterms: delivered duty paid (sender) or unpaid (recipient). */
export const INCOTERMS = { SENDER: 'DDP', RECIPIENT: 'DAP' };
