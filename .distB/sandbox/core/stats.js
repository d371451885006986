export function createStats() {
    return { calls: {}, responses: {}, tokenMints: 0, trackingRequests: [] };
}
export function resetStats(stats) {
    for (const key of Object.keys(stats.calls))
        delete stats.calls[key];
    for (const key of Object.keys(stats.responses))
        delete stats.responses[key];
    stats.tokenMints = 0;
    stats.trackingRequests.length = 0;
}
export function countCall(stats, route) {
    stats.calls[route] = (stats.calls[route] ?? 0) + 1;
}
export function countResponse(stats, status) {
    const key = String(status);
    stats.responses[key] = (stats.responses[key] ?? 0) + 1;
}
