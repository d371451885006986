import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
/** Gauges read when /metrics is scraped: live subscriptions in this process, the webhook inbox's backlog. */
export function registerRealtimeGauges(metrics, sources) {
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
    if (!sources.inboxBacklog)
        return;
    // One query per scrape for the three gauges: the first collect starts it, the others reuse it.
    let scrape = null;
    const read = sources.inboxBacklog;
    function backlog() {
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
export function createMetrics(options = {}) {
    const registry = new Registry();
    if (options.collectDefault)
        collectDefaultMetrics({ register: registry });
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
        graphqlOperations: new Counter({
            name: 'graphql_operations_total',
            help: 'GraphQL operations answered, by operation name, type and outcome (success: no errors; partial: data and errors; error: no data)',
            labelNames: ['operation_name', 'operation_type', 'outcome'],
            registers: [registry],
        }),
        graphqlOperationDuration: new Histogram({
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
