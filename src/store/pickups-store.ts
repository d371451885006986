/**
 * The `pickups` and `pickup_labels` tables (migration 010): pickups with their state and everything a carrier needs to
 * update or cancel them, and the labels each collects. Every state change is conditional on the state it leaves, so
 * a stale writer never undoes a newer truth. Same SQL on PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import type { Carrier } from '../domain/carrier.js';
import type { PickupCancellation, PickupNetwork, PickupRequest, PickupState } from '../domain/pickups-addresses.js';
import type { CarrierWarning } from '../domain/shipment.js';
import type { Pickup, PickupFailure, PickupSource } from '../domain/pickup.js';
import type { Queryable } from './store.js';

interface PickupRow {
  id: string;
  state: PickupState;
  source: PickupSource;
  carrier: Carrier;
  division: string | null;
  account_number: string;
  network: PickupNetwork;
  confirmation_number: string | null;
  other_confirmation_numbers: string[];
  location: string | null;
  scheduled_date: string | null;
  carrier_code: string | null;
  country_code: string | null;
  ready_by_time: string | null;
  next_pickup_date: string | null;
  cancel_url: string | null;
  message: string | null;
  request: PickupRequest | null;
  warnings: CarrierWarning[];
  failure: PickupFailure | null;
  idempotency_key: string | null;
  cancellation: PickupCancellation | null;
  created_at: Date;
  updated_at: Date;
  cancelled_at: Date | null;
}

function toPickup(row: PickupRow, labelIds: string[]): Pickup {
  return {
    id: row.id,
    state: row.state,
    source: row.source,
    carrier: row.carrier,
    division: row.division,
    accountNumber: row.account_number,
    network: row.network,
    confirmationNumber: row.confirmation_number,
    otherConfirmationNumbers: row.other_confirmation_numbers,
    location: row.location,
    scheduledDate: row.scheduled_date,
    carrierCode: row.carrier_code,
    countryCode: row.country_code,
    readyByTime: row.ready_by_time,
    nextPickupDate: row.next_pickup_date,
    cancelUrl: row.cancel_url,
    message: row.message,
    idempotencyKey: row.idempotency_key,
    request: row.request,
    labelIds,
    failure: row.failure,
    warnings: row.warnings,
    cancellation: row.cancellation,
    cancelledAt: row.cancelled_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A new PENDING pickup (schedulePickup), stored with its key before the carrier is called. */
export interface NewPickup {
  id: string;
  carrier: Carrier;
  division: string | null;
  accountNumber: string;
  network: PickupNetwork;
  countryCode: string;
  request: PickupRequest;
  idempotencyKey: string;
  now: Date;
}

/** Changes to a pickup; only the members given are written. */
export interface PickupPatch {
  state?: PickupState;
  confirmationNumber?: string | null;
  otherConfirmationNumbers?: string[];
  location?: string | null;
  scheduledDate?: string | null;
  carrierCode?: string | null;
  readyByTime?: string | null;
  nextPickupDate?: string | null;
  cancelUrl?: string | null;
  message?: string | null;
  request?: PickupRequest | null;
  warnings?: CarrierWarning[];
  failure?: PickupFailure | null;
  cancellation?: PickupCancellation | null;
  cancelledAt?: Date | null;
}

const PATCH_COLUMNS: Record<keyof PickupPatch, { column: string; json?: true; array?: true }> = {
  state: { column: 'state' },
  confirmationNumber: { column: 'confirmation_number' },
  otherConfirmationNumbers: { column: 'other_confirmation_numbers', array: true },
  location: { column: 'location' },
  scheduledDate: { column: 'scheduled_date' },
  carrierCode: { column: 'carrier_code' },
  readyByTime: { column: 'ready_by_time' },
  nextPickupDate: { column: 'next_pickup_date' },
  cancelUrl: { column: 'cancel_url' },
  message: { column: 'message' },
  request: { column: 'request', json: true },
  warnings: { column: 'warnings', json: true },
  failure: { column: 'failure', json: true },
  cancellation: { column: 'cancellation', json: true },
  cancelledAt: { column: 'cancelled_at' },
};

export class PickupsStore {
  constructor(private readonly db: Queryable) {}

  async insertPickup(pickup: NewPickup): Promise<void> {
    await this.db.query(
      `INSERT INTO pickups (id, state, source, carrier, division, account_number, network, country_code, request,
         idempotency_key, created_at, updated_at)
       VALUES ($1, 'PENDING', 'SCHEDULE_PICKUP', $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $9)`,
      [
        pickup.id,
        pickup.carrier,
        pickup.division,
        pickup.accountNumber,
        pickup.network,
        pickup.countryCode,
        JSON.stringify(pickup.request),
        pickup.idempotencyKey,
        pickup.now,
      ],
    );
  }

  /** Writes `patch` while the pickup is in one of `states`; returns whether it did. */
  async updatePickup(id: string, patch: PickupPatch, states: readonly PickupState[], now: Date): Promise<boolean> {
    const sets: string[] = ['updated_at = $1'];
    const params: unknown[] = [now];
    for (const [member, value] of Object.entries(patch) as [keyof PickupPatch, unknown][]) {
      if (value === undefined) continue;
      const spec = PATCH_COLUMNS[member];
      params.push(spec.json && value !== null ? JSON.stringify(value) : value);
      sets.push(`${spec.column} = $${params.length}${spec.json ? '::jsonb' : spec.array ? '::text[]' : ''}`);
    }
    params.push(id, [...states]);
    const { rowCount } = await this.db.query(
      `UPDATE pickups SET ${sets.join(', ')} WHERE id = $${params.length - 1} AND state = ANY($${params.length}::text[])`,
      params,
    );
    return rowCount === 1;
  }

  /** Links labels to a pickup (each once). */
  async linkLabels(pickupId: string, labelIds: readonly string[]): Promise<void> {
    if (labelIds.length === 0) return;
    await this.db.query(
      `INSERT INTO pickup_labels (pickup_id, label_id) SELECT $1, l FROM unnest($2::text[]) AS l ON CONFLICT DO NOTHING`,
      [pickupId, [...labelIds]],
    );
  }

  async pickup(id: string): Promise<Pickup | null> {
    const { rows } = await this.db.query<PickupRow>('SELECT * FROM pickups WHERE id = $1', [id]);
    return (await this.withLabels(rows))[0] ?? null;
  }

  /** Newest first; `after` (a pickup's created_at and id) is exclusive. */
  async pickups(
    filter: { carrier: Carrier | null; state: PickupState | null },
    after: { createdAt: Date; id: string } | null,
    limit: number,
  ): Promise<Pickup[]> {
    const { rows } = await this.db.query<PickupRow>(
      `SELECT * FROM pickups
       WHERE ($1::text IS NULL OR carrier = $1) AND ($2::text IS NULL OR state = $2)
         AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::text))
       ORDER BY created_at DESC, id DESC LIMIT $5`,
      [filter.carrier, filter.state, after?.createdAt ?? null, after?.id ?? null, limit],
    );
    return this.withLabels(rows);
  }

  async pickupsOfLabel(labelId: string): Promise<Pickup[]> {
    const { rows } = await this.db.query<PickupRow>(
      `SELECT p.* FROM pickups p JOIN pickup_labels pl ON pl.pickup_id = p.id WHERE pl.label_id = $1
       ORDER BY p.created_at DESC, p.id DESC`,
      [labelId],
    );
    return this.withLabels(rows);
  }

  /** The carrier, division and tracking number of each label that exists, by id. */
  async labelsToCollect(ids: readonly string[]): Promise<Map<string, { carrier: Carrier; division: string | null; state: string; trackingNumber: string | null }>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.db.query<{ id: string; carrier: Carrier; division: string | null; state: string; tracking_number: string | null }>(
      'SELECT id, carrier, division, state, tracking_number FROM labels WHERE id = ANY($1::text[])',
      [[...ids]],
    );
    return new Map(rows.map((r) => [r.id, { carrier: r.carrier, division: r.division, state: r.state, trackingNumber: r.tracking_number }]));
  }

  /**
   * Records the pickup an express shipment creation booked (the label's `dispatch_confirmation_number`), linked to the
   * label, inside the caller's transaction (the one storing the label PURCHASED, so it cannot be lost). Once per
   * (carrier, confirmation number): a replay or a second write of the label changes nothing. No-op without a number.
   */
  async recordShipmentPickup(labelId: string, now: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO pickups (id, state, source, carrier, division, account_number, network, confirmation_number,
         scheduled_date, country_code, cancel_url, created_at, updated_at)
       SELECT $2, 'SCHEDULED', 'WITH_SHIPMENT', carrier, division, account_number, 'EXPRESS', dispatch_confirmation_number,
         COALESCE(substr(request->'pickup'->>'readyAt', 1, 10), request->>'shipDate'),
         request->'shipper'->'address'->>'countryCode', links->>'cancelPickupUrl', $3, $3
       FROM labels WHERE id = $1 AND dispatch_confirmation_number IS NOT NULL
       ON CONFLICT (carrier, confirmation_number) WHERE confirmation_number IS NOT NULL DO NOTHING`,
      [labelId, `Pickup:${randomUUID()}`, now],
    );
    // Linked whether this write made the row or an earlier one did (the same booking, the same label).
    await this.db.query(
      `INSERT INTO pickup_labels (pickup_id, label_id)
       SELECT p.id, l.id FROM labels l JOIN pickups p ON p.carrier = l.carrier AND p.confirmation_number = l.dispatch_confirmation_number
       WHERE l.id = $1
       ON CONFLICT DO NOTHING`,
      [labelId],
    );
  }

  private async withLabels(rows: PickupRow[]): Promise<Pickup[]> {
    if (rows.length === 0) return [];
    const { rows: links } = await this.db.query<{ pickup_id: string; label_id: string }>(
      'SELECT pickup_id, label_id FROM pickup_labels WHERE pickup_id = ANY($1::text[]) ORDER BY label_id',
      [rows.map((r) => r.id)],
    );
    const byPickup = new Map<string, string[]>();
    for (const link of links) byPickup.set(link.pickup_id, [...(byPickup.get(link.pickup_id) ?? []), link.label_id]);
    return rows.map((r) => toPickup(r, byPickup.get(r.id) ?? []));
  }
}
