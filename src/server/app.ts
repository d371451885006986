import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginSubscriptionCallback } from '@apollo/server/plugin/subscriptionCallback';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { GraphQLContext } from '../graphql/context.js';
import { TrackingLoaders } from '../graphql/loaders.js';
import { requestBudgetPlugin } from '../graphql/request-budget.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { Metrics } from '../platform/metrics.js';
import type { Services } from './container.js';
import type { PushRuntime } from './push-runtime.js';
import { GROUP_A_WEBHOOK_PATH } from './webhook.js';
import { buildSchema } from './schema.js';

export interface AppDeps {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  services: Services;
  /** What /healthz reports about where the upstreams are (e.g. the in-process sandbox). */
  mode: 'sandbox' | 'configured';
  /** Group A push: subscriptions and the webhook at /webhooks/group-a. */
  push?: PushRuntime;
}

export interface RunningApp {
  url: string;
  port: number;
  httpServer: Server;
  close(): Promise<void>;
}

/**
 * The HTTP face of the subgraph: /graphql (queries over HTTP, subscriptions over graphql-ws on the same path),
 * /healthz and /metrics.
 */
export async function startApp(deps: AppDeps): Promise<RunningApp> {
  const { config, logger, metrics, services } = deps;
  const schema = buildSchema();
  const app = express();
  app.disable('x-powered-by');
  // The seed: "The subscriber's endpoint must present a valid TLS certificate": HTTPS here when given a certificate
  // and key (WEBHOOK_TLS_CERT_FILE/KEY_FILE), otherwise plain HTTP behind a TLS-terminating proxy.
  const tls = config.webhook.tls;
  const httpServer: Server = tls
    ? (createHttpsServer({ cert: readFileSync(tls.certFile), key: readFileSync(tls.keyFile) }, app) as unknown as Server)
    : createServer(app);

  const contextFor = (): GraphQLContext => ({
    services: { tracking: services.tracking, statusLog: services.statusLog, statusFeed: services.statusFeed, watcher: services.watcher, ...(deps.push ? { push: deps.push.subscriptions } : {}) },
    loaders: new TrackingLoaders(services.tracking),
    logger,
  });

  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql' });
  const wsCleanup = useServer({ schema, context: () => contextFor() }, wsServer);

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    introspection: config.server.introspection,
    includeStacktraceInErrorResponses: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      { async serverWillStart() { return { async drainServer() { await wsCleanup.dispose(); } }; } },
      requestBudgetPlugin(config.server.maxTrackingNumbersPerRequest),
      // Apollo Router's HTTP callback protocol for subscriptions, beside graphql-ws on the same /graphql.
      ApolloServerPluginSubscriptionCallback(),
      ...(config.server.introspection ? [] : [ApolloServerPluginLandingPageDisabled()]),
    ],
    logger: {
      debug: (m) => logger.debug(m),
      info: (m) => logger.info(m),
      warn: (m) => logger.warn(m),
      error: (m) => logger.error(m),
    },
  });
  await apollo.start();

  app.get('/healthz', (_req, res) => {
    res.json({
      status: 'ok',
      mode: deps.mode,
      upstreams: {
        'carrier-b': config.carrierB !== null,
        'group-a/tracking': config.groupATracking !== null,
        'group-a/express': config.groupAExpress !== null,
        'group-a/ecommerce': config.groupAEcommerce !== null,
      },
    });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
  if (deps.push) app.use(GROUP_A_WEBHOOK_PATH, deps.push.router);
  app.use('/graphql', express.json({ limit: '2mb' }), expressMiddleware(apollo, { context: async () => contextFor() }));

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.server.port, config.server.host, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  const host = config.server.host === '0.0.0.0' || config.server.host === '::' ? 'localhost' : config.server.host;
  return {
    url: `${tls ? 'https' : 'http'}://${host}:${port}/graphql`,
    port,
    httpServer,
    async close() {
      await apollo.stop();
    },
  };
}
