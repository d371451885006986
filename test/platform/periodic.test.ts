/**
 * The periodic-job helper every background loop runs on (src/platform/periodic.ts): runs that never overlap, a stop
 * that waits for the run in flight, failures logged and counted, waits that depend on the run's result, jitter, and one
 * root span per run with the run's HTTP and database spans as its children (OpenTelemetry's in-memory exporter).
 * Intervals are tens of milliseconds; nothing waits real seconds. An integration file (its own worker), not a unit one:
 * it registers a global tracer provider, which must not leak into files sharing a worker.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, trace } from '@opentelemetry/api';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { node, tracing } from '@opentelemetry/sdk-node';
import { Registry } from 'prom-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DarkStoreMonitor } from '../../src/carriers/dark-store/monitor.js';
import { createLogger } from '../../src/platform/logger.js';
import { PeriodicJob } from '../../src/platform/periodic.js';
import { startDarkStoreHarness } from '../carriers/dark-store/harness.js';
import { waitFor } from '../support/wait-for.js';

const silent = { error: () => undefined };
/** Remembers the job for afterEach's stop. */
function track<T extends { stop(): Promise<void> }>(started: T): T {
  job = started;
  return started;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job a test started, stopped after it whatever happened. */
let job: { stop(): Promise<void> } | null = null;
afterEach(async () => {
  await job?.stop();
  job = null;
  vi.useRealTimers();
});

describe('PeriodicJob: start, interval, stop', () => {
  it('runs at once on start, then again after each interval, never two runs at once even when a run outlasts the interval', async () => {
    let running = 0;
    let most = 0;
    const starts: number[] = [];
    const j = new PeriodicJob({
      name: 'test-job',
      intervalMs: 5,
      logger: silent,
      run: async () => {
        starts.push(performance.now());
        running += 1;
        most = Math.max(most, running);
        await sleep(30); // six intervals long
        running -= 1;
      },
    });
    track(j).start();
    track(j).start(); // a second start while started does nothing
    await waitFor(() => starts.length >= 3);
    expect(most).toBe(1);
    // The next run starts after the previous one ended plus the interval, not on a fixed clock.
    for (let i = 1; i < starts.length; i += 1) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(30);
  });

  it('firstDelayMs holds the first run back', async () => {
    let runs = 0;
    const j = new PeriodicJob({ name: 'test-job', intervalMs: 10, firstDelayMs: 60_000, logger: silent, run: async () => void (runs += 1) });
    track(j).start();
    await sleep(50);
    expect(runs).toBe(0);
  });

  it("start(firstDelayMs) holds the first run back by that call's delay, over the option's", async () => {
    let runs = 0;
    const j = new PeriodicJob({ name: 'test-job', intervalMs: 10, logger: silent, run: async () => void (runs += 1) });
    track(j).start(60_000);
    await sleep(50);
    expect(runs).toBe(0);
    await j.stop();
    j.start();
    await waitFor(() => runs >= 1, { timeoutMs: 2_000 });
  });

  it('stop() resolves only once the run in flight has ended, and no run starts after it', async () => {
    let release!: () => void;
    let runs = 0;
    let ended = false;
    const j = new PeriodicJob({
      name: 'test-job',
      intervalMs: 1,
      logger: silent,
      run: async () => {
        runs += 1;
        await new Promise<void>((resolve) => (release = resolve));
        ended = true;
      },
    });
    track(j).start();
    await waitFor(() => runs === 1);
    let stopped = false;
    const stopping = j.stop().then(() => (stopped = true));
    await sleep(20);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ended).toBe(true);
    await sleep(20);
    expect(runs).toBe(1);
    expect(j.started).toBe(false);
  });

  it('a run that throws is logged with the job name, counted as an error, and the job carries on', async () => {
    const registry = new Registry();
    const logged: Array<{ obj: object; msg?: string }> = [];
    let runs = 0;
    const j = new PeriodicJob({
      name: 'test-job',
      intervalMs: 5,
      registry,
      logger: { error: (obj, msg) => void logged.push({ obj, ...(msg === undefined ? {} : { msg }) }) },
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('boom');
      },
    });
    track(j).start();
    await waitFor(() => runs >= 3);
    await j.stop();
    expect(logged[0]).toEqual({ obj: { err: expect.objectContaining({ message: 'boom' }), job: 'test-job' }, msg: 'test-job: run failed' });
    expect(logged).toHaveLength(1);
    const text = await registry.metrics();
    expect(text).toContain('background_job_runs_total{job="test-job",outcome="error"} 1');
    expect(text).toMatch(new RegExp(`background_job_runs_total\\{job="test-job",outcome="ok"\\} ${runs - 1}`));
  });

  it('an interval computed from the run: 0 while there is more to do, the full interval after a failed run', async () => {
    const results: Array<number | undefined> = [];
    let runs = 0;
    const j = new PeriodicJob<number>({
      name: 'test-job',
      intervalMs: (more) => {
        results.push(more);
        return more !== undefined && more > 0 ? 0 : 60_000;
      },
      logger: silent,
      onError: () => undefined,
      run: async () => {
        runs += 1;
        if (runs === 3) throw new Error('down');
        return 3 - runs; // 2, 1, then a failure
      },
    });
    track(j).start();
    await waitFor(() => results.length === 3);
    await sleep(30);
    expect(results).toEqual([2, 1, undefined]);
    expect(runs).toBe(3);
  });

  it('jitter spreads each wait by up to its fraction either way', async () => {
    vi.useFakeTimers();
    const at = (random: number) => {
      let runs = 0;
      const j = new PeriodicJob({ name: 'test-job', intervalMs: 100, firstDelayMs: 100, jitter: 0.5, random: () => random, logger: silent, run: async () => void (runs += 1) });
      j.start();
      return { runs: () => runs, stop: () => j.stop() };
    };
    const early = at(0); // 100 * (1 - 0.5) = 50
    const late = at(0.999); // just under 150
    await vi.advanceTimersByTimeAsync(49);
    expect(early.runs()).toBe(0);
    await vi.advanceTimersByTimeAsync(2);
    expect(early.runs()).toBe(1);
    await vi.advanceTimersByTimeAsync(97); // 148
    expect(late.runs()).toBe(0);
    await vi.advanceTimersByTimeAsync(2); // 150
    expect(late.runs()).toBe(1);
    await early.stop();
    await late.stop();
  });
});

describe('PeriodicJob: one root span per run, the run\'s calls its children', () => {
  const exporter = new tracing.InMemorySpanExporter();
  const provider = new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] });
  let undici: UndiciInstrumentation;
  let server: Server;
  let origin: string;

  beforeAll(async () => {
    provider.register(); // the global tracer provider and the AsyncLocalStorage context manager, as the SDK sets them
    undici = new UndiciInstrumentation();
    undici.setTracerProvider(provider);
    undici.enable();
    server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    undici?.disable();
    await provider.shutdown();
    trace.disable();
    context.disable();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it('each run is a root span named after the job, with its HTTP call and its database span as children, one trace per run', async () => {
    let runs = 0;
    const j = new PeriodicJob({
      name: 'label-worker',
      intervalMs: 5,
      logger: silent,
      run: async () => {
        runs += 1;
        await (await fetch(`${origin}/work`)).text();
        // What the pg instrumentation records for a query: a span started in the active context.
        trace.getTracer('test-db').startSpan('pg.query:SELECT').end();
      },
    });
    // Started inside another span: the runs are still roots of their own traces.
    await trace.getTracer('test').startActiveSpan('caller', async (caller) => {
      track(j).start();
      caller.end();
    });
    await waitFor(() => runs >= 2);
    await j.stop();

    const spans = exporter.getFinishedSpans();
    const roots = spans.filter((s) => s.name === 'label-worker');
    expect(roots.length).toBe(runs);
    expect(new Set(roots.map((r) => r.spanContext().traceId)).size).toBe(runs);
    for (const root of roots) {
      expect(root.parentSpanContext).toBeUndefined();
      expect(root.attributes['job.name']).toBe('label-worker');
      const children = spans.filter((s) => s.parentSpanContext?.spanId === root.spanContext().spanId);
      expect(children.every((c) => c.spanContext().traceId === root.spanContext().traceId)).toBe(true);
      expect(children.map((c) => c.name).sort()).toEqual(['GET', 'pg.query:SELECT']);
      expect(children.find((c) => c.name === 'GET')!.instrumentationScope.name).toContain('instrumentation-undici');
    }
  });

  it('a failed run\'s span is marked as an error with the exception', async () => {
    exporter.reset();
    let runs = 0;
    const j = new PeriodicJob({
      name: 'analytics-exporter',
      intervalMs: 60_000,
      logger: silent,
      onError: () => undefined,
      run: async () => {
        runs += 1;
        throw new Error('bridge down');
      },
    });
    track(j).start();
    await waitFor(() => runs === 1 && exporter.getFinishedSpans().length === 1);
    const [span] = exporter.getFinishedSpans();
    expect(span!.name).toBe('analytics-exporter');
    expect(span!.status).toEqual({ code: 2, message: 'bridge down' });
    expect(span!.events.map((e) => e.name)).toEqual(['exception']);
  });

  it('a background loop on it: each background health read of the dark store is a root span `dark-store-health` with its GET /health as a child', async () => {
    exporter.reset();
    const h = await startDarkStoreHarness();
    const monitor = new DarkStoreMonitor({ connector: h.connector, intervalMs: 10, maxAgeMs: 60_000, logger: createLogger('silent'), metrics: h.metrics });
    try {
      monitor.start();
      await waitFor(() => exporter.getFinishedSpans().filter((s) => s.name === 'dark-store-health').length >= 2);
    } finally {
      await monitor.close();
      await h.close();
    }
    const spans = exporter.getFinishedSpans();
    const roots = spans.filter((s) => s.name === 'dark-store-health');
    for (const root of roots) {
      expect(root.parentSpanContext).toBeUndefined();
      const children = spans.filter((s) => s.parentSpanContext?.spanId === root.spanContext().spanId);
      expect(children.map((c) => [c.instrumentationScope.name, c.attributes['url.path'] ?? c.attributes['url.full']])).toEqual([
        [expect.stringContaining('instrumentation-undici'), expect.stringContaining('/health')],
      ]);
    }
    // Counted per run on the app's registry.
    expect(await h.metrics.registry.metrics()).toMatch(/background_job_runs_total\{job="dark-store-health",outcome="ok"\} [1-9]/);
  });
});
