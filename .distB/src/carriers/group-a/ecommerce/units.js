/** E-commerce event codes as assumed in E2; an unlisted code is UNKNOWN with its native code and text kept. */
export const ECOMMERCE_EVENT_CODES = {
    LABEL_CREATED: 'LABEL_CREATED',
    // "A label that has not been manifested is not tendered"; manifested is tendered but not yet moving.
    MANIFESTED: 'PRE_TRANSIT',
    PICKED_UP: 'IN_TRANSIT',
    PROCESSED: 'IN_TRANSIT',
    IN_TRANSIT: 'IN_TRANSIT',
    OUT_FOR_DELIVERY: 'OUT_FOR_DELIVERY',
    DELIVERED: 'DELIVERED',
    DELIVERY_ATTEMPTED: 'DELIVERY_ATTEMPTED',
    EXCEPTION: 'EXCEPTION',
    RETURNED: 'RETURNED',
};
export function ecommerceStatusReading(eventCode, description) {
    const code = eventCode ?? null;
    return {
        status: (code !== null ? ECOMMERCE_EVENT_CODES[code.toUpperCase()] : undefined) ?? 'UNKNOWN',
        nativeCode: code,
        nativeText: description ?? null,
    };
}
