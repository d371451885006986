/**
 * The normalised status vocabulary. Each carrier keeps its native code and text beside it; the tables from native
 * codes to these values live in one `units.ts` per connector.
 */
export const SHIPMENT_STATUSES = [
    'LABEL_CREATED',
    'PRE_TRANSIT',
    'IN_TRANSIT',
    'OUT_FOR_DELIVERY',
    'DELIVERED',
    'DELIVERY_ATTEMPTED',
    'EXCEPTION',
    'RETURNED',
    'CANCELLED',
    'UNKNOWN',
];
/** A shipment in one of these states will not change again: watchers stop polling it. */
export const TERMINAL_STATUSES = new Set(['DELIVERED', 'RETURNED', 'CANCELLED']);
export function isTerminal(status) {
    return TERMINAL_STATUSES.has(status);
}
