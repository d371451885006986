/**
 * A purchase's answer stored in ONE statement (no BEGIN/COMMIT round trips; on PGlite every statement is ~1 ms of the
 * event loop): the guarded PURCHASED write of the label, its one document, its analytics event and the label's
 * announcement, as CTEs that act only when the write did. Atomic like the transaction it stands for: all of it or
 * nothing, and nothing but the check when the label had moved on. The notification is delivered on commit.
 */
import type { LifecycleEvent } from '../domain/analytics.js';
import type { StoredDocument } from '../domain/shipping.js';
import type { LabelExpectation, LabelPatch, LabelRow } from './label-rows.js';
import { DOCUMENT_COLUMNS, documentParams, LISTED_COLUMNS, toDocument, type DocumentRow, type NewDocument } from './shipping-documents.js';
import { guardedUpdate } from './shipping-store.js';
import type { Queryable } from './store.js';

/* Typed: in an INSERT ... SELECT an untyped parameter would not take the column's type. */
const DOCUMENT_TYPES = ['text', 'text', 'text', 'text', 'text', 'text', 'text', 'int', 'text', 'bytea', 'text', 'text', 'timestamptz'];

export interface PurchasedWrite {
  labelId: string;
  patch: LabelPatch;
  expect: LabelExpectation;
  now: Date;
  /** At most one: several are stored in the order the store lists them (the transaction's way). */
  document: NewDocument | null;
  /** The PURCHASED event, made from what this write stores (the caller knows it: the label's creation and the patch). */
  event: LifecycleEvent;
  /** Where the label's change is announced (its id is the payload). */
  channel: string;
}

/** The label as written, how many documents it held before, and its new document; null when it did not meet `expect`. */
export async function writePurchased(
  db: Queryable,
  write: PurchasedWrite,
): Promise<{ row: LabelRow; documentsBefore: number; document: StoredDocument | null } | null> {
  const { sql, params } = guardedUpdate(write.labelId, write.patch, write.expect, write.now);
  const next = (value: unknown, type: string): string => {
    params.push(value);
    return `$${params.length}::${type}`;
  };
  let documentCte = '';
  let documentColumns = '';
  let documentJoin = '';
  if (write.document) {
    const values = documentParams(write.document, write.now).map((value, i) => (i === 1 ? 'updated.id' : next(value, DOCUMENT_TYPES[i] as string)));
    documentCte = `, doc AS (
         INSERT INTO documents (${DOCUMENT_COLUMNS}) SELECT ${values.join(', ')} FROM updated
         RETURNING ${LISTED_COLUMNS.join(', ')}
       )`;
    // The document's columns answered beside the label's, prefixed.
    documentColumns = `, ${LISTED_COLUMNS.map((c) => `doc.${c} AS doc_${c}`).join(', ')}`;
    documentJoin = ' LEFT JOIN doc ON true';
  }
  const { event } = write;
  const eventValues = [next(event.kind, 'text'), next(event.identity, 'text'), next(event.occurredAt, 'timestamptz'), next(event.distinctId, 'text'), next(JSON.stringify(event.properties), 'json')];
  const channel = next(write.channel, 'text');
  const { rows } = await db.query<LabelRow & { documents_before: number; notified: unknown } & Record<string, unknown>>(
    `WITH updated AS (
         ${sql} RETURNING *, (SELECT count(*)::int FROM documents d WHERE d.label_id = labels.id) AS documents_before
       )${documentCte}, event AS (
         INSERT INTO analytics_outbox (kind, identity, occurred_at, distinct_id, properties)
         SELECT ${eventValues.join(', ')} FROM updated
         ON CONFLICT (identity) DO NOTHING
       )
       SELECT updated.*, pg_notify(${channel}, updated.id) AS notified${documentColumns} FROM updated${documentJoin}`,
    params,
  );
  const written = rows[0];
  if (!written) return null;
  const out: Record<string, unknown> = {};
  const document: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(written)) {
    if (column.startsWith('doc_')) document[column.slice(4)] = value;
    else if (column !== 'documents_before' && column !== 'notified') out[column] = value;
  }
  return {
    row: out as unknown as LabelRow,
    documentsBefore: written.documents_before,
    document: write.document && document['id'] ? toDocument(document as unknown as DocumentRow) : null,
  };
}
