import { readJson } from '../core/http.js';
import { landedCostAnswer } from './express-landed-cost.js';
import { rateAnswer } from './express-rating-products.js';
import { readRateRequest } from './express-rating-request.js';
import { problem } from './problem.js';
/**
 * Express rating routes under one prefix (seed 000, Endpoints B): `POST /rates`, `POST /products` (single-piece
 * product availability) and `POST /landed-cost`. They take the tracking route's guards (HTTP Basic, and under
 * `/expressapi/test` the daily quota shared per credential with every other express call). Fault knobs apply as to any
 * business route. Estimated deliveries count from the requested ship date, never the simulator's clock.
 */
/** The COD value-added service code the sandbox knows (assumption XR7: the carrier family's `KB`). */
export const SANDBOX_COD_SERVICE_CODE = 'KB';
export function expressRatingRoutes(ctx, prefix, guards) {
    return [
        { method: 'POST', path: `${prefix}/rates`, kind: 'business', guards, handle: (req) => rates(ctx, req, false) },
        { method: 'POST', path: `${prefix}/products`, kind: 'business', guards, handle: (req) => rates(ctx, req, true) },
        { method: 'POST', path: `${prefix}/landed-cost`, kind: 'business', guards, handle: (req) => landedCost(ctx, req) },
    ];
}
function rates(ctx, req, singlePiece) {
    const body = readJson(req);
    if (!body.ok)
        return problem(req, 400, body.reason);
    const parsed = readRateRequest(body.value, SANDBOX_COD_SERVICE_CODE);
    if (!parsed.ok)
        return problem(req, 400, parsed.detail);
    // "`POST /products`: single-piece product availability".
    if (singlePiece && parsed.value.packages.length !== 1)
        return problem(req, 400, 'packages[] must hold exactly one piece for /products.');
    return { status: 200, json: rateAnswer(ctx.seed, parsed.value) };
}
function landedCost(ctx, req) {
    const body = readJson(req);
    if (!body.ok)
        return problem(req, 400, body.reason);
    const answer = landedCostAnswer(ctx.seed, body.value);
    return answer.status === 200 ? { status: 200, json: answer.json } : problem(req, 400, answer.detail);
}
