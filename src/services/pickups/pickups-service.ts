/**
 * The pickups service (issue 10 item 1) over the registry's pickup connectors (Carrier B availability, schedule and
 * cancel; Group A express schedule, update and cancel). No carrier is named here: a connector is chosen by the
 * request's (or the stored pickup's) carrier and division.
 *
 * A booking: input checks (at the GraphQL edge: src/graphql/inputs/pickups.ts) -> the connector's `check` and the labels named (nothing written) -> ONE
 * transaction storing the key, the input's hash and a PENDING pickup -> ONE schedule call, never retried, outside any
 * transaction -> SCHEDULED, FAILED (refused) or UNKNOWN (answer lost: the carrier may have booked it). A replay of the
 * key answers the stored pickup without a call. Update and cancel read everything the carrier needs from the store.
 */
import { randomUUID } from 'node:crypto';
import type { Carrier } from '../../domain/carrier.js';
import { InputError, NotFoundError, UpstreamError } from '../../domain/errors.js';
import type { PickupAvailability, PickupAvailabilityRequest, PickupCancellation, PickupRequest, PickupState } from '../../domain/pickups-addresses.js';
import { outcomeUnknown, type PickupConnector } from '../../carriers/types.js';
import type { Logger } from '../../platform/logger.js';
import { PickupsStore } from '../../store/pickups-store.js';
import { ShippingStore } from '../../store/shipping-store.js';
import { IdempotencyKeyStore } from '../../store/shipping-keys.js';
import { pickupEvent, type PickupEventState } from '../../domain/lifecycle-events.js';
import { recordLifecycleEvent } from '../../store/outbox-store.js';
import type { Queryable, Store } from '../../store/store.js';
import { IdempotencyKeys } from '../shipping/idempotency.js';
import { throwInputErrors } from '../../domain/input-errors.js';
import { purchaseReference, requestHash } from '../shipping/purchase-key.js';
import { failureOf, handleOf, requestOfShipmentPickup, scheduledPatch } from './pickup-records.js';
import type { Pickup } from '../../domain/pickup.js';
import type { PickupCancellationOutcome, PickupOutcome, PickupsApi, PickupUpdate, SettlePickupInput } from './pickups-api.js';
import { settleStoredPickup } from './pickup-settlement.js';

export interface PickupsServiceDeps {
  store: Store;
  /** From the registry: `pickupConnectors`. */
  connectors: readonly PickupConnector[];
  settings: {
    /** SHIPPING_IDEMPOTENCY_TTL_HOURS: keys are the shipping ones. */
    idempotencyTtlHours: number;
    /** SHIPPING_LEASE_MS: a PENDING pickup older than this on a replay was left by a process that died (UNKNOWN). */
    leaseMs: number;
  };
  logger: Logger;
  now?: () => Date;
}

const SCHEDULE = 'schedulePickup';
const UPDATE = 'updatePickup';
const CANCEL = 'cancelPickup';

export class PickupsService implements PickupsApi {
  private readonly now: () => Date;
  private readonly keys: IdempotencyKeys;

  constructor(private readonly deps: PickupsServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.keys = new IdempotencyKeys(deps.settings.idempotencyTtlHours);
  }

  private connectorFor(carrier: Carrier, division: string | null): PickupConnector | null {
    return this.deps.connectors.find((c) => c.carrier === carrier && c.division === division) ?? null;
  }

  private offered(): string {
    return this.deps.connectors.map((c) => (c.division ? `${c.carrier}/${c.division}` : c.carrier)).join(', ') || 'none is configured';
  }

  private requireConnector(carrier: Carrier, division: string | null): PickupConnector {
    const connector = this.connectorFor(carrier, division);
    if (!connector) {
      throw new InputError(division ? 'input.division' : 'input.carrier', `${carrier}${division ? `/${division}` : ''} books no pickups here (pickups: ${this.offered()})`);
    }
    return connector;
  }

  async availability(request: PickupAvailabilityRequest): Promise<PickupAvailability> {
    const connector = this.requireConnector(request.carrier, request.division);
    if (!connector.availability) {
      const offering = this.deps.connectors.filter((c) => c.availability).map((c) => c.carrier);
      throw new InputError('input.carrier', `${request.carrier} answers no pickup availability (only ${offering.length ? [...new Set(offering)].join(', ') : 'no configured carrier'} offers one)`);
    }
    if (request.accountNumber !== null && !connector.accountNumbers.includes(request.accountNumber)) {
      throw new InputError('input.accountNumber', 'is not an account configured for this carrier');
    }
    return connector.availability(request);
  }

  /** The labels named: each stored, of the pickup's carrier and division, and purchased (it has a waybill to collect). */
  private async labelsToCollect(labelIds: readonly string[], carrier: Carrier, division: string | null): Promise<string[]> {
    const found = await new PickupsStore(this.deps.store).labelsToCollect(labelIds);
    const numbers: string[] = [];
    labelIds.forEach((id, i) => {
      const label = found.get(id);
      const field = `input.labelIds.${i}`;
      if (!label) throw new NotFoundError(field, 'no label has this id');
      if (label.carrier !== carrier || label.division !== division) throw new InputError(field, `is a ${label.carrier}${label.division ? `/${label.division}` : ''} label; a pickup collects its own carrier's labels`);
      if ((label.state !== 'PURCHASED') || !label.trackingNumber) throw new InputError(field, `is ${label.state}: only a purchased label can be collected`);
      numbers.push(label.trackingNumber);
    });
    return numbers;
  }

  async schedulePickup(input: PickupRequest, idempotencyKey: string, labelIds: readonly string[]): Promise<PickupOutcome> {
    const connector = this.requireConnector(input.carrier, input.division);
    const accountNumber = input.accountNumber ?? connector.defaultAccountNumber;
    if (!connector.accountNumbers.includes(accountNumber)) throw new InputError('input.accountNumber', 'is not an account configured for this carrier');
    const collected = await this.labelsToCollect(labelIds, input.carrier, input.division);
    const request: PickupRequest = {
      ...input,
      accountNumber,
      trackingNumbers: [...new Set([...input.trackingNumbers, ...collected])],
      purchaseReference: purchaseReference(SCHEDULE, idempotencyKey),
    };
    throwInputErrors(connector.check(request));
    const { purchaseReference: _derived, ...hashed } = request;
    const hash = requestHash(SCHEDULE, { request: hashed, labelIds: [...labelIds].sort() });
    const now = this.now();
    const pickupId = `Pickup:${randomUUID()}`;
    const firstId = await this.deps.store.transaction(async (tx) => {
      const existing = await this.keys.claim(tx, SCHEDULE, idempotencyKey, hash, pickupId, now);
      if (existing) return existing;
      const db = new PickupsStore(tx);
      await db.insertPickup({
        id: pickupId,
        carrier: request.carrier,
        division: request.division,
        accountNumber,
        network: request.network,
        countryCode: request.location.address.countryCode,
        request,
        idempotencyKey,
        now,
      });
      await db.linkLabels(pickupId, labelIds);
      return null;
    });
    if (firstId) return { pickup: await this.replayed(firstId), replayed: true };

    // The PENDING pickup and its key are committed: the one booking call goes now, never retried (it books a driver).
    const db = new PickupsStore(this.deps.store);
    try {
      const answer = await connector.schedule(request);
      await this.writeWithEvent(pickupId, 'SCHEDULED', (tx, at) => new PickupsStore(tx).updatePickup(pickupId, scheduledPatch(answer, request), ['PENDING', 'UNKNOWN'], at));
    } catch (error) {
      // A lost answer (timeout, reset, 5xx after sending) may have booked a driver: UNKNOWN, never a second booking.
      const state: PickupState = outcomeUnknown(error) ? 'UNKNOWN' : 'FAILED';
      await db.updatePickup(pickupId, { state, failure: failureOf(error) }, ['PENDING'], this.now());
      if (!(error instanceof UpstreamError) && !(error instanceof InputError)) {
        this.deps.logger.warn({ pickupId, err: error instanceof Error ? error.message : String(error) }, 'pickup booking failed unexpectedly');
      }
    }
    return { pickup: await this.stored(pickupId), replayed: false };
  }

  /**
   * The pickup a key made, as it is now. One still PENDING past the lease was left by a process that died during its
   * call: UNKNOWN (the carrier may have booked it; PK4: no reconciliation exists for pickups).
   */
  private async replayed(pickupId: string): Promise<Pickup> {
    const pickup = await this.stored(pickupId);
    if (pickup.state !== 'PENDING' || pickup.updatedAt.getTime() + this.deps.settings.leaseMs > this.now().getTime()) return pickup;
    const lost = { code: 'PROCESS_LOST', message: 'the process booking this pickup stopped before storing the answer; ask the carrier whether it was booked', carrierCode: null, transactionId: null };
    await new PickupsStore(this.deps.store).updatePickup(pickupId, { state: 'UNKNOWN', failure: lost }, ['PENDING'], this.now());
    return this.stored(pickupId);
  }

  async updatePickup(input: PickupUpdate): Promise<PickupOutcome> {
    const stored = await this.existing(input.pickupId);
    const connector = this.connectorFor(stored.carrier, stored.division);
    if (!connector?.update) {
      throw new InputError('input.pickupId', `is a ${stored.carrier}${stored.division ? `/${stored.division}` : ''} pickup, which the carrier cannot update (only express pickups can be); cancel it and schedule a new one`);
    }
    if (stored.state !== 'SCHEDULED') throw new InputError('input.pickupId', `is ${stored.state}: only a SCHEDULED pickup can be updated`);
    const base = stored.request ?? (await this.requestOfShipment(stored));
    const collected = await this.labelsToCollect(input.labelIds, stored.carrier, stored.division);
    const request: PickupRequest = {
      ...base,
      readyAt: input.readyAt,
      readyAtLocal: new Date(Date.parse(input.readyAt) + offsetMinutes(input.utcOffset) * 60_000).toISOString().slice(0, 19),
      utcOffset: input.utcOffset,
      closeTime: input.closeTime,
      packageLocation: input.packageLocation ?? base.packageLocation,
      packageCount: input.packageCount ?? base.packageCount,
      totalWeight: input.totalWeight ?? base.totalWeight,
      remarks: input.remarks ?? base.remarks,
      trackingNumbers: [...new Set([...base.trackingNumbers, ...collected])],
      purchaseReference: base.purchaseReference || purchaseReference(UPDATE, input.idempotencyKey),
    };
    throwInputErrors(connector.check(request));
    const { idempotencyKey, ...changes } = input;
    const hash = requestHash(UPDATE, changes);
    const now = this.now();
    const firstId = await this.deps.store.transaction((tx) => this.keys.claim(tx, UPDATE, idempotencyKey, hash, stored.id, now));
    if (firstId) return { pickup: await this.stored(firstId), replayed: true };
    let answer;
    try {
      answer = await connector.update(handleOf(stored), request);
    } catch (error) {
      // Nothing changed (or the same body sets the same pickup again, PX3): the key is free for a retry.
      await new IdempotencyKeyStore(this.deps.store).releaseKey(UPDATE, idempotencyKey);
      throw error;
    }
    await this.deps.store.transaction(async (tx) => {
      const db = new PickupsStore(tx);
      await db.updatePickup(stored.id, scheduledPatch(answer, request), ['SCHEDULED'], this.now());
      await db.linkLabels(stored.id, input.labelIds);
    });
    return { pickup: await this.stored(stored.id), replayed: false };
  }

  async cancelPickup(input: { pickupId: string; reason: string | null; idempotencyKey: string }): Promise<PickupCancellationOutcome> {
    const stored = await this.existing(input.pickupId);
    // A second cancel is a no-op answering the first one's result (whatever its key).
    if (stored.state === 'CANCELLED' && stored.cancellation) return { pickup: stored, result: stored.cancellation, replayed: true };
    if (stored.state !== 'SCHEDULED') throw new InputError('input.pickupId', notCancellable(stored));
    const connector = this.connectorFor(stored.carrier, stored.division);
    if (!connector) throw new InputError('input.pickupId', `is a ${stored.carrier} pickup, and no pickup interface of that carrier is configured here`);
    const hash = requestHash(CANCEL, { pickupId: stored.id, reason: input.reason });
    const now = this.now();
    const firstId = await this.deps.store.transaction((tx) => this.keys.claim(tx, CANCEL, input.idempotencyKey, hash, stored.id, now));
    if (firstId) {
      const pickup = await this.stored(firstId);
      const result: PickupCancellation = pickup.cancellation ?? { cancelled: false, message: 'the cancellation sent with this key is still running', warnings: [] };
      return { pickup, result, replayed: true };
    }
    let result: PickupCancellation;
    try {
      result = await connector.cancel(handleOf(stored), input.reason);
    } catch (error) {
      // The carrier refused or could not be reached: nothing is stored, the key is free for a retry.
      await new IdempotencyKeyStore(this.deps.store).releaseKey(CANCEL, input.idempotencyKey);
      throw error;
    }
    if (result.cancelled) {
      await this.writeWithEvent(stored.id, 'CANCELLED', (tx, at) =>
        new PickupsStore(tx).updatePickup(stored.id, { state: 'CANCELLED', cancellation: result, cancelledAt: at }, ['SCHEDULED'], at),
      );
    } else {
      // The carrier did not confirm: the pickup stays SCHEDULED and the key is free for another attempt.
      await new IdempotencyKeyStore(this.deps.store).releaseKey(CANCEL, input.idempotencyKey);
    }
    return { pickup: await this.stored(stored.id), result, replayed: false };
  }

  /** An operator's settlement of an UNKNOWN pickup (pickup-settlement.ts); the same settlement again answers the pickup. */
  async settlePickup(input: SettlePickupInput): Promise<Pickup> {
    const stored = await this.existing(input.pickupId);
    await settleStoredPickup(this.deps.store, stored, input, this.now());
    return this.stored(stored.id);
  }

  async pickup(id: string): Promise<Pickup | null> {
    return new PickupsStore(this.deps.store).pickup(id);
  }

  async pickups(filter: { carrier: Carrier | null; state: PickupState | null }, afterId: string | null, limit: number): Promise<Pickup[] | null> {
    const db = new PickupsStore(this.deps.store);
    let after: { createdAt: Date; id: string } | null = null;
    if (afterId !== null) {
      const anchor = await db.pickup(afterId);
      if (!anchor) return null;
      after = { createdAt: anchor.createdAt, id: anchor.id };
    }
    return db.pickups(filter, after, limit);
  }

  pickupsOfLabel(labelId: string): Promise<Pickup[]> {
    return new PickupsStore(this.deps.store).pickupsOfLabel(labelId);
  }

  /** A state change and its analytics event (issue 11) in one transaction; the event only when the change was written. */
  private async writeWithEvent(pickupId: string, state: PickupEventState, write: (tx: Queryable, at: Date) => Promise<boolean>): Promise<void> {
    const at = this.now();
    await this.deps.store.transaction(async (tx) => {
      if (!(await write(tx, at))) return;
      const pickup = await new PickupsStore(tx).pickup(pickupId);
      if (pickup) await recordLifecycleEvent(tx, pickupEvent(pickup, state, at));
    });
  }

  private async existing(id: string): Promise<Pickup> {
    const pickup = await this.pickup(id);
    if (!pickup) throw new NotFoundError('input.pickupId', 'no pickup has this id');
    return pickup;
  }

  private async stored(id: string): Promise<Pickup> {
    const pickup = await this.pickup(id);
    if (!pickup) throw new Error(`pickup ${id} vanished after it was stored`);
    return pickup;
  }

  /** A pickup booked inside a shipment creation has no request of its own: the label's stands for it (PK5). */
  private async requestOfShipment(pickup: Pickup): Promise<PickupRequest> {
    const labelId = pickup.labelIds[0];
    const label = labelId ? await new ShippingStore(this.deps.store).label(labelId) : null;
    if (!label) throw new InputError('input.pickupId', 'was booked with a shipment whose label is not stored here');
    return requestOfShipmentPickup(label);
  }
}

function notCancellable(pickup: Pickup): string {
  switch (pickup.state) {
    case 'FAILED':
      return 'is FAILED: the carrier booked nothing, so there is nothing to cancel';
    case 'UNKNOWN':
      return 'is UNKNOWN: its booking answer was lost and whether the carrier booked it is not known here (no reconciliation exists for pickups); ask the carrier';
    case 'PENDING':
      return 'is PENDING: its booking is still running; ask again when it is SCHEDULED';
    default:
      return `is ${pickup.state} and cannot be cancelled`;
  }
}

function offsetMinutes(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}
