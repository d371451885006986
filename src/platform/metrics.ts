import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { TallyCounter, TallyHistogram } from './tally-metrics.js';

/**
 * Per-upstream call counters (calls, errors by code, latency) on /metrics: what users of multi-carrier systems ask for
 * when they hit quotas. One registry per app instance so several servers can live in one test process.
 */
export interface Metrics {
  registry: Registry;
  upstreamCalls: Counter<'upstream' | 'operation' | 'status'>;
  /** Every upstream failure, counted once (src/platform/upstream-failures.ts). */
  upstreamErrors: Counter<'upstream' | 'operation' | 'code'>;
  upstreamLatency: Histogram<'upstream' | 'operation'>;
  quotaRefusals: Counter<'upstream' | 'reason'>;
  tokenMints: Counter<'upstream'>;
  /** Calls to our Group A webhook by scope (`unknown` when unparsed) and the status we answered. */
  webhookCalls: Counter<'scope' | 'status'>;
  /** Request start to 200, the durable inbox write included (the seed's deadline is 5 s). */
  webhookAckDuration: Histogram<'scope'>;
  /** Rows per group commit of the webhook inbox (several calls per commit under load; assumption WI1). */
  webhookInboxGroupRows: Histogram<string>;
  /** Changes committed to the status log, by source (PUSH from the webhook, POLL from the watchers). */
  statusChangesRecorded: Counter<'source'>;
  /** Watches that stopped polling by themselves: TERMINAL_STATUS, or NOT_FOUND (the carrier did not know the number). */
  watchesStopped: Counter<'reason'>;
  /** GraphQL operations by name (bounded, see operation-metrics.ts), type and outcome (success, partial, error). */
  graphqlOperations: TallyCounter<'operation_name' | 'operation_type' | 'outcome'>;
  /** On every request's path, like graphqlOperations: counted in series the caller keeps (tally-metrics.ts). */
  graphqlOperationDuration: TallyHistogram<'operation_name' | 'operation_type'>;
  /** Errors in GraphQL answers by `extensions.code`. */
  graphqlErrors: Counter<'code'>;
}

/** What /metrics shows of the webhook inbox's backlog (WebhookInbox.backlog). */
export interface InboxBacklog {
  pending: number;
  oldestPendingAgeSeconds: number;
  awaitingWrite: number;
}

/** Gauges read when /metrics is scraped: live subscriptions in this process, the webhook inbox's backlog. */
export function registerRealtimeGauges(
  metrics: Metrics,
  sources: { subscribers(): number; inboxPending(): Promise<number>; inboxBacklog?: () => Promise<InboxBacklog> },
): void {
  new Gauge({
    name: 'realtime_subscribers',
    help: 'shipmentStatusChanged subscriptions open on this process (graphql-ws and router callbacks)',
    registers: [metrics.registry],
    collect() {
      this.set(sources.subscribers());
    },
  });
  new Gauge({
    name: 'webhook_inbox_pending',
    help: 'Webhook calls stored and acknowledged but not processed yet (shared by every replica on one database)',
    registers: [metrics.registry],
    async collect() {
      this.set(sources.inboxBacklog ? (await backlog()).pending : await sources.inboxPending());
    },
  });
  if (!sources.inboxBacklog) return;
  // One query per scrape for the three gauges: the first collect starts it, the others reuse it.
  let scrape: Promise<InboxBacklog> | null = null;
  const read = sources.inboxBacklog;
  function backlog(): Promise<InboxBacklog> {
    scrape ??= read().finally(() => setImmediate(() => (scrape = null)));
    return scrape;
  }
  new Gauge({
    name: 'webhook_inbox_oldest_pending_age_seconds',
    help: 'Age of the oldest webhook call acknowledged but not processed (0 when none): growing means processing is behind or stopped',
    registers: [metrics.registry],
    async collect() {
      this.set((await backlog()).oldestPendingAgeSeconds);
    },
  });
  new Gauge({
    name: 'webhook_inbox_awaiting_write',
    help: 'Webhook calls on this process waiting for their group commit to the inbox (not acknowledged yet)',
    registers: [metrics.registry],
    async collect() {
      this.set((await backlog()).awaitingWrite);
    },
  });
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
      help: 'Upstream failures by operation and stable error code, each counted once (not per retry, not per item of a failed batch)',
      labelNames: ['upstream', 'operation', 'code'],
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
    webhookCalls: new Counter({
      name: 'webhook_calls_total',
      help: 'Calls to the Group A webhook by scope and answered HTTP status',
      labelNames: ['scope', 'status'],
      registers: [registry],
    }),
    webhookAckDuration: new Histogram({
      name: 'webhook_ack_duration_seconds',
      help: 'Webhook request start to its 200, durable inbox write included (the carrier allows 5 s)',
      labelNames: ['scope'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    webhookInboxGroupRows: new Histogram({
      name: 'webhook_inbox_group_rows',
      help: 'Webhook calls written per inbox commit (group commit: calls arriving together share one commit)',
      buckets: [1, 2, 5, 10, 20, 50, 100, 200],
      registers: [registry],
    }),
    statusChangesRecorded: new Counter({
      name: 'status_changes_recorded_total',
      help: 'Status changes committed to the status log by source (duplicates are not counted)',
      labelNames: ['source'],
      registers: [registry],
    }),
    watchesStopped: new Counter({
      name: 'watches_stopped_total',
      help: 'Watches that stopped polling by themselves, by reason (TERMINAL_STATUS; NOT_FOUND: the carrier did not know the number)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    graphqlOperations: new TallyCounter({
      name: 'graphql_operations_total',
      help: 'GraphQL operations answered, by operation name, type and outcome (success: no errors; partial: data and errors; error: no data)',
      labelNames: ['operation_name', 'operation_type', 'outcome'],
      registers: [registry],
    }),
    graphqlOperationDuration: new TallyHistogram({
      name: 'graphql_operation_duration_seconds',
      help: 'GraphQL operation time from request start to answer (subscriptions: to the subscription being set up)',
      labelNames: ['operation_name', 'operation_type'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    graphqlErrors: new Counter({
      name: 'graphql_errors_total',
      help: 'Errors in GraphQL answers by extensions.code',
      labelNames: ['code'],
      registers: [registry],
    }),
  };
}
