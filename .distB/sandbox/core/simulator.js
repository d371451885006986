import { setTimeout as sleep } from 'node:timers/promises';
import { breakShape } from './http.js';
import { listen } from './server.js';
import { countCall, countResponse } from './stats.js';
export async function startSimulator(spec, host, port) {
    const server = await listen(host, port, (req) => answer(spec, req));
    return { name: spec.name, origin: server.origin, port: server.port, close: server.close };
}
async function answer(spec, req) {
    const response = await pipeline(spec, req);
    countResponse(spec.stats, response.status);
    spec.logger?.debug({ sandbox: spec.name, method: req.method, path: req.path, status: response.status }, 'sandbox answer');
    return response;
}
async function pipeline(spec, req) {
    const samePath = spec.routes.filter((route) => matches(route.path, req.path));
    const route = samePath.find((candidate) => candidate.method === req.method);
    countCall(spec.stats, route?.name ?? `${req.method} ${req.path}`);
    if (spec.faults.latencyMs > 0)
        await sleep(spec.faults.latencyMs);
    if (!route) {
        return samePath.length > 0
            ? spec.renderError(req, 405, `Method ${req.method} is not allowed on ${req.path}.`)
            : spec.renderError(req, 404, `No resource at ${req.path}.`);
    }
    for (const guard of route.guards ?? []) {
        const refused = guard(req);
        if (refused)
            return refused;
    }
    if (route.kind !== 'business')
        return await route.handle(req);
    const numbers = route.trackedNumbers?.(req);
    if (numbers)
        spec.stats.trackingRequests.push(numbers);
    const fault = spec.faults.beforeHandler();
    if (fault.kind === 'status') {
        const failed = spec.renderError(req, fault.status, `Injected failure (sandbox fault): HTTP ${fault.status}.`);
        if (fault.retryAfterSec === undefined)
            return failed;
        return { ...failed, headers: { ...failed.headers, 'retry-after': String(fault.retryAfterSec) } };
    }
    const response = await route.handle(req);
    if (route.acts && response.status < 300) {
        const lost = spec.faults.afterActing();
        if (lost)
            return { ...response, ...lost };
    }
    if (response.status >= 300 || response.json === undefined)
        return response;
    const broken = spec.faults.afterHandler();
    if (broken.kind !== 'malformed')
        return response;
    const text = JSON.stringify(response.json);
    return broken.style === 'truncated'
        ? { ...response, json: undefined, raw: text.slice(0, Math.max(1, Math.floor(text.length / 2))) }
        : { ...response, json: breakShape(response.json) };
}
function matches(pattern, path) {
    return typeof pattern === 'string' ? pattern === path : pattern.test(path);
}
