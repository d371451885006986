import { AsyncLocalStorage } from 'node:async_hooks';
const storage = new AsyncLocalStorage();
export function runWithRequestContext(context, fn) {
    return storage.run(context, fn);
}
export function currentRequestContext() {
    return storage.getStore();
}
export function currentRequestId() {
    return storage.getStore()?.requestId ?? null;
}
