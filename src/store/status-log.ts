/**
 * The durable status-change log (DESIGN.md, "Real time"): push webhook and polling watchers append here, subscribers
 * read after a cursor. Beside it, `shipment_latest` keeps each shipment's latest status and last full answer, so
 * tracking queries can answer from the store while fresh.
 */
import type { Carrier, CarrierInterface } from '../domain/carrier.js';
import { CursorExpiredError, InputError } from '../domain/errors.js';
import type { Shipment } from '../domain/shipment.js';
import type { StatusChange, StatusChangeFilter, StatusChangeInput, StatusChangeSource } from '../domain/status-change.js';
import type { ShipmentStatus } from '../domain/status.js';
import { sortKeyOf, type CarrierTime } from '../domain/time.js';
import { statusChangeEvent } from '../domain/lifecycle-events.js';
import { recordLifecycleEvent, recordLifecycleEvents } from './outbox-store.js';
import type { Queryable, Store } from './store.js';

/** The channel a committed append is announced on; the payload is the cursor only (ids only, far under 8000 bytes). */
export const STATUS_CHANGES_CHANNEL = 'status_changes';

/* Appends serialise on this transaction-scoped lock, so cursors are committed in their own order and a reader that
 * has seen cursor N never later finds a committed row below N (a sequence alone allows that under concurrency). */
const APPEND_LOCK_KEY = 4_721_530_612;

const CURSOR_PATTERN = /^(0|[1-9][0-9]{0,17})$/;

/** Everything matches: what the process-wide feed reads. */
export const MATCH_ALL: StatusChangeFilter = { trackingNumbers: null, carriers: null, reference: null };

interface ChangeRow {
  cursor: string;
  dedup_key: string;
  shipment_id: string;
  carrier: string;
  division: string | null;
  tracking_number: string;
  status: string;
  native_code: string | null;
  native_text: string | null;
  time: CarrierTime | null;
  description: string | null;
  location: StatusChange['location'];
  source: string;
  shipment_references: StatusChange['references'];
  recorded_at: Date | string;
}

interface LatestRow {
  snapshot: Shipment | null;
  fresh: boolean | null;
  status: string | null;
  native_code: string | null;
  native_text: string | null;
  status_time: CarrierTime | null;
  status_sort_ms: number | null;
}

/** Which shipments a tracking lookup names: one number of one carrier, optionally of one Group A division. */
export interface SnapshotKey {
  carrier: Carrier;
  trackingNumber: string;
  division: string | null;
}

const CHANGE_COLUMNS = `cursor::text AS cursor, dedup_key, shipment_id, carrier, division, tracking_number, status, native_code,
  native_text, time, description, location, source, shipment_references, recorded_at`;

/* "Not older than the stored one": a change replaces the stored status unless both times are known and it is earlier. */
const NOT_OLDER = `(shipment_latest.status IS NULL OR shipment_latest.status_sort_ms IS NULL OR excluded.status_sort_ms IS NULL
  OR excluded.status_sort_ms >= shipment_latest.status_sort_ms)`;

/** The snapshot's upsert (`saveSnapshot`); `where` limits the update of a stored row. */
function snapshotUpsert(where: string): string {
  const keep = (column: string): string => `CASE WHEN ${NOT_OLDER} THEN excluded.${column} ELSE shipment_latest.${column} END`;
  return `INSERT INTO shipment_latest (shipment_id, carrier, division, tracking_number, status, native_code, native_text,
       status_time, status_sort_ms, shipment_references, snapshot, snapshot_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10::jsonb, $11::jsonb, now())
     ON CONFLICT (shipment_id) DO UPDATE SET
       status = ${keep('status')}, native_code = ${keep('native_code')}, native_text = ${keep('native_text')},
       status_time = ${keep('status_time')}, status_sort_ms = ${keep('status_sort_ms')},
       shipment_references = excluded.shipment_references,
       snapshot = excluded.snapshot, snapshot_at = excluded.snapshot_at, updated_at = now()${where}`;
}

function snapshotParams(s: Shipment): unknown[] {
  const time = s.statusTime ? JSON.stringify(s.statusTime) : null;
  const { status } = s;
  return [s.id, s.carrier, s.division, s.trackingNumber, status.status, status.nativeCode, status.nativeText, time,
    sortMs(s.statusTime), JSON.stringify(s.references), JSON.stringify(s)];
}

function sortMs(time: CarrierTime | null): number | null {
  const key = sortKeyOf(time);
  return Number.isFinite(key) ? key : null;
}

/** What `shipment_latest` keeps of a change: `append`'s input and `appendMany`'s recorded changes both carry it. */
type LatestOf = Pick<StatusChangeInput, 'shipmentId' | 'carrier' | 'division' | 'trackingNumber' | 'status' | 'time' | 'references'>;

/**
 * Takes each change as its shipment's latest status unless it is older than the stored one (NOT_OLDER), keeping the
 * stored references when the change has none. One statement for `append` (one change) and `appendMany` (one rank):
 * a shipment may appear once in `changes`, since ON CONFLICT updates a row at most once per statement.
 */
function upsertLatest(tx: Queryable, changes: readonly LatestOf[]): Promise<unknown> {
  return tx.query(
    `INSERT INTO shipment_latest (shipment_id, carrier, division, tracking_number, status, native_code, native_text,
       status_time, status_sort_ms, shipment_references)
     SELECT c.shipment_id, c.carrier, c.division, c.tracking_number, c.status, c.native_code, c.native_text,
       c.status_time::jsonb, c.status_sort_ms, c.refs::jsonb
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
       $9::double precision[], $10::text[]) AS c(shipment_id, carrier, division, tracking_number, status, native_code,
       native_text, status_time, status_sort_ms, refs)
     ON CONFLICT (shipment_id) DO UPDATE SET
       status = excluded.status, native_code = excluded.native_code, native_text = excluded.native_text,
       status_time = excluded.status_time, status_sort_ms = excluded.status_sort_ms,
       shipment_references = CASE WHEN jsonb_array_length(excluded.shipment_references) > 0
         THEN excluded.shipment_references ELSE shipment_latest.shipment_references END,
       updated_at = now()
     WHERE ${NOT_OLDER}`,
    [
      changes.map((c) => c.shipmentId),
      changes.map((c) => c.carrier),
      changes.map((c) => c.division),
      changes.map((c) => c.trackingNumber),
      changes.map((c) => c.status.status),
      changes.map((c) => c.status.nativeCode),
      changes.map((c) => c.status.nativeText),
      changes.map((c) => (c.time ? JSON.stringify(c.time) : null)),
      changes.map((c) => sortMs(c.time)),
      changes.map((c) => JSON.stringify(c.references)),
    ],
  );
}

function toIso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

function toChange(row: ChangeRow): StatusChange {
  return {
    cursor: row.cursor,
    dedupKey: row.dedup_key,
    shipmentId: row.shipment_id,
    carrier: row.carrier as Carrier,
    division: row.division,
    trackingNumber: row.tracking_number,
    status: { status: row.status as ShipmentStatus, nativeCode: row.native_code, nativeText: row.native_text },
    time: row.time,
    description: row.description,
    location: row.location,
    source: row.source as StatusChangeSource,
    references: row.shipment_references ?? [],
    recordedAt: toIso(row.recorded_at),
  };
}

export class StatusLog {
  constructor(private readonly store: Store) {}

  /**
   * Records a change inside the caller's transaction. Returns null when its dedupKey is already recorded: a duplicate
   * changes nothing. The NOTIFY is sent inside the transaction, so PostgreSQL delivers it at commit, never before.
   */
  async append(tx: Queryable, input: StatusChangeInput): Promise<StatusChange | null> {
    // A change already committed is a duplicate: answered without the append lock, which would otherwise be held to
    // the end of the caller's transaction (a watcher poll of nothing but known scans would serialise every appender).
    const known = await tx.query('SELECT 1 FROM status_changes WHERE dedup_key = $1', [input.dedupKey]);
    if (known.rows.length > 0) return null;
    await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
    const time = input.time;
    const inserted = await tx.query<ChangeRow>(
      `INSERT INTO status_changes (dedup_key, shipment_id, carrier, division, tracking_number, status, native_code,
         native_text, time, time_instant, time_local, description, location, source, shipment_references)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::timestamptz, $11, $12, $13::jsonb, $14, $15::jsonb)
       ON CONFLICT (dedup_key) DO NOTHING
       RETURNING ${CHANGE_COLUMNS}`,
      [
        input.dedupKey,
        input.shipmentId,
        input.carrier,
        input.division,
        input.trackingNumber,
        input.status.status,
        input.status.nativeCode,
        input.status.nativeText,
        time ? JSON.stringify(time) : null,
        time?.instant ?? null,
        time?.localDateTime ?? null,
        input.description,
        input.location ? JSON.stringify(input.location) : null,
        input.source,
        JSON.stringify(input.references),
      ],
    );
    const row = inserted.rows[0];
    if (!row) return null;
    await upsertLatest(tx, [input]);
    await tx.query('SELECT pg_notify($1, $2)', [STATUS_CHANGES_CHANNEL, row.cursor]);
    const change = toChange(row);
    // Exported to analytics exactly when recorded: the outbox row commits (or not) with the change (issue 11).
    await recordLifecycleEvent(tx, statusChangeEvent(change));
    return change;
  }

  /**
   * `append` for many changes in one transaction, in set-based statements (a handful per call instead of six per
   * change: on embedded PGlite each statement costs a few hundred microseconds of the one connection, which the
   * webhook's acknowledgements wait for). Same outcome as appending `inputs` one by one in order: duplicates (already
   * recorded, or earlier in `inputs`) append nothing, cursors follow the order of `inputs`, and `shipment_latest`
   * takes each change of one shipment in order (one statement per occurrence rank, so the "not older" rule sees every
   * earlier one). One NOTIFY (the newest cursor) stands for the batch: a notification is a hint to read the log.
   * Returns the changes recorded, in order.
   */
  async appendMany(tx: Queryable, inputs: readonly StatusChangeInput[]): Promise<StatusChange[]> {
    if (inputs.length === 0) return [];
    const keys = [...new Set(inputs.map((input) => input.dedupKey))];
    const known = await tx.query<{ dedup_key: string }>('SELECT dedup_key FROM status_changes WHERE dedup_key = ANY($1::text[])', [keys]);
    const skip = new Set(known.rows.map((row) => row.dedup_key));
    const fresh: StatusChangeInput[] = [];
    for (const input of inputs) {
      if (skip.has(input.dedupKey)) continue;
      skip.add(input.dedupKey);
      fresh.push(input);
    }
    if (fresh.length === 0) return [];
    await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
    const column = <T>(pick: (input: StatusChangeInput) => T) => fresh.map(pick);
    const inserted = await tx.query<ChangeRow>(
      `INSERT INTO status_changes (dedup_key, shipment_id, carrier, division, tracking_number, status, native_code,
         native_text, time, time_instant, time_local, description, location, source, shipment_references)
       SELECT c.dedup_key, c.shipment_id, c.carrier, c.division, c.tracking_number, c.status, c.native_code, c.native_text,
         c.time::jsonb, c.time_instant::timestamptz, c.time_local, c.description, c.location::jsonb, c.source, c.refs::jsonb
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
         $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[]) WITH ORDINALITY
         AS c(dedup_key, shipment_id, carrier, division, tracking_number, status, native_code, native_text, time, time_instant,
           time_local, description, location, source, refs, n)
       ORDER BY c.n
       ON CONFLICT (dedup_key) DO NOTHING
       RETURNING ${CHANGE_COLUMNS}`,
      [
        column((i) => i.dedupKey),
        column((i) => i.shipmentId),
        column((i) => i.carrier),
        column((i) => i.division),
        column((i) => i.trackingNumber),
        column((i) => i.status.status),
        column((i) => i.status.nativeCode),
        column((i) => i.status.nativeText),
        column((i) => (i.time ? JSON.stringify(i.time) : null)),
        column((i) => i.time?.instant ?? null),
        column((i) => i.time?.localDateTime ?? null),
        column((i) => i.description),
        column((i) => (i.location ? JSON.stringify(i.location) : null)),
        column((i) => i.source),
        column((i) => JSON.stringify(i.references)),
      ],
    );
    const changes = inserted.rows.map(toChange).sort((a, b) => (BigInt(a.cursor) < BigInt(b.cursor) ? -1 : 1));
    if (changes.length === 0) return [];
    // Rank r holds the r-th change of each shipment: within one statement a shipment appears once.
    const ranks: StatusChange[][] = [];
    const seen = new Map<string, number>();
    for (const change of changes) {
      const rank = seen.get(change.shipmentId) ?? 0;
      seen.set(change.shipmentId, rank + 1);
      (ranks[rank] ??= []).push(change);
    }
    for (const rank of ranks) {
      await upsertLatest(tx, rank);
    }
    await tx.query('SELECT pg_notify($1, $2)', [STATUS_CHANGES_CHANNEL, changes.at(-1)!.cursor]);
    // Exported to analytics exactly when recorded: the outbox rows commit (or not) with the changes (issue 11).
    await recordLifecycleEvents(tx, changes.map(statusChangeEvent));
    return changes;
  }

  /** Changes after `after` (exclusive; null = from the start) matching `filter`, oldest first. */
  async readAfter(filter: StatusChangeFilter, after: string | null, limit: number): Promise<StatusChange[]> {
    const { rows } = await this.store.query<ChangeRow>(
      `SELECT ${CHANGE_COLUMNS} FROM status_changes
       WHERE cursor > $1::bigint
         AND ($2::text[] IS NULL OR tracking_number = ANY($2::text[]))
         AND ($3::text[] IS NULL OR carrier = ANY($3::text[]))
         AND ($4::text IS NULL OR shipment_references @> jsonb_build_array(jsonb_build_object('value', $4::text)))
       ORDER BY status_changes.cursor
       LIMIT $5`,
      [after ?? '0', filter.trackingNumbers, filter.carriers, filter.reference, limit],
    );
    return rows.map(toChange);
  }

  /** The newest cursor in the log; null while it is empty. */
  async latestCursor(): Promise<string | null> {
    const { rows } = await this.store.query<{ latest: string | null }>('SELECT max(cursor)::text AS latest FROM status_changes');
    return rows[0]?.latest ?? null;
  }

  /**
   * Checks a client's cursor before anything is subscribed or read: a decimal string no greater than the latest
   * cursor ("0" = from the start of the log). Anything else is an InputError on `field`.
   */
  async checkCursor(cursor: string | null | undefined, field = 'cursor'): Promise<string | null> {
    if (cursor === null || cursor === undefined) return null;
    if (!CURSOR_PATTERN.test(cursor)) {
      throw new InputError(field, `malformed cursor ${JSON.stringify(cursor.slice(0, 40))}: expected a cursor this server returned`);
    }
    const latest = await this.latestCursor();
    if (BigInt(cursor) > BigInt(latest ?? '0')) {
      throw new InputError(field, `unknown cursor ${cursor}: the log ends at ${latest ?? '0'}`);
    }
    // "0" reads the log as kept from its start; any other cursor below what retention removed would skip changes.
    if (cursor !== '0') {
      const purgedThrough = await this.purgedThrough();
      if (purgedThrough !== null && BigInt(cursor) < BigInt(purgedThrough)) throw new CursorExpiredError(field, cursor, purgedThrough);
    }
    return cursor;
  }

  /** The highest cursor retention deleted (retention_marks); null while nothing was. */
  async purgedThrough(): Promise<string | null> {
    const { rows } = await this.store.query<{ value: string }>(`SELECT value::text AS value FROM retention_marks WHERE name = 'status_changes'`);
    return rows[0]?.value ?? null;
  }

  /** The change with this log cursor (see `checkStatusChangeId` in src/domain/ids.ts); null when there is none. */
  async getChange(cursor: string): Promise<StatusChange | null> {
    const { rows } = await this.store.query<ChangeRow>(`SELECT ${CHANGE_COLUMNS} FROM status_changes WHERE cursor = $1::bigint`, [cursor]);
    return rows[0] ? toChange(rows[0]) : null;
  }

  /**
   * The stored answers for these shipment ids whose row was updated (a tracking answer saved, a pushed or polled change
   * recorded) within `maxAgeMs` by the database's clock, with any newer recorded status laid over the snapshot; an id
   * without a snapshot, or with an older one, is absent (docs/assumptions.md I4). One query for a batch of `_entities`.
   */
  async storedShipments(shipmentIds: readonly string[], maxAgeMs: number): Promise<Map<string, Shipment>> {
    const { rows } = await this.store.query<LatestRow & { shipment_id: string }>(
      `SELECT shipment_id, snapshot, updated_at >= now() - ($2::double precision * interval '1 millisecond') AS fresh,
         status, native_code, native_text, status_time, status_sort_ms
       FROM shipment_latest WHERE shipment_id = ANY($1::text[]) AND snapshot IS NOT NULL`,
      [[...shipmentIds], maxAgeMs],
    );
    const found = new Map<string, Shipment>();
    for (const row of rows) {
      if (row.snapshot && row.fresh === true) found.set(row.shipment_id, withNewerStatus(row.snapshot, row));
    }
    return found;
  }

  /**
   * Keeps a full answer for `freshSnapshot` (unified tracking's) and `storedShipments` (`_entities`); its status replaces
   * the stored one unless the stored one is newer. `db`: a transaction to write in (the watcher's, with its scans).
   */
  async saveSnapshot(shipment: Shipment, db: Queryable = this.store): Promise<void> {
    await db.query(snapshotUpsert(''), snapshotParams(shipment));
  }

  /**
   * `saveSnapshot` only where no snapshot is stored yet (a row holding a status alone takes it): a purchased label's
   * first snapshot never replaces what tracking stored. One statement, where a read and a write were; true when written.
   */
  async saveFirstSnapshot(shipment: Shipment): Promise<boolean> {
    const { rowCount } = await this.store.query(snapshotUpsert(' WHERE shipment_latest.snapshot IS NULL'), snapshotParams(shipment));
    return rowCount === 1;
  }

  /**
   * The stored answers for a lookup when every shipment it names has a snapshot taken within `maxAgeMs` (by the
   * database's clock, so replicas agree); null otherwise. A status recorded after the snapshot (a push) overrides the
   * snapshot's status fields. Only snapshots `source` answered count (the pushed interface the caller decorates).
   */
  async freshSnapshot(key: SnapshotKey, maxAgeMs: number, source: CarrierInterface): Promise<Shipment[] | null> {
    const { rows } = await this.store.query<LatestRow>(
      `SELECT snapshot, snapshot_at >= now() - ($4::double precision * interval '1 millisecond') AS fresh,
         status, native_code, native_text, status_time, status_sort_ms
       FROM shipment_latest
       WHERE carrier = $1 AND tracking_number = $2 AND ($3::text IS NULL OR division = $3::text)
       ORDER BY shipment_id`,
      [key.carrier, key.trackingNumber, key.division, maxAgeMs],
    );
    // Only the interface's own answers stand for its lookup: a watcher's snapshot of one division's shipment (read
    // on another interface) is not the answer for a number this interface may resolve to several.
    if (rows.length === 0 || rows.some((row) => !row.snapshot || row.snapshot.source !== source || row.fresh !== true)) return null;
    return rows.map((row) => withNewerStatus(row.snapshot as Shipment, row));
  }
}

function withNewerStatus(snapshot: Shipment, row: LatestRow): Shipment {
  if (row.status === null || row.status_sort_ms === null) return snapshot;
  const snapshotKey = sortKeyOf(snapshot.statusTime);
  if (row.status_sort_ms <= snapshotKey) return snapshot;
  return {
    ...snapshot,
    status: { status: row.status as ShipmentStatus, nativeCode: row.native_code, nativeText: row.native_text },
    statusTime: row.status_time,
  };
}
