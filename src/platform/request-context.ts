import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What every log line written while serving one request (HTTP or one graphql-ws operation) should carry. Kept in
 * AsyncLocalStorage so services and upstream clients, which hold the process-wide logger, need no request parameter:
 * the logger's mixin reads the id from here.
 */
export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | null {
  return storage.getStore()?.requestId ?? null;
}
