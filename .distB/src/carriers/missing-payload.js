import { UpstreamError } from '../domain/errors.js';
/**
 * A 200 that carries no shipment. Every tracking interface answers an unknown number (or reference) with a 404 (seed
 * 000 Errors 3; assumptions X1, E2, B2), so a success without the payload is the upstream breaking its contract:
 * UPSTREAM_CONTRACT, never "not found", and (being no answer about the number) never cached.
 */
export function missingPayload(upstream, operation, what) {
    return new UpstreamError(`${upstream} ${operation}: a 200 answer without ${what} (an unknown number or reference answers 404)`, {
        code: 'UPSTREAM_CONTRACT',
        upstream,
        operation,
        httpStatus: 200,
    });
}
