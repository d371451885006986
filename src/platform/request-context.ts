import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What every log line written while serving one request (HTTP or one graphql-ws operation) should carry. Kept in
 * AsyncLocalStorage so services and upstream clients, which hold the process-wide logger, need no request parameter:
 * the logger's mixin reads the id from here.
 */
export interface RequestContext {
  requestId: string;
  /**
   * Work a request started that must not delay its own answer (the tracking of a label just bought): run by the HTTP
   * layer once the response is finished (or the client went away). Absent where nothing runs it (graphql-ws, workers).
   */
  afterAnswer?: Array<() => void>;
  /** Set once the HTTP layer ran `afterAnswer`'s list: a task queued later runs on the next turn instead of never. */
  answered?: boolean;
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

/**
 * Runs `task` once the current request's answer is sent (the HTTP layer runs the list on the response's 'close'), in
 * the request's context so its log lines still name the request; outside an HTTP request, on the next turn of the
 * event loop. Background work begun by a request therefore never competes with that request's own answer.
 */
export function afterAnswer(task: () => void): void {
  const context = storage.getStore();
  if (context?.afterAnswer && !context.answered) context.afterAnswer.push(task);
  else setImmediate(task);
}

/** Runs the tasks queued by afterAnswer for `context` (once; later calls find the list empty). */
export function runAfterAnswer(context: RequestContext): void {
  context.answered = true;
  const tasks = context.afterAnswer?.splice(0);
  if (!tasks || tasks.length === 0) return;
  storage.run({ requestId: context.requestId }, () => {
    for (const task of tasks) task();
  });
}
