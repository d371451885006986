/**
 * The per-operation counter and histogram, counted in kept series (src/platform/tally-metrics.ts), read on /metrics
 * exactly as prom-client's own Counter and Histogram fed the same observations: same lines, labels, order and values.
 */
import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { TallyCounter, TallyHistogram } from '../../src/platform/tally-metrics.js';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const LABELS = [
  { operation_name: 'Lookup', operation_type: 'query' },
  { operation_name: '__anonymous', operation_type: 'query' },
  { operation_name: 'Buy "fast"\\now', operation_type: 'mutation' },
];
// Values on the bounds (inclusive), between them, past the last one, and 0.
const VALUES = [0, 0.001, 0.005, 0.0051, 0.01, 0.3, 1, 2.5, 29.9, 30, 31, 120];

function both() {
  const ours = new Registry();
  const theirs = new Registry();
  const counter = { name: 'graphql_operations_total', help: 'operations', labelNames: ['operation_name', 'operation_type', 'outcome'] as const };
  const histogram = { name: 'graphql_operation_duration_seconds', help: 'durations', labelNames: ['operation_name', 'operation_type'] as const, buckets: BUCKETS };
  return {
    ours,
    theirs,
    tallyCounter: new TallyCounter({ ...counter, registers: [ours] }),
    tallyHistogram: new TallyHistogram({ ...histogram, registers: [ours] }),
    promCounter: new Counter({ ...counter, labelNames: [...counter.labelNames], registers: [theirs] }),
    promHistogram: new Histogram({ ...histogram, labelNames: [...histogram.labelNames], registers: [theirs] }),
  };
}

describe('per-operation metrics counted in kept series', () => {
  it('/metrics reads the same as prom-client Counter and Histogram fed the same observations', async () => {
    const m = both();
    LABELS.forEach((labels, i) => {
      const durations = m.tallyHistogram.seriesFor(labels);
      const successes = m.tallyCounter.seriesFor({ ...labels, outcome: 'success' });
      // A series found but never counted shows no line, as a label set prom-client never incremented.
      m.tallyCounter.seriesFor({ ...labels, outcome: 'error' });
      for (const value of VALUES.slice(i)) {
        durations.observe(value);
        m.promHistogram.observe(labels, value);
        successes.value++;
        m.promCounter.inc({ ...labels, outcome: 'success' });
      }
    });
    // Found again by its labels: the same series.
    m.tallyCounter.seriesFor({ ...LABELS[0]!, outcome: 'partial' }).value++;
    m.tallyCounter.seriesFor({ ...LABELS[0]!, outcome: 'partial' }).value++;
    m.promCounter.inc({ ...LABELS[0]!, outcome: 'partial' }, 2);

    const text = await m.ours.metrics();
    expect(text).toBe(await m.theirs.metrics());
    expect(text).toContain('graphql_operation_duration_seconds_bucket{le="0.005",operation_name="Lookup",operation_type="query"} 3');
    expect(text).toContain('graphql_operation_duration_seconds_bucket{le="+Inf",operation_name="Lookup",operation_type="query"} 12');
    expect(text).toContain('graphql_operations_total{operation_name="Lookup",operation_type="query",outcome="partial"} 2');
    expect(text).not.toContain('outcome="error"');
    // As JSON (prom-client's values carry `exemplar: undefined`, which JSON leaves out).
    const json = async (registry: Registry) => JSON.parse(JSON.stringify(await registry.getMetricsAsJSON())) as unknown;
    expect(await json(m.ours)).toEqual(await json(m.theirs));
  });

  it('resetMetrics empties both, as prom-client does', async () => {
    const m = both();
    m.tallyHistogram.seriesFor(LABELS[0]!).observe(0.2);
    m.tallyCounter.seriesFor({ ...LABELS[0]!, outcome: 'success' }).value++;
    m.ours.resetMetrics();
    expect(await m.ours.metrics()).toBe(await m.theirs.metrics());
  });

  it('a series kept across resetMetrics is counted and read again, as prom-client counts a label set after its reset', async () => {
    const m = both();
    const durations = m.tallyHistogram.seriesFor(LABELS[0]!);
    const successes = m.tallyCounter.seriesFor({ ...LABELS[0]!, outcome: 'success' });
    durations.observe(0.2);
    successes.value++;
    m.ours.resetMetrics();
    durations.observe(0.02);
    successes.value++;
    m.promHistogram.observe(LABELS[0]!, 0.02);
    m.promCounter.inc({ ...LABELS[0]!, outcome: 'success' });
    const text = await m.ours.metrics();
    expect(text).toBe(await m.theirs.metrics());
    expect(text).toContain('graphql_operations_total{operation_name="Lookup",operation_type="query",outcome="success"} 1');
  });
});
