import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../push/child-server.js';
import { startOtlpReceiver } from '../support/otlp-receiver.js';
import { waitFor } from '../support/wait-for.js';

const SPAN_KIND = { SERVER: 2, CLIENT: 3 } as const;

describe('OpenTelemetry traces (issue 7, item 11)', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let child: ChildServer | null = null;
  let dataDir: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    dataDir = await mkdtemp(join(tmpdir(), 'carrier-subgraph-otel-'));
  });
  afterAll(async () => {
    await child?.kill();
    await receiver?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('with OTEL_EXPORTER_OTLP_ENDPOINT set, `npm start` exports the caller-traced GraphQL request (HTTP in, GraphQL operation) and its undici call to the carrier, flushed on SIGTERM', async () => {
    child = await startChildServer(
      {
        SANDBOX: 'on',
        DATA_DIR: dataDir,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Nothing is sent on a timer during the test: what arrives was flushed by the shutdown.
        OTEL_BSP_SCHEDULE_DELAY: '600000',
      },
      undefined,
      { command: ['npm', 'start'], startTimeoutMs: 150_000 },
    );
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const response = await fetch(`${child.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-b7ad6b7169203331-01` },
      body: JSON.stringify({ query: 'query TraceMe { shipment(carrier: CARRIER_B, trackingNumber: "100000071003") { id } }' }),
    });
    expect(((await response.json()) as { data?: { shipment?: { id?: string } } }).data?.shipment?.id).toMatch(/^CARRIER_B:/);
    // The label worker's first pass comes a moment after the start: the next test reads its span.
    await waitFor(async () => /^background_job_runs_total\{[^}]*job="label-worker"[^}]*\} [1-9]/m.test(await (await fetch(`${child!.origin}/metrics`)).text()), { timeoutMs: 20_000, intervalMs: 100 });

    child.process.kill('SIGTERM');
    expect((await child.exited).code).toBe(0);

    const ofTrace = receiver.spans.filter((span) => span.traceId === traceId);
    expect(ofTrace.find((s) => s.scope.includes('instrumentation-http') && s.kind === SPAN_KIND.SERVER && s.name === 'POST /graphql')).toBeDefined();
    expect(ofTrace.find((s) => s.scope.includes('instrumentation-graphql') && s.name === 'query TraceMe')).toBeDefined();
    const carrierCall = ofTrace.find((s) => s.scope.includes('instrumentation-undici') && s.kind === SPAN_KIND.CLIENT && String(s.attributes['url.full']).includes('/track/v1/trackingnumbers'));
    expect(carrierCall).toBeDefined();
    // The log lines of that request name the trace too (the request id is the traceparent's trace id).
    expect(child.output()).toContain(`"requestId":"${traceId}"`);
  }, 200_000);

  it('each run of a background job is one root span named after the job, its HTTP calls its children (spans of the process above)', () => {
    // The process of the test above ran its background jobs from start to SIGTERM: the dark store's health read runs at
    // once on start, the label worker a moment later (the test above waited for its first pass).
    const roots = receiver.spans.filter((s) => s.name === 'dark-store-health' || s.name === 'label-worker');
    expect(new Set(roots.map((s) => s.name))).toEqual(new Set(['dark-store-health', 'label-worker']));
    for (const root of roots) expect(root.parentSpanId, root.name).toBe('');
    const health = roots.filter((s) => s.name === 'dark-store-health');
    const calls = receiver.spans.filter((s) => health.some((root) => s.parentSpanId === root.spanId));
    expect(calls.length).toBeGreaterThanOrEqual(health.length);
    for (const call of calls) {
      expect(call.scope).toContain('instrumentation-undici');
      expect(String(call.attributes['url.full'])).toContain('/health');
      expect(health.some((root) => root.traceId === call.traceId)).toBe(true);
    }
  });

  it('without OTEL_EXPORTER_OTLP_ENDPOINT the preload loads no SDK at all (no tracer provider is registered)', async () => {
    const probe = "console.log(JSON.stringify(Object.getOwnPropertySymbols(globalThis).map(String).filter((s) => s.includes('opentelemetry'))))";
    const run = async (env: Record<string, string>) => {
      const { stdout } = await promisify(execFile)('node_modules/.bin/tsx', ['--import', './src/platform/tracing.ts', '--eval', probe], {
        env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: '', ...env },
      });
      return JSON.parse(stdout.trim().split('\n').pop()!) as string[];
    };
    expect(await run({})).toEqual([]);
    // The same probe does see the SDK when tracing is on, so the empty answer above means something.
    expect((await run({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint })).length).toBeGreaterThan(0);
  }, 60_000);
});
