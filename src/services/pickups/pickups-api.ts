import type { Carrier } from '../../domain/carrier.js';
import type {
  PickupAvailability,
  PickupAvailabilityRequest,
  PickupCancellation,
  PickupRequest,
  PickupState,
} from '../../domain/pickups-addresses.js';
import type { Pickup } from '../../domain/pickup.js';

/** The pickup types this API answers, declared in the domain (the store persists them too). */
export type { Pickup, PickupFailure, PickupSource } from '../../domain/pickup.js';

/**
 * What resolvers call for pickups (issue 10 item 1). Inputs are already checked and converted to the domain
 * (src/graphql/inputs/pickups.ts: InputError naming the field under `input.`). Pickups are stored with their state and take an
 * idempotency key exactly as labels do (src/services/shipping/idempotency.ts, scopes 'schedulePickup',
 * 'updatePickup', 'cancelPickup'): the key, the input's hash and the PENDING pickup are stored in one transaction
 * before the one carrier call.
 */
export interface PickupsApi {
  /** A read: when the carrier can collect at an address. */
  availability(request: PickupAvailabilityRequest): Promise<PickupAvailability>;
  /** Stores key + PENDING pickup, calls the carrier once, stores SCHEDULED / FAILED / UNKNOWN; links the labels named. */
  schedulePickup(request: PickupRequest, idempotencyKey: string, labelIds: readonly string[]): Promise<PickupOutcome>;
  /** Express only: the stored pickup's dispatch confirmation number, the stored request with the changes given. */
  updatePickup(input: PickupUpdate): Promise<PickupOutcome>;
  /** Everything the carrier needs (confirmation code, location, scheduled date, carrier code) comes from the store. */
  cancelPickup(input: { pickupId: string; reason: string | null; idempotencyKey: string }): Promise<PickupCancellationOutcome>;
  /**
   * An operator settles an UNKNOWN pickup: the confirmation number the carrier gave (SCHEDULED) or not booked (FAILED).
   * Refusals are InputErrors naming the field.
   */
  settlePickup(input: SettlePickupInput): Promise<Pickup>;
  pickup(id: string): Promise<Pickup | null>;
  /** Newest first; null when `afterId` names no pickup. */
  pickups(filter: { carrier: Carrier | null; state: PickupState | null }, afterId: string | null, limit: number): Promise<Pickup[] | null>;
  /** The pickups that collect a label (linked by the caller, or booked with its shipment). */
  pickupsOfLabel(labelId: string): Promise<Pickup[]>;
}

/** What `settlePickup` takes, checked (pickup-settlement.ts: toSettlePickup). */
export interface SettlePickupInput {
  pickupId: string;
  confirmationNumber: string | null;
  notCreated: boolean;
}

/** What `updatePickup` changes: the rest is the stored pickup's (an express update sends the whole pickup again, PX3). */
export interface PickupUpdate {
  pickupId: string;
  idempotencyKey: string;
  /** Instant the parcels are ready, `...Z`, and the address's offset at that date. */
  readyAt: string;
  utcOffset: string;
  closeTime: string;
  packageLocation: string | null;
  packageCount: number | null;
  totalWeight: PickupRequest['totalWeight'] | null;
  remarks: string | null;
  /** Further labels to collect (checked and linked like schedulePickup's). */
  labelIds: readonly string[];
}

/** A pickup in the answer of a booking, and whether it replays an earlier call with the same key. */
export interface PickupOutcome {
  pickup: Pickup;
  replayed: boolean;
}

export interface PickupCancellationOutcome {
  pickup: Pickup;
  /** The carrier's answer, stored: a second cancel answers it again without a call. */
  result: PickupCancellation;
  replayed: boolean;
}
