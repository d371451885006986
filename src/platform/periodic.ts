/**
 * One background job run again and again (the label worker, the analytics exporter, the watcher, the webhook inbox's
 * sweep, the dark store's health reads): written once here instead of a timer, a flag and a promise in each.
 *
 * - Runs never overlap: the next wait starts when a run ends (a slow run delays the next, it never doubles it).
 * - `stop()` cancels the wait and resolves once the run in flight has ended; the shutdown steps (SIGTERM, SIGINT:
 *   src/server/start.ts) call each job's stop, so a job is never cut off mid-run by its own process.
 * - Each run is one root span named after the job (OpenTelemetry; a no-op when tracing is off): the database and HTTP
 *   calls the run makes are its children, one trace per run, instead of lone spans with no job to name them.
 * - A run that throws is logged, counted (`background_job_runs_total{job,outcome}` when a registry is given) and
 *   marked on its span; the job carries on at the next interval.
 * - Timers never keep the process alive.
 */
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { Counter, type Registry } from 'prom-client';

export interface PeriodicLogger {
  error(obj: object, msg?: string): void;
}

export interface PeriodicJobOptions<R> {
  /** Names the job: its root span, its log line on failure and its `job` label on /metrics (e.g. `label-worker`). */
  name: string;
  /** One run. What it resolves to is handed to `intervalMs` when that is a function. */
  run: () => Promise<R>;
  /**
   * The wait between the end of one run and the start of the next; a function of the run's result (undefined after a
   * failed run) for a job that goes again at once while there is more to do.
   */
  intervalMs: number | ((result: R | undefined) => number);
  /** The wait before the first run after `start()` (default 0: at once). */
  firstDelayMs?: number;
  /**
   * Each wait is spread at random by up to this fraction of itself either way (0 to 1; default 0, exact waits), so
   * that replicas started together do not run in step.
   */
  jitter?: number;
  /** [0, 1): the jitter's source (tests fix it). */
  random?: () => number;
  logger: PeriodicLogger;
  /** Logs a failed run; default: an error line `<name>: run failed` with the error. */
  onError?: (error: unknown) => void;
  /** Counts runs by outcome on this registry when given. */
  registry?: Registry | null;
}

const TRACER = 'carrier-subgraph';
const RUNS_METRIC = 'background_job_runs_total';

/** The runs counter of a registry, registered once (several jobs, and several servers in one test process, share it). */
function runsCounter(registry: Registry | null | undefined): Counter<'job' | 'outcome'> | null {
  if (!registry) return null;
  const existing = registry.getSingleMetric(RUNS_METRIC);
  if (existing) return existing as Counter<'job' | 'outcome'>;
  return new Counter({
    name: RUNS_METRIC,
    help: 'Runs of each background job (label-worker, analytics-exporter, watcher, webhook-inbox-sweep, dark-store-health) by outcome (ok, error)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
}

/** Runs `fn` as the root span `name` (a new trace), its async work in the span's context; rethrows what `fn` throws. */
export function inRootSpan<T>(name: string, fn: () => Promise<T>): Promise<T> {
  return trace.getTracer(TRACER).startActiveSpan(name, { root: true, kind: SpanKind.INTERNAL, attributes: { 'job.name': name } }, async (span) => {
    try {
      return await fn();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

export class PeriodicJob<R = unknown> {
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<void> | null = null;
  private active = false;
  private readonly runs: Counter<'job' | 'outcome'> | null;
  private readonly random: () => number;

  constructor(private readonly options: PeriodicJobOptions<R>) {
    this.runs = runsCounter(options.registry);
    this.random = options.random ?? Math.random;
  }

  /** True between `start()` and `stop()`. */
  get started(): boolean {
    return this.active;
  }

  /**
   * The first run after `firstDelayMs` (this call's, else the option's), then one after each interval; calling it again
   * while started does nothing.
   */
  start(firstDelayMs = this.options.firstDelayMs ?? 0): void {
    if (this.active) return;
    this.active = true;
    // A run still ending from before a stop() schedules the next one itself when it ends.
    if (!this.inFlight) this.schedule(firstDelayMs);
  }

  /** No more runs; resolves once the run in flight (if any) has ended. `start()` again resumes. */
  async stop(): Promise<void> {
    this.active = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
  }

  private schedule(delayMs: number): void {
    if (!this.active) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const run: Promise<void> = this.runOnce().finally(() => {
        if (this.inFlight === run) this.inFlight = null;
      });
      this.inFlight = run;
    }, this.jittered(delayMs));
    this.timer.unref();
  }

  /** One run in its root span; never rejects. Schedules the next when the job is still started. */
  private async runOnce(): Promise<void> {
    let result: R | undefined;
    try {
      result = await inRootSpan(this.options.name, this.options.run);
      this.runs?.inc({ job: this.options.name, outcome: 'ok' });
    } catch (error) {
      this.runs?.inc({ job: this.options.name, outcome: 'error' });
      try {
        if (this.options.onError) this.options.onError(error);
        else this.options.logger.error({ err: error, job: this.options.name }, `${this.options.name}: run failed`);
      } catch {
        // A logger that throws must not stop the job.
      }
    }
    const { intervalMs } = this.options;
    this.schedule(typeof intervalMs === 'function' ? intervalMs(result) : intervalMs);
  }

  private jittered(delayMs: number): number {
    const jitter = Math.min(1, Math.max(0, this.options.jitter ?? 0));
    if (jitter === 0 || delayMs <= 0) return Math.max(0, delayMs);
    return Math.max(0, Math.round(delayMs * (1 + jitter * (2 * this.random() - 1))));
  }
}
