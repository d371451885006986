import { serviceLevelOf } from './rating-units.js';
/**
 * Carrier B shipping vocabulary in one place (karrio's `units`): reference types, which services are ground (tendered by
 * the end-of-day close), document content types, connector defaults. docs/assumptions.md SB1-SB4.
 */
/** The seed: "the reference types include `CUSTOMER_REFERENCE`, `INVOICE`, `PURCHASE_ORDER`, `DEPARTMENT_NUMBER`". */
export const CARRIER_B_REFERENCE_TYPES = ['CUSTOMER_REFERENCE', 'INVOICE', 'PURCHASE_ORDER', 'DEPARTMENT_NUMBER'];
/** The caller's order id travels as `CUSTOMER_REFERENCE` (issue 9 item 8). */
export const ORDER_REFERENCE_TYPE = 'CUSTOMER_REFERENCE';
/**
 * Assumption SB1: our purchase reference (derived from the idempotency key) travels as `DEPARTMENT_NUMBER`, the one
 * reference type of the seed's list a shop does not use for its own documents (order id, invoice, purchase order), so
 * ours never collides with a caller's value; a caller's own DEPARTMENT_NUMBER is refused by `check`.
 */
export const PURCHASE_REFERENCE_TYPE = 'DEPARTMENT_NUMBER';
/** Connector defaults ("null = the connector's default" in ShipmentRequest); the same drop-off word rating quotes with. */
export const DEFAULT_PACKAGING_TYPE = 'YOUR_PACKAGING';
export const DEFAULT_PICKUP_TYPE = 'DROPOFF_AT_CARRIER_LOCATION';
/** The seed's label specification values ("`COMMON2D`, `PDF`, `PAPER_7X475`, `SHIPPING_LABEL_FIRST`, 300"). */
export const LABEL_STOCK_TYPE = 'PAPER_7X475';
export const LABEL_RESOLUTION = 300;
/**
 * Assumption SB2: a ground shipment (tendered by the end-of-day close, "ground labels are not tendered until then") is
 * one whose `serviceType` names the ground network (`CARRIER_GROUND`, `GROUND_HOME_DELIVERY`: serviceLevelOf GROUND),
 * or whose tracking says carrier code `CBXG`-like ground network. Every other service is tendered when created.
 */
export function isGroundService(serviceType) {
    return serviceType ? serviceLevelOf(serviceType) === 'GROUND' : false;
}
export function tenderOf(serviceType) {
    return isGroundService(serviceType) ? { tendered: false, tenderBy: 'END_OF_DAY' } : { tendered: true, tenderBy: null };
}
/** `contentType` of a shipment or package document -> ours (the seed shows `COMMERCIAL_INVOICE`; labels are `LABEL`). */
export function documentKindOf(contentType) {
    switch ((contentType ?? '').toUpperCase()) {
        case 'LABEL':
        case 'SHIPPING_LABEL':
            return 'LABEL';
        case 'COMMERCIAL_INVOICE':
            return 'COMMERCIAL_INVOICE';
        case 'RETURN_INSTRUCTIONS':
        case 'RETURN_LABEL':
            return 'RETURN_LABEL';
        case 'BILL_OF_LADING':
            return 'BILL_OF_LADING';
        default:
            return 'OTHER';
    }
}
/** Our fetchable kinds -> the seed's `documentType` values of `/track/v1/trackingdocuments`. */
export const TRACKING_DOCUMENT_TYPES = {
    PROOF_OF_DELIVERY: 'SIGNATURE_PROOF_OF_DELIVERY',
    BILL_OF_LADING: 'BILL_OF_LADING',
    FREIGHT_BILLING_DOCUMENT: 'FREIGHT_BILLING_DOCUMENT',
};
