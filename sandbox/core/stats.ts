/**
 * What each simulator saw, for tests that assert on upstream traffic ("4 upstream calls for 95 numbers").
 * The object is live: it is updated in place and cleared in place by `reset()`.
 */
export interface SimulatorStats {
  /** Requests received per route, keyed `'METHOD /path'` as served, e.g. `'POST /track/v1/trackingnumbers'`. */
  calls: Record<string, number>;
  /** Answers sent per HTTP status, e.g. `{ '200': 3, '429': 1 }`. */
  responses: Record<string, number>;
  /** Access tokens minted (OAuth simulators only). */
  tokenMints: number;
  /** One entry per tracking call that passed authentication: the numbers (or references) it asked for, in order. */
  trackingRequests: string[][];
}

export function createStats(): SimulatorStats {
  return { calls: {}, responses: {}, tokenMints: 0, trackingRequests: [] };
}

export function resetStats(stats: SimulatorStats): void {
  for (const key of Object.keys(stats.calls)) delete stats.calls[key];
  for (const key of Object.keys(stats.responses)) delete stats.responses[key];
  stats.tokenMints = 0;
  stats.trackingRequests.length = 0;
}

export function countCall(stats: SimulatorStats, route: string): void {
  stats.calls[route] = (stats.calls[route] ?? 0) + 1;
}

export function countResponse(stats: SimulatorStats, status: number): void {
  const key = String(status);
  stats.responses[key] = (stats.responses[key] ?? 0) + 1;
}
