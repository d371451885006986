/**
 * The `documents` table (migration 009): documents stored once, bytes beside their sha256 and size, listed without
 * their bytes and read by id for /documents/{id}. Ids are unguessable (`doc_` + 128 random bits, base64url): the id
 * itself is never the only guard (the URL is signed too), but it must not be enumerable.
 */
import { createHash, randomBytes } from 'node:crypto';
import { DocumentExpiredError } from '../domain/errors.js';
import type { DocumentKind, StoredDocument } from '../domain/shipping.js';
import type { Queryable } from './store.js';

export interface NewDocument {
  labelId: string | null;
  tenderId: string | null;
  kind: DocumentKind;
  nativeType: string | null;
  format: string;
  contentType: string;
  content: Buffer;
  pieceTrackingNumber: string | null;
  /** 'KIND:FORMAT' for a document fetched on demand (one per label); null for one the carrier answered with. */
  fetchedAs?: string | null;
}

export interface DocumentRow {
  id: string;
  label_id: string | null;
  tender_id: string | null;
  kind: DocumentKind;
  native_type: string | null;
  format: string;
  content_type: string;
  size: number;
  piece_tracking_number: string | null;
  created_at: Date;
  content_expired_at: Date | null;
}

/** The columns a stored document is read with (never its content). */
export const LISTED_COLUMNS = ['id', 'label_id', 'tender_id', 'kind', 'native_type', 'format', 'content_type', 'size', 'piece_tracking_number', 'created_at', 'content_expired_at'] as const;
const LISTED = LISTED_COLUMNS.join(', ');

export function newDocumentId(): string {
  return `doc_${randomBytes(16).toString('base64url')}`;
}

/** The content type of a document format as carriers name it (`PDF`, `PNG`, ...). */
export function contentTypeOf(format: string): string {
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
    case 'JSON':
      return 'application/json';
    default:
      return 'application/octet-stream';
  }
}

export function toDocument(row: DocumentRow): StoredDocument {
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
    contentExpiredAt: row.content_expired_at ? new Date(row.content_expired_at) : null,
  };
}

/** The columns a new document is written with, in `documentParams`'s order. */
export const DOCUMENT_COLUMNS =
  'id, label_id, tender_id, kind, native_type, format, content_type, size, sha256, content, piece_tracking_number, fetched_as, created_at';

/** The size, sha256 and content columns of a document's bytes, in that order. */
function contentParams(content: Uint8Array): [number, string, Uint8Array] {
  return [content.length, createHash('sha256').update(content).digest('hex'), content];
}

/** A new document's parameters, in DOCUMENT_COLUMNS's order (a fresh id, its size and sha256). */
export function documentParams(doc: NewDocument, now: Date): unknown[] {
  return [
    newDocumentId(),
    doc.labelId,
    doc.tenderId,
    doc.kind,
    doc.nativeType,
    doc.format,
    doc.contentType,
    ...contentParams(doc.content),
    doc.pieceTrackingNumber,
    doc.fetchedAs ?? null,
    now,
  ];
}

/**
 * Stores one document. With `fetchedAs` set and the same label already holding it, nothing is written and the stored
 * one is answered (a document fetched on demand is stored once, whoever asked first).
 */
export async function insertDocument(db: Queryable, doc: NewDocument, now: Date): Promise<StoredDocument> {
  const { rows } = await db.query<DocumentRow>(
    `INSERT INTO documents (${DOCUMENT_COLUMNS})
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (label_id, fetched_as) WHERE fetched_as IS NOT NULL DO NOTHING
     RETURNING ${LISTED}`,
    documentParams(doc, now),
  );
  const row = rows[0];
  if (row) return toDocument(row);
  const existing = doc.labelId && doc.fetchedAs ? await fetchedDocument(db, doc.labelId, doc.fetchedAs) : null;
  if (!existing) throw new Error('document was neither stored nor found');
  return existing;
}

/**
 * Stores a document a tracking answer linked to (proof of delivery), once per shipment id and kind: a second store of
 * the same answers the first, whoever stored it.
 */
export async function insertLinkedDocument(
  db: Queryable,
  shipmentId: string,
  doc: Omit<NewDocument, 'labelId' | 'tenderId' | 'pieceTrackingNumber' | 'fetchedAs'>,
  now: Date,
): Promise<StoredDocument> {
  const fetchedAs = doc.kind;
  const { rows } = await db.query<DocumentRow>(
    `INSERT INTO documents (id, kind, native_type, format, content_type, size, sha256, content, shipment_id, fetched_as, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (shipment_id, fetched_as) WHERE shipment_id IS NOT NULL DO NOTHING
     RETURNING ${LISTED}`,
    [
      newDocumentId(),
      doc.kind,
      doc.nativeType,
      doc.format,
      doc.contentType,
      ...contentParams(doc.content),
      shipmentId,
      fetchedAs,
      now,
    ],
  );
  const row = rows[0];
  if (row) return toDocument(row);
  const existing = await linkedDocument(db, shipmentId, doc.kind);
  if (!existing) throw new Error('linked document was neither stored nor found');
  return existing;
}

/** A document stored for a shipment from a tracking answer's link, when stored. */
export async function linkedDocument(db: Queryable, shipmentId: string, kind: DocumentKind): Promise<StoredDocument | null> {
  const { rows } = await db.query<DocumentRow>(`SELECT ${LISTED} FROM documents WHERE shipment_id = $1 AND fetched_as = $2`, [shipmentId, kind]);
  return rows[0] ? toDocument(rows[0]) : null;
}

/** A document fetched on demand for a label, when stored. */
export async function fetchedDocument(db: Queryable, labelId: string, fetchedAs: string): Promise<StoredDocument | null> {
  const { rows } = await db.query<DocumentRow>(`SELECT ${LISTED} FROM documents WHERE label_id = $1 AND fetched_as = $2`, [labelId, fetchedAs]);
  return rows[0] ? toDocument(rows[0]) : null;
}

/** Documents of these labels, by label id, oldest first. */
export async function documentsOfLabels(db: Queryable, labelIds: readonly string[]): Promise<Map<string, StoredDocument[]>> {
  const out = new Map<string, StoredDocument[]>();
  if (labelIds.length === 0) return out;
  const { rows } = await db.query<DocumentRow>(
    `SELECT ${LISTED} FROM documents WHERE label_id = ANY($1::text[]) ORDER BY created_at, id`,
    [[...labelIds]],
  );
  for (const row of rows) {
    const id = row.label_id as string;
    const list = out.get(id) ?? [];
    list.push(toDocument(row));
    out.set(id, list);
  }
  return out;
}

export async function documentsOfTender(db: Queryable, tenderId: string): Promise<StoredDocument[]> {
  const { rows } = await db.query<DocumentRow>(`SELECT ${LISTED} FROM documents WHERE tender_id = $1 ORDER BY created_at, id`, [tenderId]);
  return rows.map(toDocument);
}

/** One document's listing (no bytes) by its id; null when there is none. */
export async function documentById(db: Queryable, id: string): Promise<StoredDocument | null> {
  const { rows } = await db.query<DocumentRow>(`SELECT ${LISTED} FROM documents WHERE id = $1`, [id]);
  return rows[0] ? toDocument(rows[0]) : null;
}

/** A document and its bytes; null when unknown; DocumentExpiredError when retention removed its bytes. */
export async function documentContent(db: Queryable, id: string): Promise<{ document: StoredDocument; content: Buffer } | null> {
  const { rows } = await db.query<DocumentRow & { content: Uint8Array | null }>(`SELECT ${LISTED}, content FROM documents WHERE id = $1`, [id]);
  const row = rows[0];
  if (!row) return null;
  if (row.content === null) throw new DocumentExpiredError(row.id, new Date(row.content_expired_at ?? row.created_at));
  // pg answers a Buffer, PGlite a Uint8Array: one type for callers.
  return { document: toDocument(row), content: Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength) };
}
