import { header } from '../core/http.js';
/**
 * The seed's three body encodings (002 B, bridge rule 4): (a) `application/x-www-form-urlencoded` with
 * `data=<base64 of JSON>`; (b) the same `data=` pair as a `text/plain` body or on the query string (GET, the pixel
 * transport); (c) a plain JSON body, one object or an array of objects. One object is one record; an array is many.
 */
export function readRecords(req) {
    const text = req.body.toString('utf8');
    const type = (header(req, 'content-type') ?? '').toLowerCase();
    if (text.trim() !== '') {
        const trimmed = text.trimStart();
        const looksJson = trimmed.startsWith('{') || trimmed.startsWith('[');
        if (type.startsWith('application/json') || (looksJson && !type.startsWith('application/x-www-form-urlencoded'))) {
            return parseJsonRecords(text, 'the JSON body');
        }
        // (a) and (b): a form-encoded pair, whether the body is declared a form, text/plain or nothing.
        const data = new URLSearchParams(text).get('data');
        if (data !== null)
            return decodeData(data);
        return { ok: false, reason: 'the body is neither JSON nor a data= pair' };
    }
    const data = req.query.get('data');
    if (data !== null)
        return decodeData(data);
    return { ok: false, reason: 'no data: the body is empty and the query string has no data=' };
}
/**
 * Rule 5: `data=` is read "whether the base64 is standard or URL-safe, padded or unpadded, or whether it is
 * percent-encoded JSON", and "a `+` turned into a space by a form decode is restored before the base64 is read".
 * The value given here is already percent-decoded (URLSearchParams), so percent-encoded JSON arrives as JSON text.
 */
export function decodeData(value) {
    const trimmed = value.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('['))
        return parseJsonRecords(trimmed, 'data= (JSON)');
    const standard = trimmed.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    if (standard === '' || !/^[A-Za-z0-9+/]+$/.test(standard) || standard.length % 4 === 1) {
        return { ok: false, reason: 'data= is neither base64 nor JSON' };
    }
    const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
    return parseJsonRecords(Buffer.from(padded, 'base64').toString('utf8'), 'data= (base64)');
}
function parseJsonRecords(text, where) {
    let value;
    try {
        value = JSON.parse(text);
    }
    catch {
        return { ok: false, reason: `${where} is not valid JSON` };
    }
    if (Array.isArray(value))
        return { ok: true, records: value };
    if (typeof value === 'object' && value !== null)
        return { ok: true, records: [value] };
    return { ok: false, reason: `${where} is neither an object nor an array of objects` };
}
/** HTTP Basic credentials, or null when the header is absent or not Basic. */
export function basicCredentials(req) {
    const value = header(req, 'authorization');
    const match = value ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(value) : null;
    if (!match)
        return null;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0 ? { username: decoded, password: '' } : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
