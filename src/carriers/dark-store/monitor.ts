import { Gauge } from 'prom-client';
import { UpstreamError } from '../../domain/errors.js';
import type { DarkStoreHealth } from '../../domain/rating.js';
import type { Logger } from '../../platform/logger.js';
import type { Metrics } from '../../platform/metrics.js';
import { PeriodicJob } from '../../platform/periodic.js';
import type { HealthConnector } from '../types.js';

/** What is known of the store's health right now (no I/O to read it). */
export interface DarkStoreHealthState {
  /** The last successful reading; null before the first one. */
  health: DarkStoreHealth | null;
  /** The last read's failure; null when the last read answered. */
  error: UpstreamError | null;
  /** Since the last successful reading was taken; null before the first one. */
  ageMs: number | null;
  /** The last successful reading is older than the staleness bound (DARK_STORE_HEALTH_MAX_AGE_MS). */
  stale: boolean;
  /** The last read answered, status `ok`, db `connected`, and it is not stale: the 2-4 hour promise may be offered. */
  healthy: boolean;
  /** Why not healthy, in words a client can show (status and db as given, the failure, the age); null when healthy. */
  reason: string | null;
}

export interface DarkStoreMonitorOptions {
  connector: HealthConnector;
  /** Between background reads (DARK_STORE_HEALTH_INTERVAL_MS). */
  intervalMs: number;
  /** A reading older than this counts as unhealthy (DARK_STORE_HEALTH_MAX_AGE_MS). */
  maxAgeMs: number;
  logger: Logger;
  /** Registers dark_store_* gauges on this registry when given. */
  metrics?: Metrics;
  now?: () => number;
}

/**
 * Reads the store's `/health` in the background, one read at a time, and keeps the last reading and its age. Rating
 * and the delivery promise ask `state()`, which makes no call: a checkout never waits on the store's health endpoint.
 * docs/assumptions.md DS3: a reading older than the bound, or a failed last read, counts as unhealthy.
 */
export class DarkStoreMonitor {
  private readonly options: DarkStoreMonitorOptions;
  private readonly now: () => number;
  private last: DarkStoreHealth | null = null;
  private lastAt: number | null = null;
  private lastError: UpstreamError | null = null;
  private inFlight: Promise<DarkStoreHealthState> | null = null;
  private readonly job: PeriodicJob<DarkStoreHealthState>;
  private closed = false;
  private wasHealthy: boolean | null = null;

  constructor(options: DarkStoreMonitorOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    if (options.metrics) registerDarkStoreGauges(options.metrics, () => this.state());
    this.job = new PeriodicJob({
      name: 'dark-store-health',
      run: () => this.refresh(),
      intervalMs: options.intervalMs,
      logger: options.logger,
      registry: options.metrics?.registry ?? null,
    });
  }

  /** First read at once, then one every interval; the timer never keeps the process alive. */
  start(): void {
    if (this.closed) return;
    this.job.start();
  }

  /** Reads now, or joins the read in flight; never rejects. */
  refresh(): Promise<DarkStoreHealthState> {
    if (this.closed) return Promise.resolve(this.state());
    this.inFlight ??= this.read().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  state(): DarkStoreHealthState {
    const health = this.last;
    const ageMs = this.lastAt === null ? null : Math.max(0, this.now() - this.lastAt);
    const stale = ageMs !== null && ageMs > this.options.maxAgeMs;
    const healthy = health !== null && this.lastError === null && health.healthy && !stale;
    return { health, error: this.lastError, ageMs, stale, healthy, reason: healthy ? null : this.reasonNotHealthy(health, ageMs, stale) };
  }

  /** Stops the timer and waits for a read in flight. */
  async close(): Promise<void> {
    this.closed = true;
    await this.job.stop();
    await this.inFlight;
  }

  private async read(): Promise<DarkStoreHealthState> {
    try {
      const health = await this.options.connector.health();
      this.last = health;
      this.lastAt = this.now();
      this.lastError = null;
    } catch (error) {
      // The client has counted and logged an UpstreamError already; anything else is a bug of ours, logged here.
      if (error instanceof UpstreamError) this.lastError = error;
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
  private logTransition(state: DarkStoreHealthState): void {
    if (this.wasHealthy === state.healthy) return;
    this.wasHealthy = state.healthy;
    if (state.healthy) this.options.logger.info({ upstream: 'dark-store' }, 'dark store healthy: the 2-4 hour promise is offered');
    else this.options.logger.warn({ upstream: 'dark-store', reason: state.reason }, 'dark store not healthy: no 2-4 hour promise');
  }

  private reasonNotHealthy(health: DarkStoreHealth | null, ageMs: number | null, stale: boolean): string {
    if (this.lastError) return `the dark store's health could not be read (${this.lastError.code}: ${this.lastError.message})`;
    if (health === null) return "the dark store's health has not been read yet";
    if (stale) return `the dark store's last health reading is ${Math.round((ageMs ?? 0) / 1000)} s old (over ${Math.round(this.options.maxAgeMs / 1000)} s)`;
    return `the dark store is not healthy: status '${health.status}', db '${health.db}' (healthy is status 'ok' and db 'connected')`;
  }
}

/**
 * Gauges read at scrape time. A value that is not known (no reading yet, memory in a unit we do not read) is NaN, never
 * a made-up 0 (a label-less gauge cannot be left out of the scrape); `dark_store_up` is 0 whenever the promise would
 * not be offered.
 */
export function registerDarkStoreGauges(metrics: Metrics, read: () => DarkStoreHealthState): void {
  const gauge = (name: string, help: string, value: (state: DarkStoreHealthState) => number | null) => {
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
