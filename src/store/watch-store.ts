/**
 * The `shipment_watches` table (migration 004): which shipments our polling watchers follow, when each is due, and
 * what they last saw. Every replica shares it; due rows are handed out with `FOR UPDATE SKIP LOCKED` (DESIGN.md,
 * "Storage and scaling out"), so one due shipment is polled by one replica.
 */
import type { Carrier } from '../domain/carrier.js';
import { formatShipmentId, formatWatchId, type ShipmentIdParts } from '../domain/ids.js';
import type { ShipmentReference } from '../domain/shipment.js';
import type { ShipmentStatus, StatusReading } from '../domain/status.js';
import type { EcommerceIdType } from '../domain/tracking.js';
import type { ShipmentWatch, WatchStopReason } from '../domain/watch.js';
import type { Queryable } from './store.js';

/** A watch as stored: the domain watch plus what only the poller needs. */
export interface StoredWatch extends ShipmentWatch {
  references: ShipmentReference[];
  createdAt: string;
}

/** What identifies a watch and how to ask for it again: the domain watch's own fields (its `id` is given by the store). */
export type NewWatch = Pick<
  ShipmentWatch,
  'shipmentId' | 'carrier' | 'division' | 'trackingNumber' | 'carrierCode' | 'carrierUniqueId' | 'ecommerceIdType'
>;

export interface PollSuccess {
  status: StatusReading;
  references: ShipmentReference[];
  polledAt: Date;
  /** Null stops polling (a terminal status). */
  nextPollAt: Date | null;
}

export interface PollFailure {
  polledAt: Date;
  /** Null stops polling (the carrier did not know the number for too long): `stoppedReason` NOT_FOUND. */
  nextPollAt: Date | null;
  error: { code: string; message: string };
}

interface WatchRow {
  watch_serial: string;
  shipment_id: string;
  carrier: string;
  division: string | null;
  tracking_number: string;
  carrier_code: string | null;
  carrier_unique_id: string | null;
  ecommerce_id_type: string | null;
  last_status: string | null;
  last_native_code: string | null;
  last_native_text: string | null;
  last_polled_at: Date | null;
  next_poll_at: Date | null;
  active: boolean;
  failures: number;
  created_at: Date;
  shipment_references: ShipmentReference[] | null;
  last_error_code: string | null;
  last_error_message: string | null;
  last_error_at: Date | null;
  stopped_reason: string | null;
}

const COLUMNS = `watch_serial::text AS watch_serial, shipment_id, carrier, division, tracking_number, carrier_code, carrier_unique_id, ecommerce_id_type,
  last_status, last_native_code, last_native_text, last_polled_at, next_poll_at, active, failures, created_at,
  shipment_references, last_error_code, last_error_message, last_error_at, stopped_reason`;

export class WatchStore {
  constructor(private readonly db: Queryable) {}

  /**
   * Starts watching, due at once. Watching a shipment already watched keeps the number and id type it is asked for by
   * (so its scans keep their dedup keys; an e-commerce package has one id however it is looked up) and takes the
   * carrier's unique id once known and the newest carrierCode; one
   * whose polling had stopped (unwatched, or terminal) is watched again from now.
   */
  async upsert(watch: NewWatch, now: Date): Promise<StoredWatch> {
    const { rows } = await this.db.query<WatchRow>(
      `INSERT INTO shipment_watches AS w (shipment_id, carrier, division, tracking_number, carrier_code, carrier_unique_id,
         ecommerce_id_type, next_poll_at, active, failures, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, 0, $8)
       ON CONFLICT (shipment_id) DO UPDATE SET
         carrier_unique_id = COALESCE(EXCLUDED.carrier_unique_id, w.carrier_unique_id),
         carrier_code = EXCLUDED.carrier_code,
         failures = CASE WHEN w.active THEN w.failures ELSE 0 END,
         next_poll_at = CASE WHEN w.active THEN w.next_poll_at ELSE EXCLUDED.next_poll_at END,
         active = true,
         stopped_reason = NULL
       RETURNING ${COLUMNS}`,
      [
        watch.shipmentId,
        watch.carrier,
        watch.division,
        watch.trackingNumber,
        watch.carrierCode,
        watch.carrierUniqueId,
        watch.ecommerceIdType,
        now,
      ],
    );
    return toWatch(rows[0]!);
  }

  async get(shipmentId: string): Promise<StoredWatch | null> {
    const { rows } = await this.db.query<WatchRow>(`SELECT ${COLUMNS} FROM shipment_watches WHERE shipment_id = $1`, [shipmentId]);
    return rows[0] ? toWatch(rows[0]) : null;
  }

  /** The watch with this serial (`ShipmentWatch:<serial>`); null when there is none. */
  async getBySerial(serial: string): Promise<StoredWatch | null> {
    const { rows } = await this.db.query<WatchRow>(`SELECT ${COLUMNS} FROM shipment_watches WHERE watch_serial = $1::bigint`, [serial]);
    return rows[0] ? toWatch(rows[0]) : null;
  }

  /**
   * The watch of the shipment a (parsed) id names: the watch under that id; else, for a carrier whose numbers are
   * reused so its ids carry its unique id (`byNumberAlone`, its module's policy), the watch under the id without the
   * unique id (a watch made before the carrier knew the number, not yet corrected by a poll), or for a short id the
   * only watch of that number. Null when none (or, for a short id, several) match.
   */
  async findForShipmentId(id: string, parts: ShipmentIdParts, { byNumberAlone }: { byNumberAlone: boolean }): Promise<StoredWatch | null> {
    const exact = await this.get(id);
    if (exact || !byNumberAlone) return exact;
    if (parts.carrierUniqueId !== null) return this.get(formatShipmentId({ ...parts, carrierUniqueId: null }));
    const { rows } = await this.db.query<WatchRow>(
      `SELECT ${COLUMNS} FROM shipment_watches WHERE carrier = $1 AND tracking_number = $2 ORDER BY shipment_id LIMIT 2`,
      [parts.carrier, parts.trackingNumber],
    );
    return rows.length === 1 ? toWatch(rows[0]!) : null;
  }

  /**
   * Moves a watch to the shipment's canonical id once a poll has seen it (with the carrier's unique id learned). When
   * a watch under the canonical id exists already, the provisional one is dropped: one shipment, one watch.
   */
  async correctShipmentId(from: string, to: string, carrierUniqueId: string | null): Promise<void> {
    const { rows } = await this.db.query('SELECT 1 FROM shipment_watches WHERE shipment_id = $1', [to]);
    if (rows.length > 0) {
      await this.db.query('DELETE FROM shipment_watches WHERE shipment_id = $1', [from]);
      return;
    }
    await this.db.query(
      `UPDATE shipment_watches SET shipment_id = $2, carrier_unique_id = COALESCE(carrier_unique_id, $3) WHERE shipment_id = $1`,
      [from, to, carrierUniqueId],
    );
  }

  /** Stops polling; null when the shipment was not actively watched. */
  async deactivate(shipmentId: string): Promise<StoredWatch | null> {
    const { rows } = await this.db.query<WatchRow>(
      `UPDATE shipment_watches SET active = false, next_poll_at = NULL, stopped_reason = 'UNWATCHED' WHERE shipment_id = $1 AND active RETURNING ${COLUMNS}`,
      [shipmentId],
    );
    return rows[0] ? toWatch(rows[0]) : null;
  }

  async list(activeOnly: boolean): Promise<StoredWatch[]> {
    const { rows } = await this.db.query<WatchRow>(
      `SELECT ${COLUMNS} FROM shipment_watches WHERE active OR NOT $1::boolean ORDER BY created_at, shipment_id`,
      [activeOnly],
    );
    return rows.map(toWatch);
  }

  /**
   * One page of watches in the order they were first watched: up to `limit` after the watch numbered `afterSerial`
   * (from the start when null). Keyed by the watch's own serial, so a page boundary survives the watched shipment's id
   * being corrected.
   */
  async listPage(activeOnly: boolean, afterSerial: string | null, limit: number): Promise<StoredWatch[]> {
    const { rows } = await this.db.query<WatchRow>(
      `SELECT ${COLUMNS} FROM shipment_watches
       WHERE (active OR NOT $1::boolean) AND ($2::bigint IS NULL OR watch_serial > $2::bigint)
       ORDER BY watch_serial LIMIT $3`,
      [activeOnly, afterSerial, limit],
    );
    return rows.map(toWatch);
  }

  /**
   * Claims up to `limit` due watches: locks them with SKIP LOCKED (rows another replica is claiming are passed over,
   * not waited for) and pushes their next_poll_at to `leaseUntil` in the same statement, so once this commits no
   * other replica sees them due until the lease runs out (a replica that dies mid-poll loses its claim then).
   */
  async claimDue(now: Date, limit: number, leaseUntil: Date): Promise<StoredWatch[]> {
    const { rows } = await this.db.query<WatchRow>(
      `WITH due AS (
         SELECT shipment_id AS due_id FROM shipment_watches
         WHERE active AND next_poll_at <= $1
         ORDER BY next_poll_at, shipment_id
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       UPDATE shipment_watches w SET next_poll_at = $3
       FROM due WHERE w.shipment_id = due.due_id
       RETURNING ${COLUMNS}`,
      [now, limit, leaseUntil],
    );
    return rows.map(toWatch).sort((a, b) => a.shipmentId.localeCompare(b.shipmentId));
  }

  /** Records a successful poll; a watch unwatched meanwhile stays unwatched. */
  async recordSuccess(shipmentId: string, poll: PollSuccess): Promise<void> {
    await this.db.query(
      `UPDATE shipment_watches SET last_status = $2, last_native_code = $3, last_native_text = $4, last_polled_at = $5,
         next_poll_at = $6, active = $7, failures = 0, shipment_references = $8::jsonb,
         last_error_code = NULL, last_error_message = NULL, last_error_at = NULL,
         stopped_reason = CASE WHEN $7 THEN NULL ELSE 'TERMINAL_STATUS' END
       WHERE shipment_id = $1 AND active`,
      [
        shipmentId,
        poll.status.status,
        poll.status.nativeCode,
        poll.status.nativeText,
        poll.polledAt,
        poll.nextPollAt,
        poll.nextPollAt !== null,
        JSON.stringify(poll.references),
      ],
    );
  }

  async recordFailure(shipmentId: string, poll: PollFailure): Promise<void> {
    await this.db.query(
      `UPDATE shipment_watches SET last_polled_at = $2, next_poll_at = $3, failures = failures + 1,
         last_error_code = $4, last_error_message = $5, last_error_at = $2,
         active = $3::timestamptz IS NOT NULL,
         stopped_reason = CASE WHEN $3::timestamptz IS NULL THEN 'NOT_FOUND' ELSE NULL END
       WHERE shipment_id = $1 AND active`,
      [shipmentId, poll.polledAt, poll.nextPollAt, poll.error.code, poll.error.message.slice(0, 500)],
    );
  }
}

function toWatch(row: WatchRow): StoredWatch {
  return {
    id: formatWatchId(row.watch_serial),
    shipmentId: row.shipment_id,
    carrier: row.carrier as Carrier,
    division: row.division,
    trackingNumber: row.tracking_number,
    carrierCode: row.carrier_code,
    carrierUniqueId: row.carrier_unique_id,
    ecommerceIdType: row.ecommerce_id_type as EcommerceIdType | null,
    lastStatus: row.last_status
      ? { status: row.last_status as ShipmentStatus, nativeCode: row.last_native_code, nativeText: row.last_native_text }
      : null,
    lastPolledAt: row.last_polled_at?.toISOString() ?? null,
    nextPollAt: row.next_poll_at?.toISOString() ?? null,
    active: row.active,
    failures: row.failures,
    lastError:
      row.last_error_code !== null && row.last_error_at !== null
        ? { code: row.last_error_code, message: row.last_error_message ?? '', at: row.last_error_at.toISOString() }
        : null,
    stoppedReason: row.stopped_reason as WatchStopReason | null,
    references: row.shipment_references ?? [],
    createdAt: row.created_at.toISOString(),
  };
}
