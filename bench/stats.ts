/** Shared by every benchmark: the q-quantile (0..1) of samples by the nearest-rank method (NaN when there are none). */
export function percentile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * p50 of 20 direct HTTP calls to a simulator's origin, answered after its configured latency (an unknown path is
 * enough: the simulator waits its latency before every answer, errors included); the first call, which opens the
 * connection, is not counted. The floor any call to that upstream pays.
 */
export async function measureRoundTrip(origin: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const started = performance.now();
    const answer = await fetch(`${origin}/bench-round-trip`, { method: 'POST', body: '{}' });
    await answer.arrayBuffer();
    if (i > 0) times.push(performance.now() - started);
  }
  return percentile(times, 0.5);
}

/** The median of samples (the mean of the two middle ones when there is an even number). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
