import type { ApolloServerPlugin, BaseContext, GraphQLRequestContext } from '@apollo/server';
import { ApolloServerPluginInlineTrace } from '@apollo/server/plugin/inlineTrace';

/** The header a federation router sends when it wants the subgraph's trace (`ftv1`) in the answer's extensions. */
const TRACE_HEADER = 'apollo-federation-include-trace';

/** Whether the request asks for the subgraph's trace: Apollo then times each of its fields. */
export function traceAsked(requestContext: GraphQLRequestContext<BaseContext>): boolean {
  return requestContext.request.http?.headers.get(TRACE_HEADER) === 'ftv1';
}

/**
 * Apollo's inline tracing (which Apollo installs by itself for a subgraph schema), started only for a request that
 * asks for a trace. Apollo's own plugin builds a trace tree (a protobuf Trace object) for every request before it
 * looks at the header, and drops it when the header is absent, i.e. for nearly every request (issue 12). A request
 * with `apollo-federation-include-trace: ftv1` gets the plugin's trace exactly as before. docs/assumptions.md RQ4.
 */
export function inlineTraceWhenAsked(): ApolloServerPlugin {
  const inner = ApolloServerPluginInlineTrace();
  return {
    // Keeps the plugin's internal id, so Apollo does not install its own copy beside this one.
    ...inner,
    async requestDidStart(requestContext) {
      if (!traceAsked(requestContext)) return;
      return inner.requestDidStart?.(requestContext);
    },
  };
}
