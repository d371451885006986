import type { IncomingMessage } from 'node:http';
import {
  execute as graphqlExecute,
  getOperationAST,
  subscribe as graphqlSubscribe,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
  type OperationTypeNode,
} from 'graphql';
import type { ServerOptions } from 'graphql-ws';
import { runWithRequestContext } from '../platform/request-context.js';
import { requestIdFrom } from '../platform/request-id.js';
import { maskInternalError } from './errors.js';
import type { OperationObserver } from './operation-metrics.js';

interface OperationState {
  requestId: string;
  startedAt: bigint;
  operationName: string | null;
  operationType: OperationTypeNode | null;
}

function isAsyncIterable(value: unknown): value is AsyncIterableIterator<ExecutionResult> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/**
 * graphql-ws gets what Apollo's plugin gives HTTP: a request id per operation (`<connection id>:<operation id>`, the
 * connection id taken from the upgrade request's x-request-id or traceparent like HTTP), every log line written while
 * the operation (or one subscription event) executes carries it, per-operation metrics, unexpected errors logged and
 * masked, upstream failures recorded. It wraps the server options; the hooks given keep working as before.
 */
export function observeGraphQLWs<P extends Record<string, unknown> | undefined, E extends { request: IncomingMessage }>(
  options: ServerOptions<P, E>,
  observer: OperationObserver,
): ServerOptions<P, E> {
  const connectionIds = new WeakMap<object, string>();
  const operations = new WeakMap<object, Map<string, OperationState>>();
  const byContextValue = new WeakMap<object, OperationState>();
  const execute = options.execute ?? graphqlExecute;
  const subscribe = options.subscribe ?? graphqlSubscribe;

  const operationsOf = (ctx: object): Map<string, OperationState> => {
    let map = operations.get(ctx);
    if (!map) operations.set(ctx, (map = new Map()));
    return map;
  };
  const stateOf = (args: ExecutionArgs): OperationState | undefined =>
    typeof args.contextValue === 'object' && args.contextValue !== null ? byContextValue.get(args.contextValue) : undefined;
  const inContext = <T>(state: OperationState | undefined, fn: () => T): T =>
    state ? runWithRequestContext({ requestId: state.requestId }, fn) : fn();
  /** Each `next()` of a subscription runs its event's resolvers: in the operation's context, like the first. */
  const keepContext = (state: OperationState | undefined, iterator: AsyncIterableIterator<ExecutionResult>): AsyncIterableIterator<ExecutionResult> => {
    if (!state) return iterator;
    const wrapped: AsyncIterableIterator<ExecutionResult> = {
      next: () => inContext(state, () => iterator.next()),
      return: (value?: unknown) => iterator.return?.(value) ?? Promise.resolve({ done: true, value: undefined }),
      throw: (error?: unknown) => iterator.throw?.(error) ?? Promise.reject(error),
      [Symbol.asyncIterator]: () => wrapped,
    };
    return wrapped;
  };
  const finishWithErrors = (state: OperationState, errors: readonly GraphQLError[], hasData: boolean) => {
    observer.finish({
      operationName: state.operationName,
      operationType: state.operationType,
      startedAt: state.startedAt,
      errors: errors.map((error) => error.toJSON()),
      hasData,
    });
  };

  return {
    ...options,
    onSubscribe: async (ctx, id, payload) => {
      let connectionId = connectionIds.get(ctx);
      if (!connectionId) connectionIds.set(ctx, (connectionId = requestIdFrom(ctx.extra.request.headers)));
      const state: OperationState = {
        requestId: `${connectionId}:${id}`,
        startedAt: process.hrtime.bigint(),
        operationName: payload.operationName ?? null,
        operationType: null,
      };
      const result = await inContext(state, async () => options.onSubscribe?.(ctx, id, payload));
      if (Array.isArray(result)) {
        // Refused before execution (limits, validation): an operation that ended in errors.
        inContext(state, () => finishWithErrors(state, result as readonly GraphQLError[], false));
        return result;
      }
      operationsOf(ctx).set(id, state);
      if (result && !Array.isArray(result)) {
        const args = result as ExecutionArgs;
        const operation = getOperationAST(args.document, args.operationName);
        state.operationType = operation?.operation ?? null;
        state.operationName = operation?.name?.value ?? null;
        if (typeof args.contextValue === 'object' && args.contextValue !== null) byContextValue.set(args.contextValue, state);
      }
      return result;
    },
    execute: (args) => inContext(stateOf(args), () => execute(args)),
    subscribe: async (args) => {
      const state = stateOf(args);
      const result = await inContext(state, () => subscribe(args));
      return isAsyncIterable(result) ? keepContext(state, result) : (result as ExecutionResult);
    },
    onOperation: async (ctx, id, payload, args, result) => {
      const replaced = await options.onOperation?.(ctx, id, payload, args, result);
      const state = operationsOf(ctx).get(id);
      if (state) {
        const final = await (replaced ?? result);
        inContext(state, () => {
          if (isAsyncIterable(final)) {
            finishWithErrors(state, [], true);
          } else {
            const answer = final as ExecutionResult;
            observer.inspectErrors(answer.errors ?? [], state.operationName);
            finishWithErrors(state, answer.errors ?? [], answer.data !== undefined && answer.data !== null);
          }
        });
      }
      return replaced;
    },
    onNext: async (ctx, id, payload, args, result) => {
      const replaced = await options.onNext?.(ctx, id, payload, args, result);
      if (replaced) return replaced;
      const state = operationsOf(ctx).get(id);
      if (!result.errors?.length) return undefined;
      if (state?.operationType === 'subscription') {
        // A subscription event's errors: recorded here (a query's were, once, in onOperation).
        inContext(state, () => {
          observer.inspectErrors(result.errors ?? [], state.operationName);
          observer.countErrors(result.errors!.map((error) => error.toJSON()));
        });
      }
      const { errors, ...rest } = result;
      return { ...rest, errors: errors.map((error) => maskInternalError(error.toJSON(), state?.requestId ?? null)) };
    },
    onError: async (ctx, id, payload, errors) => {
      const replaced = await options.onError?.(ctx, id, payload, errors);
      const state = operationsOf(ctx).get(id);
      return replaced ?? errors.map((error) => maskInternalError(error.toJSON(), state?.requestId ?? null));
    },
    onComplete: async (ctx, id, payload) => {
      await options.onComplete?.(ctx, id, payload);
      operationsOf(ctx).delete(id);
    },
  };
}
