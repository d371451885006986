import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Per-upstream call counters (calls, errors by code, latency) on /metrics: what users of multi-carrier systems ask for
 * when they hit quotas. One registry per app instance so several servers can live in one test process.
 */
export interface Metrics {
  registry: Registry;
  upstreamCalls: Counter<'upstream' | 'operation' | 'status'>;
  upstreamErrors: Counter<'upstream' | 'code'>;
  upstreamLatency: Histogram<'upstream' | 'operation'>;
  quotaRefusals: Counter<'upstream' | 'reason'>;
  tokenMints: Counter<'upstream'>;
}

export function createMetrics(options: { collectDefault?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.collectDefault) collectDefaultMetrics({ register: registry });
  return {
    registry,
    upstreamCalls: new Counter({
      name: 'upstream_calls_total',
      help: 'HTTP calls made to an upstream, by operation and HTTP status (0 when no answer arrived)',
      labelNames: ['upstream', 'operation', 'status'],
      registers: [registry],
    }),
    upstreamErrors: new Counter({
      name: 'upstream_errors_total',
      help: 'Upstream failures by stable error code',
      labelNames: ['upstream', 'code'],
      registers: [registry],
    }),
    upstreamLatency: new Histogram({
      name: 'upstream_call_duration_seconds',
      help: 'Latency of upstream calls, one observation per HTTP attempt',
      labelNames: ['upstream', 'operation'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    quotaRefusals: new Counter({
      name: 'upstream_quota_refusals_total',
      help: 'Calls our own limiter held back or refused to stay inside an upstream quota',
      labelNames: ['upstream', 'reason'],
      registers: [registry],
    }),
    tokenMints: new Counter({
      name: 'upstream_token_mints_total',
      help: 'OAuth client-credentials tokens minted',
      labelNames: ['upstream'],
      registers: [registry],
    }),
  };
}
