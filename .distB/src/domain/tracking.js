/** Stable key of a lookup for batching and coalescing (events flag excluded: a batch asks for scans if any key does). */
export function trackRequestKey(r) {
    // A template, not an array joined: the same string, built several times per number on the tracking path (issue 12).
    return `${r.carrier}|${r.division ?? ''}|${r.trackingNumber}|${r.carrierCode ?? ''}|${r.carrierUniqueId ?? ''}|${r.shipDateBegin ?? ''}|${r.shipDateEnd ?? ''}|${r.language ?? ''}|${r.ecommerceIdType ?? ''}`;
}
