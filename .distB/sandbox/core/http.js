export function header(req, name) {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
}
/** Parses a JSON request body; the seeds' business calls send JSON. */
export function readJson(req) {
    if (req.body.length === 0)
        return { ok: false, reason: 'The request body is empty.' };
    try {
        return { ok: true, value: JSON.parse(req.body.toString('utf8')) };
    }
    catch {
        return { ok: false, reason: 'The request body is not valid JSON.' };
    }
}
/** Parses a form-encoded body (the token requests of both OAuth interfaces are form-encoded). */
export function readForm(req) {
    const type = header(req, 'content-type') ?? '';
    if (!type.toLowerCase().startsWith('application/x-www-form-urlencoded'))
        return undefined;
    return new URLSearchParams(req.body.toString('utf8'));
}
export function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** Breaks the shape of a JSON answer while keeping it valid JSON: every nested object or array becomes a number. */
export function breakShape(value) {
    if (!isRecord(value))
        return 42;
    const broken = {};
    for (const [key, member] of Object.entries(value)) {
        broken[key] = typeof member === 'object' && member !== null ? 42 : member;
    }
    return broken;
}
