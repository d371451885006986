import { UpstreamError } from '../../domain/errors.js';
import { conformanceOf } from '../../platform/conforms.js';
import { missingPayload } from '../missing-payload.js';
import { mapTrackResult, readAlerts, trackResultError } from './mapping.js';
import { completeTrackResultSchema, trackResultSchema } from './wire.js';
export function outcomesFromTrackAnswer(answer, requests, detailedScans) {
    const warnings = readAlerts(answer.output.alerts);
    const filed = fileByNumber(answer.output.completeTrackResults);
    return requests.map((request) => outcomeFor(request, filed.get(request.trackingNumber), detailedScans, warnings));
}
/** Reference lookups (assumption B2): every shipment the answer names; not-found entries mean "none". */
export function shipmentsFromReferenceAnswer(answer, detailedScans) {
    const warnings = readAlerts(answer.output.alerts);
    // A reference that matches nothing answers 404 (assumption B2): a 200 naming no shipment breaks the contract.
    if (answer.output.completeTrackResults.length === 0) {
        throw missingPayload('carrier-b', 'track-by-reference', 'any completeTrackResults entry');
    }
    const shipments = [];
    for (const [trackingNumber, entry] of fileByNumber(answer.output.completeTrackResults)) {
        if (entry.broken)
            throw contractError(trackingNumber, entry.broken, 'track-by-reference');
        for (const raw of entry.results) {
            const parsed = parseTrackResult(raw);
            if (!parsed.ok)
                throw contractError(trackingNumber, parsed.problem, 'track-by-reference');
            const { error } = parsed.result;
            if (error) {
                const failure = trackResultError(error, trackingNumber);
                if (failure.code === 'UPSTREAM_NOT_FOUND')
                    continue;
                throw failure;
            }
            shipments.push(mapTrackResult(parsed.result, { trackingNumber, detailedScans, warnings }));
        }
    }
    return shipments;
}
function outcomeFor(request, filed, detailedScans, warnings) {
    const number = request.trackingNumber;
    if (!filed)
        return failed(contractError(number, 'the answer has no completeTrackResults entry for this number'));
    if (filed.broken)
        return failed(contractError(number, filed.broken));
    if (filed.results.length === 0)
        return failed(contractError(number, 'the answer has no trackResults for this number'));
    // Plain loops: this runs once per number, 3,000 times for one request at the cap (issue 12 item 2).
    const candidates = [];
    for (const raw of filed.results) {
        const parsed = parseTrackResult(raw);
        // A malformed candidate cannot be told apart from the one asked for, so the whole number is a contract failure.
        if (!parsed.ok)
            return failed(contractError(number, parsed.problem));
        if (matchesRequest(parsed.result, request))
            candidates.push(parsed.result);
    }
    const shipments = [];
    let withError = null;
    for (const result of candidates) {
        if (result.error) {
            withError ??= result;
            continue;
        }
        // A reused number answers several candidates (assumption B4): all of them, each with its own id.
        const shipment = mapTrackResult(result, { trackingNumber: number, detailedScans, warnings });
        // Two trackingInfo entries for one number can answer the same candidate twice; each shipment is returned once.
        if (!shipments.some((other) => other.id === shipment.id))
            shipments.push(shipment);
    }
    if (shipments.length > 0)
        return { ok: true, shipments };
    if (withError?.error)
        return failed(trackResultError(withError.error, number));
    return failed(new UpstreamError(`carrier-b track ${number}: no candidate matches the given carrier code or unique id`, {
        code: 'UPSTREAM_NOT_FOUND',
        upstream: 'carrier-b',
        operation: 'track',
    }));
}
/** When the request named a unique id or carrier code, keep only results that do not contradict it. */
function matchesRequest(result, request) {
    const info = result.trackingNumberInfo;
    const uniqueId = info?.trackingNumberUniqueId || null;
    const carrierCode = info?.carrierCode || null;
    if (request.carrierUniqueId && uniqueId && uniqueId !== request.carrierUniqueId)
        return false;
    if (request.carrierCode && carrierCode && carrierCode !== request.carrierCode)
        return false;
    return true;
}
function fileByNumber(completeTrackResults) {
    const filed = new Map();
    for (const raw of completeTrackResults) {
        const parsed = completeTrackResultConforms(raw)
            ? { success: true, data: raw }
            : completeTrackResultSchema.safeParse(raw);
        if (parsed.success) {
            // The same number may appear more than once (several trackingInfo entries for one reused number).
            const entry = filed.get(parsed.data.trackingNumber) ?? { results: [], broken: null };
            entry.results.push(...parsed.data.trackResults);
            filed.set(parsed.data.trackingNumber, entry);
            continue;
        }
        // An entry whose number we can still read fails that number; one without a number fails nobody by name, and the
        // number it should have answered is then reported as missing.
        const number = typeof raw === 'object' && raw !== null ? raw['trackingNumber'] : undefined;
        if (typeof number === 'string') {
            const entry = filed.get(number) ?? { results: [], broken: null };
            entry.broken = describe(parsed.error);
            filed.set(number, entry);
        }
    }
    return filed;
}
/**
 * A well-formed entry is read in place; zod parses only one that is not, to decide and to name the wrong member
 * (src/platform/conforms.ts: never more lenient than the schema; assumption PC5).
 */
const completeTrackResultConforms = conformanceOf(completeTrackResultSchema);
const trackResultConforms = conformanceOf(trackResultSchema);
function parseTrackResult(raw) {
    if (trackResultConforms(raw))
        return { ok: true, result: raw };
    const parsed = trackResultSchema.safeParse(raw);
    return parsed.success ? { ok: true, result: parsed.data } : { ok: false, problem: describe(parsed.error) };
}
function describe(error) {
    const where = error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; ');
    return `track result does not match its schema (${where})`;
}
function contractError(trackingNumber, problem, operation = 'track') {
    return new UpstreamError(`carrier-b ${operation} ${trackingNumber}: ${problem}`, {
        code: 'UPSTREAM_CONTRACT',
        upstream: 'carrier-b',
        operation,
        httpStatus: 200,
    });
}
function failed(error) {
    return { ok: false, error };
}
