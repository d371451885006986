import type { Server } from 'node:http';
import {
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  getOperationAST,
  specifiedRules,
  validate,
  type GraphQLSchema,
} from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import type { GraphQLContext } from '../graphql/context.js';
import { checkOperation } from '../graphql/armor.js';
import { limitError, parseWithinTokenLimit, type OperationLimits } from '../graphql/limits.js';
import type { Config } from '../platform/config.js';
import type { OperationObserver } from '../graphql/operation-metrics.js';
import { observeGraphQLWs } from '../graphql/ws-observability.js';
import { wsConnectionAuthorized } from './router-auth.js';
import { checkDirectives, type DirectiveRules } from '../graphql/directive-auth.js';
import type { BearerVerifier } from './bearer-token.js';

export interface GraphQLWsOptions {
  httpServer: Server;
  schema: GraphQLSchema;
  config: Config;
  limits: OperationLimits;
  /** A fresh context for one operation; a subscription gets no request deadline. */
  contextFor(operation: { subscription: boolean }): GraphQLContext;
  /** Request ids, per-operation metrics and error logging, as Apollo's plugin does for HTTP (ws-observability.ts). */
  observer: OperationObserver;
  /** @authenticated / @requiresScopes from the connection's bearer token; null when not enforced in this process. */
  directiveAuth: { rules: DirectiveRules; verify: BearerVerifier } | null;
}

export interface GraphQLWs {
  /** Closes every connection (1001) and the server. */
  dispose(): Promise<void>;
}

/**
 * graphql-ws on /graphql, with what HTTP has: the router's shared secret at connection_init, @authenticated and
 * @requiresScopes per operation from the connection's bearer token (when enforced), the same operation limits
 * (tokens, depth, aliases, cost, page sizes, tracking numbers over the executed selection), introspection and field
 * suggestions as configured. Queries and mutations sent over graphql-ws run through the same checks as subscriptions.
 * Plus the transport's own limits: connection_init within WS_CONNECTION_INIT_TIMEOUT_MS (else 4408), messages of at
 * most WS_MAX_PAYLOAD_BYTES (else 1009), at most WS_MAX_SUBSCRIPTIONS_PER_CONNECTION operations at once.
 */
export function startGraphQLWs({ httpServer, schema, config, limits, contextFor, observer, directiveAuth }: GraphQLWsOptions): GraphQLWs {
  const { introspection, fieldSuggestions } = config.server;
  const { wsConnectionInitTimeoutMs, wsMaxPayloadBytes, wsMaxSubscriptionsPerConnection } = config.limits;
  const rules = introspection ? specifiedRules : [...specifiedRules, NoSchemaIntrospectionCustomRule];
  const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: wsMaxPayloadBytes });
  const cleanup = useServer(
    observeGraphQLWs({
      schema,
      connectionInitWaitTimeout: wsConnectionInitTimeoutMs,
      // false closes the socket with 4403 Forbidden.
      onConnect: (ctx) => wsConnectionAuthorized(config.routerAccess, ctx.connectionParams, ctx.extra.request),
      onSubscribe: async (ctx, _id, payload) => {
        // The operation being started is already counted in ctx.subscriptions.
        if (Object.keys(ctx.subscriptions).length > wsMaxSubscriptionsPerConnection) {
          return [
            forWs(
              limitError(
                'WS_MAX_SUBSCRIPTIONS_PER_CONNECTION',
                `this connection already runs ${wsMaxSubscriptionsPerConnection} operations; at most ${wsMaxSubscriptionsPerConnection} at once (WS_MAX_SUBSCRIPTIONS_PER_CONNECTION)`,
              ),
            ),
          ];
        }
        const parsed = parseWithinTokenLimit(payload.query, limits.maxTokens);
        if ('error' in parsed) return [forWs(withCode(parsed.error, 'GRAPHQL_PARSE_FAILED'))];
        const { document } = parsed;
        const invalid = validate(schema, document, rules, { hideSuggestions: !fieldSuggestions });
        if (invalid.length > 0) return invalid.map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED'));
        const operation = getOperationAST(document, payload.operationName);
        if (!operation) return [withCode(new GraphQLError('Unable to identify operation'), 'OPERATION_RESOLUTION_FAILURE')];
        const refusal = checkOperation(schema, document, operation, payload.variables ?? {}, limits);
        if (refusal) return [forWs(refusal)];
        if (directiveAuth) {
          const variables = payload.variables ?? {};
          const denied = await checkDirectives(directiveAuth.rules, document, operation, variables, () =>
            directiveAuth.verify(authorizationOf(ctx.connectionParams, ctx.extra.request.headers.authorization)),
          );
          if (denied) return [forWs(denied)];
        }
        return {
          schema,
          document,
          operationName: payload.operationName ?? null,
          variableValues: payload.variables ?? null,
          contextValue: contextFor({ subscription: operation.operation === 'subscription' }),
          hideSuggestions: !fieldSuggestions,
        };
      },
    }, observer),
    wsServer,
  );
  return { dispose: async () => cleanup.dispose() };
}

/**
 * The bearer token of a graphql-ws connection: `authorization` in the connection_init payload (any case; a client or
 * router that cannot set headers on the upgrade request puts it there), else the upgrade request's header.
 */
function authorizationOf(connectionParams: Record<string, unknown> | undefined, header: string | undefined): unknown {
  const fromPayload = Object.entries(connectionParams ?? {}).find(([key]) => key.toLowerCase() === 'authorization')?.[1];
  return fromPayload ?? header;
}

/**
 * Parse and validation errors get the codes Apollo gives them over HTTP, so a client reads one vocabulary on both
 * transports (and the error masking of ws-observability.ts keeps them: they are the request's fault, not ours).
 */
function withCode(error: GraphQLError, code: string): GraphQLError {
  if (error.extensions.code) return error;
  return new GraphQLError(error.message, { nodes: error.nodes ?? null, source: error.source ?? null, positions: error.positions ?? null, extensions: { ...error.extensions, code } });
}

/** The same error without Apollo's `http` extension, which means nothing on a WebSocket. */
function forWs(error: GraphQLError): GraphQLError {
  const { http: _http, ...extensions } = error.extensions as Record<string, unknown>;
  return new GraphQLError(error.message, { extensions });
}
