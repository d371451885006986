/**
 * node-postgres and PGlite turn some column types into different JS values. The backends must be interchangeable,
 * so the pg pool parses these the way PGlite does:
 * - int8 (count(*), bigint, bigserial): a number when it is a safe integer, else a bigint (pg gives a string);
 * - date: `new Date('YYYY-MM-DD')`, i.e. UTC midnight (pg gives local midnight), ±Infinity for ±infinity.
 * Arrays of these, numeric (a string in both) and everything else keep pg's defaults.
 */
import pg, {} from 'pg';
const INT8_OID = 20;
const DATE_OID = 1082;
function parseInt8(text) {
    const n = BigInt(text);
    return n < BigInt(Number.MIN_SAFE_INTEGER) || n > BigInt(Number.MAX_SAFE_INTEGER) ? n : Number(n);
}
function parseDate(text) {
    if (text === 'infinity')
        return Infinity;
    if (text === '-infinity')
        return -Infinity;
    return new Date(text);
}
export const pgliteCompatibleTypes = {
    getTypeParser: (oid, format) => {
        if (format !== 'binary') {
            if (oid === INT8_OID)
                return parseInt8;
            if (oid === DATE_OID)
                return parseDate;
        }
        return pg.types.getTypeParser(oid, format);
    },
};
