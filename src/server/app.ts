import { readFileSync } from 'node:fs';
import type * as NodeHttp from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginSubscriptionCallback } from '@apollo/server/plugin/subscriptionCallback';
import express from 'express';
import type { GraphQLContext, ShippingContext } from '../graphql/context.js';
import { graphQLContextFactory } from '../graphql/context-factory.js';
import { apolloParseOptions, hideSuggestionsPlugin, operationLimitsPlugin } from '../graphql/armor.js';
import { operationLimitsFrom } from '../graphql/limits.js';
import { formatGraphQLError } from '../graphql/errors.js';
import { noStorePlugins } from '../graphql/cache-control.js';
import { OperationObserver, operationObserverPlugin } from '../graphql/operation-metrics.js';
import { requestLogging } from './request-id.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { Metrics } from '../platform/metrics.js';
import type { Services } from './container.js';
import type { PushRuntime } from './push-runtime.js';
import { startGraphQLWs } from './graphql-ws.js';
import { guardedSubscriptionCallback, routerSecretMiddleware } from './router-auth.js';
import { callbackHeartbeatWithMargin } from './callback-heartbeat.js';
import { callbackFailuresExplained, callbackFetcher } from './callback-no-redirect.js';
import { graphqlJsonErrors } from './json-errors.js';
import { graphqlHttpHandler } from './graphql-http.js';
import { offlineLandingPagePlugin } from './landing-page.js';
import { graphqlPostFastPath } from './graphql-fast-path.js';
import { fastJsonBody } from './json-body.js';
import { inlineTraceWhenAsked, traceAsked } from '../graphql/inline-trace.js';
import { tracingActive } from '../platform/tracing.js';
import { buildSchema } from './schema.js';
import { compiledQueries, schemaWithExecutor } from '../graphql/jit-executor.js';
import { DirectiveRules, directiveAuthPlugin } from '../graphql/directive-auth.js';
import { bearerVerifier } from './bearer-token.js';
import { metricsRoute, startMetricsListener } from './metrics-endpoint.js';
import { startIdleGc } from '../platform/idle-gc.js';

/**
 * `node:http` through `require`, not `import`: an ES import of it builds the module's ESM facade, which reads every
 * export, and the lazy `WebSocket`, `CloseEvent` and `MessageEvent` getters among them load Node's own bundled undici
 * (~80 ms of a start here, issue 12 item 4, assumption SU4). Nothing here uses those three. Type-only imports of
 * `node:http` elsewhere are erased at compile time.
 */
const { createServer } = createRequire(import.meta.url)('node:http') as typeof NodeHttp;

/** The largest JSON body /graphql reads (express.json's `2mb`); a larger one is answered 413 PAYLOAD_TOO_LARGE. */
const JSON_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

export interface AppDeps {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  services: Services;
  /** Where the upstreams are: the in-process sandbox or configured carriers. */
  mode: 'sandbox' | 'configured';
  /** /healthz (liveness) and /readyz (readiness), see health.ts. */
  health?: express.Router;
  /** Group A push: subscriptions and the webhook at /webhooks/group-a. */
  push?: PushRuntime;
  /** GET /documents/:id behind signed URLs (src/server/documents.ts, documentsRouter). */
  documents?: express.Router;
  /** What the shipping resolvers need beside the service (signed document URLs, input rules); absent without a store. */
  shipping?: ShippingContext;
}

export interface RunningApp {
  url: string;
  port: number;
  httpServer: Server;
  /** /metrics on its own listener (METRICS_PORT); null when it is served on the main port. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

/**
 * The HTTP face of the subgraph: /graphql (queries over HTTP, subscriptions over graphql-ws on the same path),
 * /healthz, /readyz and /metrics.
 */
export async function startApp(deps: AppDeps): Promise<RunningApp> {
  const { config, logger, metrics, services } = deps;
  const schema = buildSchema();
  const app = express();
  app.disable('x-powered-by');
  const logRequest = requestLogging(logger);
  app.use(logRequest);
  const operations = new OperationObserver(metrics, logger);
  // The seed: "The subscriber's endpoint must present a valid TLS certificate": HTTPS here when given a certificate
  // and key (WEBHOOK_TLS_CERT_FILE/KEY_FILE), otherwise plain HTTP behind a TLS-terminating proxy.
  const tls = config.webhook.tls;
  // Set once Apollo has started (below); until then the server is not listening, so no request arrives.
  let handle: (req: IncomingMessage, res: ServerResponse) => void = app;
  // One memory-reducing garbage collection once requests stop for IDLE_GC_MS (SR4): what the young generation grew to under load
  // goes back to the system.
  const idleGc = startIdleGc({ idleMs: config.server.idleGcMs, logger });
  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    idleGc.request(req.url);
    handle(req, res);
  };
  const httpServer: Server = tls
    ? (createHttpsServer({ cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) }, onRequest) as unknown as Server)
    : createServer(onRequest);

  const limits = operationLimitsFrom(config);
  // Shared by every request, so built once; frozen, since no request may change what the next one sees.
  const contextFor = graphQLContextFactory({
    services: Object.freeze({ tracking: services.tracking, divisionsOf: services.registry.divisionsOf, statusLog: services.statusLog, statusFeed: services.statusFeed, watcher: services.watcher, rating: services.rating, promise: services.promise, landedCost: services.landedCost, addresses: services.addresses, ...(deps.push ? { push: deps.push.subscriptions } : {}), ...(deps.shipping ? { shipping: deps.shipping } : {}), pickups: services.pickups, analytics: services.outbox ? { outbox: services.outbox, exportConfigured: !!config.analytics } : null }),
    tracking: services.tracking,
    logger,
    requestDeadlineMs: config.limits.requestDeadlineMs,
    maxPageSize: config.limits.maxPageSize,
  });

  // @authenticated / @requiresScopes checked here too, from the bearer token the router forwards (auth-config.ts).
  const directiveAuth = config.auth.directives.enforced ? { rules: new DirectiveRules(schema), verify: bearerVerifier(config.auth.directives) } : null;
  const ws = startGraphQLWs({ httpServer, schema, config, limits, contextFor, observer: operations, directiveAuth });

  const { introspection, fieldSuggestions } = config.server;
  // Queries run compiled once their document repeats (jit-executor.ts), through Apollo's gateway interface (its only way
  // to take another executor) and, for answers without errors, from a plugin before Apollo's execution step. A request
  // whose fields Apollo times (a trace asked for; Apollo's usage reporting, which Apollo turns on by itself when
  // APOLLO_KEY is set) is left to that execution step.
  const apolloReporting = !!process.env['APOLLO_KEY'];
  const compiled = compiledQueries(schema, config.server.compiledQueriesMax, undefined, (requestContext) => !apolloReporting && !traceAsked(requestContext));
  const apollo = new ApolloServer<GraphQLContext>({
    gateway: schemaWithExecutor(schema, compiled.executor),
    introspection,
    // "Did you mean ...?" names schema members: off with introspection's defaults (graphql-js for validation,
    // hideSuggestionsPlugin for execution, e.g. enum values in variables). graphql-ws does the same (graphql-ws.ts).
    validationOptions: { hideSuggestions: !fieldSuggestions },
    parseOptions: apolloParseOptions(limits),
    includeStacktraceInErrorResponses: false,
    // main.ts owns SIGTERM/SIGINT (drain, then workers and store, then exit); Apollo's own handlers would stop it twice.
    stopOnTerminationSignals: false,
    formatError: formatGraphQLError,
    plugins: [
      // In-flight requests may take the whole shutdown budget; main.ts's deadline decides when waiting stops.
      ApolloServerPluginDrainHttpServer({ httpServer, stopGracePeriodMillis: config.server.shutdownTimeoutMs }),
      { async serverWillStart() { return { async drainServer() { await ws.dispose(); } }; } },
      operationLimitsPlugin(limits),
      ...(directiveAuth ? [directiveAuthPlugin(directiveAuth.rules, directiveAuth.verify)] : []),
      ...(fieldSuggestions ? [] : [hideSuggestionsPlugin()]),
      operationObserverPlugin(operations),
      ...noStorePlugins(),
      // Apollo Router's HTTP callback protocol for subscriptions, beside graphql-ws on the same /graphql; callbacks only
      // toward SUBSCRIPTION_CALLBACK_ALLOWED_HOSTS, and never for a refused operation.
      // Its fetcher never follows a redirect (callback-no-redirect.ts).
      guardedSubscriptionCallback(
        callbackHeartbeatWithMargin(callbackFailuresExplained(ApolloServerPluginSubscriptionCallback({ fetcher: callbackFetcher(logger) }), logger)),
        config.routerAccess.callbackAllowedHosts,
      ),
      // Introspection off: no landing page. In development GraphiQL bundled from npm, which works offline
      // (landing-page.ts); in production with introspection turned on, Apollo's production page as before.
      ...(!introspection ? [ApolloServerPluginLandingPageDisabled()] : config.server.production ? [] : [offlineLandingPagePlugin()]),
      inlineTraceWhenAsked(),
      compiled.plugin,
    ],
    logger: {
      debug: (m) => logger.debug(m),
      info: (m) => logger.info(m),
      warn: (m) => logger.warn(m),
      error: (m) => logger.error(m),
    },
  });
  await apollo.start();

  const routerSecret = routerSecretMiddleware(config.routerAccess);
  const jsonBody = express.json({ limit: JSON_BODY_LIMIT_BYTES });
  // Our own Apollo integration (graphql-http.ts): @as-integrations/express5 calls url.parse on every request.
  // Over HTTP a subscription arrives only through the router's callback protocol (extensions.subscription).
  const graphqlHandler = graphqlHttpHandler(apollo, async ({ req }) => contextFor({ subscription: !!(req.body as { extensions?: { subscription?: unknown } } | undefined)?.extensions?.subscription }));
  const graphqlErrors = graphqlJsonErrors(logger);
  // First: /graphql is nearly every request, so it is matched before the routes of probes, scrapes and webhooks.
  app.use('/graphql', routerSecret, jsonBody, graphqlHandler, graphqlErrors);
  // POST /graphql skips express's router (graphql-fast-path.ts) with the same handlers, a plain JSON body read without
  // body-parser's general path (json-body.ts); not with tracing on.
  if (!tracingActive()) {
    handle = graphqlPostFastPath(app, [logRequest, routerSecret, fastJsonBody(JSON_BODY_LIMIT_BYTES, jsonBody), graphqlHandler], graphqlErrors);
  }

  if (deps.health) app.use(deps.health);
  // /metrics on PORT unless METRICS_PORT gives it a listener of its own; METRICS_TOKEN guards it either way.
  const metricsAccess = config.metricsAccess ?? { token: null, host: '127.0.0.1', port: null };
  if (metricsAccess.port === null) app.get('/metrics', metricsRoute(metrics.registry, metricsAccess, config.server.production));
  const metricsListener =
    metricsAccess.port === null ? null : await startMetricsListener(metrics.registry, { ...metricsAccess, port: metricsAccess.port }, config.server.production);
  if (deps.push) app.use(deps.push.path, deps.push.router);
  // Not behind routerSecretMiddleware: document URLs are handed to clients (a browser, a label printer) that never pass
  // through the router, so the URL's own signature and expiry are the credential (document-links.ts).
  if (deps.documents) app.use(deps.documents);
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.server.port, config.server.host, () => resolve());
  }).catch(async (error: unknown) => {
    await metricsListener?.close();
    throw error;
  });
  const port = (httpServer.address() as AddressInfo).port;
  const host = config.server.host === '0.0.0.0' || config.server.host === '::' ? 'localhost' : config.server.host;
  return {
    url: `${tls ? 'https' : 'http'}://${host}:${port}/graphql`,
    port,
    httpServer,
    metricsUrl: metricsListener?.url ?? null,
    async close() {
      idleGc.stop();
      await apollo.stop();
      await metricsListener?.close();
    },
  };
}
