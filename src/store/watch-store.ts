/**
 * The `shipment_watches` table (migration 004): which shipments our polling watchers follow, when each is due, and
 * what they last saw. Every replica shares it; due rows are handed out with `FOR UPDATE SKIP LOCKED` (DESIGN.md,
 * "Storage and scaling out"), so one due shipment is polled by one replica.
 */
import type { Carrier } from '../domain/carrier.js';
import type { ShipmentReference } from '../domain/shipment.js';
import type { ShipmentStatus, StatusReading } from '../domain/status.js';
import type { EcommerceIdType } from '../domain/tracking.js';
import type { ShipmentWatch } from '../domain/watch.js';
import type { Queryable } from './store.js';

/** A watch as stored: the domain watch plus what only the poller needs. */
export interface StoredWatch extends ShipmentWatch {
  references: ShipmentReference[];
  createdAt: string;
}

/** What identifies a watch and how to ask for it again: the domain watch's own fields. */
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
  nextPollAt: Date;
  error: { code: string; message: string };
}

interface WatchRow {
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
}

const COLUMNS = `shipment_id, carrier, division, tracking_number, carrier_code, carrier_unique_id, ecommerce_id_type,
  last_status, last_native_code, last_native_text, last_polled_at, next_poll_at, active, failures, created_at,
  shipment_references, last_error_code, last_error_message, last_error_at`;

export class WatchStore {
  constructor(private readonly db: Queryable) {}

  /**
   * Starts watching, due at once. Watching a shipment already watched changes nothing but its lookup details; one
   * whose polling had stopped (unwatched, or terminal) is watched again from now.
   */
  async upsert(watch: NewWatch, now: Date): Promise<StoredWatch> {
    const { rows } = await this.db.query<WatchRow>(
      `INSERT INTO shipment_watches AS w (shipment_id, carrier, division, tracking_number, carrier_code, carrier_unique_id,
         ecommerce_id_type, next_poll_at, active, failures, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, 0, $8)
       ON CONFLICT (shipment_id) DO UPDATE SET
         carrier_code = EXCLUDED.carrier_code,
         ecommerce_id_type = EXCLUDED.ecommerce_id_type,
         failures = CASE WHEN w.active THEN w.failures ELSE 0 END,
         next_poll_at = CASE WHEN w.active THEN w.next_poll_at ELSE EXCLUDED.next_poll_at END,
         active = true
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

  /** Stops polling; null when the shipment was not actively watched. */
  async deactivate(shipmentId: string): Promise<StoredWatch | null> {
    const { rows } = await this.db.query<WatchRow>(
      `UPDATE shipment_watches SET active = false, next_poll_at = NULL WHERE shipment_id = $1 AND active RETURNING ${COLUMNS}`,
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
         last_error_code = NULL, last_error_message = NULL, last_error_at = NULL
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
         last_error_code = $4, last_error_message = $5, last_error_at = $2
       WHERE shipment_id = $1 AND active`,
      [shipmentId, poll.polledAt, poll.nextPollAt, poll.error.code, poll.error.message.slice(0, 500)],
    );
  }
}

function toWatch(row: WatchRow): StoredWatch {
  return {
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
    references: row.shipment_references ?? [],
    createdAt: row.created_at.toISOString(),
  };
}
