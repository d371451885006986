import { Gauge } from 'prom-client';
import { UpstreamError } from '../../domain/errors.js';
/**
 * Reads the store's `/health` in the background, one read at a time, and keeps the last reading and its age. Rating
 * and the delivery promise ask `state()`, which makes no call: a checkout never waits on the store's health endpoint.
 * docs/assumptions.md DS3: a reading older than the bound, or a failed last read, counts as unhealthy.
 */
export class DarkStoreMonitor {
    options;
    now;
    last = null;
    lastAt = null;
    lastError = null;
    inFlight = null;
    timer = null;
    closed = false;
    wasHealthy = null;
    constructor(options) {
        this.options = options;
        this.now = options.now ?? Date.now;
        if (options.metrics)
            registerDarkStoreGauges(options.metrics, () => this.state());
    }
    /** First read at once, then one every interval; the timer never keeps the process alive. */
    start() {
        if (this.timer || this.closed)
            return;
        void this.refresh();
        this.timer = setInterval(() => void this.refresh(), this.options.intervalMs);
        this.timer.unref();
    }
    /** Reads now, or joins the read in flight; never rejects. */
    refresh() {
        if (this.closed)
            return Promise.resolve(this.state());
        this.inFlight ??= this.read().finally(() => {
            this.inFlight = null;
        });
        return this.inFlight;
    }
    state() {
        const health = this.last;
        const ageMs = this.lastAt === null ? null : Math.max(0, this.now() - this.lastAt);
        const stale = ageMs !== null && ageMs > this.options.maxAgeMs;
        const healthy = health !== null && this.lastError === null && health.healthy && !stale;
        return { health, error: this.lastError, ageMs, stale, healthy, reason: healthy ? null : this.reasonNotHealthy(health, ageMs, stale) };
    }
    /** Stops the timer and waits for a read in flight. */
    async close() {
        this.closed = true;
        if (this.timer)
            clearInterval(this.timer);
        this.timer = null;
        await this.inFlight;
    }
    async read() {
        try {
            const health = await this.options.connector.health();
            this.last = health;
            this.lastAt = this.now();
            this.lastError = null;
        }
        catch (error) {
            // The client has counted and logged an UpstreamError already; anything else is a bug of ours, logged here.
            if (error instanceof UpstreamError)
                this.lastError = error;
            else {
                this.options.logger.error({ err: error }, 'dark store: health read failed unexpectedly');
                this.lastError = new UpstreamError(`dark-store health: ${String(error)}`, { code: 'UPSTREAM_UNAVAILABLE', upstream: 'dark-store', operation: 'health' }, { cause: error });
            }
        }
        const state = this.state();
        this.logTransition(state);
        return state;
    }
    /** One line when the promise becomes available or unavailable, not one per read. */
    logTransition(state) {
        if (this.wasHealthy === state.healthy)
            return;
        this.wasHealthy = state.healthy;
        if (state.healthy)
            this.options.logger.info({ upstream: 'dark-store' }, 'dark store healthy: the 2-4 hour promise is offered');
        else
            this.options.logger.warn({ upstream: 'dark-store', reason: state.reason }, 'dark store not healthy: no 2-4 hour promise');
    }
    reasonNotHealthy(health, ageMs, stale) {
        if (this.lastError)
            return `the dark store's health could not be read (${this.lastError.code}: ${this.lastError.message})`;
        if (health === null)
            return "the dark store's health has not been read yet";
        if (stale)
            return `the dark store's last health reading is ${Math.round((ageMs ?? 0) / 1000)} s old (over ${Math.round(this.options.maxAgeMs / 1000)} s)`;
        return `the dark store is not healthy: status '${health.status}', db '${health.db}' (healthy is status 'ok' and db 'connected')`;
    }
}
/**
 * Gauges read at scrape time. A value that is not known (no reading yet, memory in a unit we do not read) is NaN, never
 * a made-up 0 (a label-less gauge cannot be left out of the scrape); `dark_store_up` is 0 whenever the promise would
 * not be offered.
 */
export function registerDarkStoreGauges(metrics, read) {
    const gauge = (name, help, value) => {
        // One monitor per registry: a second one (a module rebuilt in a test) replaces the first's gauges.
        metrics.registry.removeSingleMetric(name);
        new Gauge({
            name,
            help,
            registers: [metrics.registry],
            collect() {
                this.set(value(read()) ?? Number.NaN);
            },
        });
    };
    gauge('dark_store_up', "1 when the dark store's last health reading says status ok and db connected and is fresh, else 0", (s) => (s.healthy ? 1 : 0));
    gauge('dark_store_memory_rss_bytes', "The dark store's memory.rss in bytes, from its last health reading (NaN: none yet, or a unit not read)", (s) => s.health?.memoryRssBytes ?? null);
    gauge('dark_store_uptime_seconds', "The dark store's uptime in seconds, as of its last health reading (NaN: none yet)", (s) => s.health?.uptimeSeconds ?? null);
    gauge('dark_store_health_age_seconds', "Seconds since the dark store's last successful health reading (NaN: none yet)", (s) => (s.ageMs === null ? null : s.ageMs / 1000));
}
