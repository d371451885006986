/**
 * The `documents` table (migration 009): documents stored once, bytes beside their sha256 and size, listed without
 * their bytes and read by id for /documents/{id}. Ids are unguessable (`doc_` + 128 random bits, base64url): the id
 * itself is never the only guard (the URL is signed too), but it must not be enumerable.
 */
import { createHash, randomBytes } from 'node:crypto';
const LISTED = 'id, label_id, tender_id, kind, native_type, format, content_type, size, piece_tracking_number, created_at';
export function newDocumentId() {
    return `doc_${randomBytes(16).toString('base64url')}`;
}
/** The content type of a document format as carriers name it (`PDF`, `PNG`, ...). */
export function contentTypeOf(format) {
    switch (format.toUpperCase()) {
        case 'PDF':
            return 'application/pdf';
        case 'PNG':
            return 'image/png';
        case 'JPG':
        case 'JPEG':
            return 'image/jpeg';
        case 'GIF':
            return 'image/gif';
        case 'TIF':
        case 'TIFF':
            return 'image/tiff';
        case 'ZPL':
        case 'ZPLII':
        case 'EPL2':
        case 'TXT':
            return 'text/plain';
        default:
            return 'application/octet-stream';
    }
}
function toDocument(row) {
    return {
        id: row.id,
        labelId: row.label_id,
        tenderId: row.tender_id,
        kind: row.kind,
        nativeType: row.native_type,
        format: row.format,
        contentType: row.content_type,
        size: row.size,
        pieceTrackingNumber: row.piece_tracking_number,
        createdAt: row.created_at,
    };
}
/**
 * Stores one document. With `fetchedAs` set and the same label already holding it, nothing is written and the stored
 * one is answered (a document fetched on demand is stored once, whoever asked first).
 */
export async function insertDocument(db, doc, now) {
    const { rows } = await db.query(`INSERT INTO documents (id, label_id, tender_id, kind, native_type, format, content_type, size, sha256, content,
       piece_tracking_number, fetched_as, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (label_id, fetched_as) WHERE fetched_as IS NOT NULL DO NOTHING
     RETURNING ${LISTED}`, [
        newDocumentId(),
        doc.labelId,
        doc.tenderId,
        doc.kind,
        doc.nativeType,
        doc.format,
        doc.contentType,
        doc.content.length,
        createHash('sha256').update(doc.content).digest('hex'),
        doc.content,
        doc.pieceTrackingNumber,
        doc.fetchedAs ?? null,
        now,
    ]);
    const row = rows[0];
    if (row)
        return toDocument(row);
    const existing = doc.labelId && doc.fetchedAs ? await fetchedDocument(db, doc.labelId, doc.fetchedAs) : null;
    if (!existing)
        throw new Error('document was neither stored nor found');
    return existing;
}
/**
 * Stores a document a tracking answer linked to (proof of delivery), once per shipment id and kind: a second store of
 * the same answers the first, whoever stored it.
 */
export async function insertLinkedDocument(db, shipmentId, doc, now) {
    const fetchedAs = doc.kind;
    const { rows } = await db.query(`INSERT INTO documents (id, kind, native_type, format, content_type, size, sha256, content, shipment_id, fetched_as, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (shipment_id, fetched_as) WHERE shipment_id IS NOT NULL DO NOTHING
     RETURNING ${LISTED}`, [
        newDocumentId(),
        doc.kind,
        doc.nativeType,
        doc.format,
        doc.contentType,
        doc.content.length,
        createHash('sha256').update(doc.content).digest('hex'),
        doc.content,
        shipmentId,
        fetchedAs,
        now,
    ]);
    const row = rows[0];
    if (row)
        return toDocument(row);
    const existing = await linkedDocument(db, shipmentId, doc.kind);
    if (!existing)
        throw new Error('linked document was neither stored nor found');
    return existing;
}
/** A document stored for a shipment from a tracking answer's link, when stored. */
export async function linkedDocument(db, shipmentId, kind) {
    const { rows } = await db.query(`SELECT ${LISTED} FROM documents WHERE shipment_id = $1 AND fetched_as = $2`, [shipmentId, kind]);
    return rows[0] ? toDocument(rows[0]) : null;
}
/** A document fetched on demand for a label, when stored. */
export async function fetchedDocument(db, labelId, fetchedAs) {
    const { rows } = await db.query(`SELECT ${LISTED} FROM documents WHERE label_id = $1 AND fetched_as = $2`, [labelId, fetchedAs]);
    return rows[0] ? toDocument(rows[0]) : null;
}
/** Documents of these labels, by label id, oldest first. */
export async function documentsOfLabels(db, labelIds) {
    const out = new Map();
    if (labelIds.length === 0)
        return out;
    const { rows } = await db.query(`SELECT ${LISTED} FROM documents WHERE label_id = ANY($1::text[]) ORDER BY created_at, id`, [[...labelIds]]);
    for (const row of rows) {
        const id = row.label_id;
        const list = out.get(id) ?? [];
        list.push(toDocument(row));
        out.set(id, list);
    }
    return out;
}
export async function documentsOfTender(db, tenderId) {
    const { rows } = await db.query(`SELECT ${LISTED} FROM documents WHERE tender_id = $1 ORDER BY created_at, id`, [tenderId]);
    return rows.map(toDocument);
}
/** A document and its bytes; null when unknown. */
export async function documentContent(db, id) {
    const { rows } = await db.query(`SELECT ${LISTED}, content FROM documents WHERE id = $1`, [id]);
    const row = rows[0];
    if (!row)
        return null;
    // pg answers a Buffer, PGlite a Uint8Array: one type for callers.
    return { document: toDocument(row), content: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) };
}
