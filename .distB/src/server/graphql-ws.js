import { GraphQLError, NoSchemaIntrospectionCustomRule, getOperationAST, specifiedRules, validate, } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { checkOperation } from '../graphql/armor.js';
import { limitError, parseWithinTokenLimit } from '../graphql/limits.js';
import { observeGraphQLWs } from '../graphql/ws-observability.js';
import { wsConnectionAuthorized } from './router-auth.js';
/**
 * graphql-ws on /graphql, with what HTTP has: the router's shared secret at connection_init, the same operation limits
 * (tokens, depth, aliases, cost, page sizes, tracking numbers over the executed selection), introspection and field
 * suggestions as configured. Queries and mutations sent over graphql-ws run through the same checks as subscriptions.
 * Plus the transport's own limits: connection_init within WS_CONNECTION_INIT_TIMEOUT_MS (else 4408), messages of at
 * most WS_MAX_PAYLOAD_BYTES (else 1009), at most WS_MAX_SUBSCRIPTIONS_PER_CONNECTION operations at once.
 */
export function startGraphQLWs({ httpServer, schema, config, limits, contextFor, observer }) {
    const { introspection, fieldSuggestions } = config.server;
    const { wsConnectionInitTimeoutMs, wsMaxPayloadBytes, wsMaxSubscriptionsPerConnection } = config.limits;
    const rules = introspection ? specifiedRules : [...specifiedRules, NoSchemaIntrospectionCustomRule];
    const wsServer = new WebSocketServer({ server: httpServer, path: '/graphql', maxPayload: wsMaxPayloadBytes });
    const cleanup = useServer(observeGraphQLWs({
        schema,
        connectionInitWaitTimeout: wsConnectionInitTimeoutMs,
        // false closes the socket with 4403 Forbidden.
        onConnect: (ctx) => wsConnectionAuthorized(config.routerAccess, ctx.connectionParams, ctx.extra.request),
        onSubscribe: (ctx, _id, payload) => {
            // The operation being started is already counted in ctx.subscriptions.
            if (Object.keys(ctx.subscriptions).length > wsMaxSubscriptionsPerConnection) {
                return [
                    forWs(limitError('WS_MAX_SUBSCRIPTIONS_PER_CONNECTION', `this connection already runs ${wsMaxSubscriptionsPerConnection} operations; at most ${wsMaxSubscriptionsPerConnection} at once (WS_MAX_SUBSCRIPTIONS_PER_CONNECTION)`)),
                ];
            }
            const parsed = parseWithinTokenLimit(payload.query, limits.maxTokens);
            if ('error' in parsed)
                return [forWs(withCode(parsed.error, 'GRAPHQL_PARSE_FAILED'))];
            const { document } = parsed;
            const invalid = validate(schema, document, rules, { hideSuggestions: !fieldSuggestions });
            if (invalid.length > 0)
                return invalid.map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED'));
            const operation = getOperationAST(document, payload.operationName);
            if (!operation)
                return [withCode(new GraphQLError('Unable to identify operation'), 'OPERATION_RESOLUTION_FAILURE')];
            const refusal = checkOperation(schema, document, operation, payload.variables ?? {}, limits);
            if (refusal)
                return [forWs(refusal)];
            return {
                schema,
                document,
                operationName: payload.operationName ?? null,
                variableValues: payload.variables ?? null,
                contextValue: contextFor({ subscription: operation.operation === 'subscription' }),
                hideSuggestions: !fieldSuggestions,
            };
        },
    }, observer), wsServer);
    return { dispose: async () => cleanup.dispose() };
}
/**
 * Parse and validation errors get the codes Apollo gives them over HTTP, so a client reads one vocabulary on both
 * transports (and the error masking of ws-observability.ts keeps them: they are the request's fault, not ours).
 */
function withCode(error, code) {
    if (error.extensions.code)
        return error;
    return new GraphQLError(error.message, { nodes: error.nodes ?? null, source: error.source ?? null, positions: error.positions ?? null, extensions: { ...error.extensions, code } });
}
/** The same error without Apollo's `http` extension, which means nothing on a WebSocket. */
function forWs(error) {
    const { http: _http, ...extensions } = error.extensions;
    return new GraphQLError(error.message, { extensions });
}
