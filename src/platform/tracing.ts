/**
 * OpenTelemetry tracing, preloaded before the app: `node --import ./dist/src/platform/tracing.js dist/src/main.js`
 * (`tsx --import ./src/platform/tracing.ts src/main.ts` in development; the npm scripts do this). It must run before
 * the app's modules load: ESM modules (graphql) can only be instrumented through a loader hook registered first.
 *
 * Only when OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise nothing below is even imported, so tracing costs nothing.
 * The SDK reads the standard OTEL_* variables itself (OTEL_EXPORTER_OTLP_PROTOCOL, OTEL_SERVICE_NAME,
 * OTEL_TRACES_SAMPLER, OTEL_BSP_SCHEDULE_DELAY, ...). Spans: HTTP in and out, Express, GraphQL parse/validate/execute
 * (resolvers of lists are not spanned one by one), undici calls to the carriers, pg queries.
 */
// First: every module loaded after it (the whole application) is read from Node's compile cache when it holds it.
import './compile-cache.js';
import { register } from 'node:module';

interface Tracing {
  shutdown(): Promise<void>;
}

/** Kept on globalThis so a second copy of this module (another loader's) neither starts a second SDK nor misses it. */
const STARTED = Symbol.for('carrier-subgraph.tracing');
type WithTracing = typeof globalThis & { [STARTED]?: Tracing | null };
const global = globalThis as WithTracing;

async function startTracing(): Promise<Tracing> {
  // Traces only: metrics are Prometheus' on /metrics and logs are pino's on stdout, unless an operator asks for more.
  process.env['OTEL_METRICS_EXPORTER'] ??= 'none';
  process.env['OTEL_LOGS_EXPORTER'] ??= 'none';
  // Hook only the modules an instrumentation asks for, not every import (import-in-the-middle's recommended setup).
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { UndiciInstrumentation }, { PgInstrumentation }, { GraphQLInstrumentation }, { ExpressInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-undici'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-graphql'),
      import('@opentelemetry/instrumentation-express'),
    ]);
  const sdk = new NodeSDK({
    serviceName: process.env['OTEL_SERVICE_NAME'] ?? 'carrier-subgraph',
    // Endpoint, protocol (http/protobuf by default, http/json) and headers come from the OTEL_EXPORTER_OTLP_* variables.
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes are not traced: they would drown the requests someone investigates.
        ignoreIncomingRequestHook: (request) => /^\/(healthz|readyz|metrics)(\?|$)/.test(request.url ?? ''),
      }),
      new UndiciInstrumentation(),
      new PgInstrumentation(),
      // One span per resolver of every list item would dwarf the trace; the operation, parse, validate and execute stay.
      new GraphQLInstrumentation({ ignoreTrivialResolveSpans: true, mergeItems: true }),
      new ExpressInstrumentation(),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  return { shutdown: () => sdk.shutdown() };
}

/** Whether the OpenTelemetry SDK runs in this process (OTEL_EXPORTER_OTLP_ENDPOINT set and the preload loaded). */
export function tracingActive(): boolean {
  return !!global[STARTED];
}

/** Flushes spans still batched and stops the exporter; a no-op when tracing is off. The shutdown path calls it last. */
export async function shutdownTracing(): Promise<void> {
  const tracing = global[STARTED];
  global[STARTED] = null;
  await tracing?.shutdown().catch(() => undefined);
}

if (process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] && global[STARTED] === undefined) {
  global[STARTED] = null;
  global[STARTED] = await startTracing();
}
