/**
 * The unified interface's whole status vocabulary (seed 000: "This is the whole vocabulary; finer detail exists only
 * as free text"). Nothing finer is derived from the free text.
 */
export const UNIFIED_STATUS_CODES = {
    'pre-transit': 'PRE_TRANSIT',
    transit: 'IN_TRANSIT',
    delivered: 'DELIVERED',
    failure: 'EXCEPTION', // "the only exception signal; free-text description, no reason code"
    unknown: 'UNKNOWN',
};
export function unifiedStatusReading(statusCode, text) {
    const code = statusCode ?? null;
    return {
        status: (code !== null ? UNIFIED_STATUS_CODES[code] : undefined) ?? 'UNKNOWN',
        nativeCode: code,
        nativeText: text ?? null,
    };
}
