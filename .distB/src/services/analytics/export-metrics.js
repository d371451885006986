/**
 * Analytics export on /metrics (issue 11 item 5), registered once per registry (several servers share a test process).
 *
 * - analytics_events_written_total: outbox rows ever written, read from the store at scrape time (every replica's
 *   writes: the writers run inside store transactions, where no process counter can see them commit).
 * - analytics_events_exported_total: events this process saw the bridge import.
 * - analytics_events_rejected_total: events the bridge refused on their own (strict=1, found by sending them apart).
 * - analytics_events_dead_lettered_total{reason}: events set aside (`bridge`: refused; `shaping`: could not be shaped).
 * - analytics_export_lag_seconds: age of the oldest event still waiting (0 when none), from the store.
 * - analytics_export_unauthorized_total and analytics_export_halted: the bridge refused the Server key; export stops.
 * - analytics_export_batches_total{outcome}: import calls by answer (IMPORTED, REJECTED, UNAVAILABLE, UNAUTHORIZED).
 */
import { Counter, Gauge } from 'prom-client';
function once(registry, name, make) {
    const existing = registry?.getSingleMetric(name);
    return existing ? existing : make(registry ? [registry] : []);
}
/** `state` reads the outbox (counts and oldest pending) when /metrics is scraped. */
export function exportMetrics(registry, readState, now = () => new Date()) {
    // One read of the outbox serves both store-backed metrics of a scrape (prom-client collects them concurrently): a
    // read in flight is shared, a finished one never reused.
    let inFlight = null;
    const state = () => {
        inFlight ??= readState().finally(() => {
            inFlight = null;
        });
        return inFlight;
    };
    once(registry, 'analytics_events_written_total', (registers) => new Counter({
        name: 'analytics_events_written_total',
        help: 'Lifecycle events written to the analytics outbox (all replicas; read from the store)',
        registers,
        async collect() {
            const { written } = await state();
            this.reset();
            this.inc(written);
        },
    }));
    once(registry, 'analytics_export_lag_seconds', (registers) => new Gauge({
        name: 'analytics_export_lag_seconds',
        help: 'Age of the oldest lifecycle event not yet exported (0 when none waits)',
        registers,
        async collect() {
            const { oldestPendingAt } = await state();
            this.set(oldestPendingAt ? Math.max(0, (now().getTime() - oldestPendingAt.getTime()) / 1000) : 0);
        },
    }));
    return {
        exported: once(registry, 'analytics_events_exported_total', (registers) => new Counter({ name: 'analytics_events_exported_total', help: 'Lifecycle events the analytics bridge imported', registers })),
        rejected: once(registry, 'analytics_events_rejected_total', (registers) => new Counter({ name: 'analytics_events_rejected_total', help: 'Lifecycle events the bridge refused on their own (strict=1)', registers })),
        deadLettered: once(registry, 'analytics_events_dead_lettered_total', (registers) => {
            const counter = new Counter({ name: 'analytics_events_dead_lettered_total', help: 'Lifecycle events set aside as dead letters, by reason', labelNames: ['reason'], registers });
            // Shown at 0 from the start, so an alert on it has a series before the first dead letter.
            for (const reason of ['bridge', 'shaping'])
                counter.inc({ reason }, 0);
            return counter;
        }),
        unauthorized: once(registry, 'analytics_export_unauthorized_total', (registers) => new Counter({ name: 'analytics_export_unauthorized_total', help: 'Import calls the bridge refused for the Server key (export stops)', registers })),
        batches: once(registry, 'analytics_export_batches_total', (registers) => new Counter({ name: 'analytics_export_batches_total', help: 'Import calls to the analytics bridge by answer', labelNames: ['outcome'], registers })),
        halted: once(registry, 'analytics_export_halted', (registers) => new Gauge({ name: 'analytics_export_halted', help: '1 while export is stopped because the bridge refused the Server key', registers })),
    };
}
