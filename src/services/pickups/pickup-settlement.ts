/**
 * An operator settles a pickup whose booking answer was lost (`settlePickup`). Neither carrier shows a lookup of
 * pickups, so an UNKNOWN pickup stays UNKNOWN until someone asks the carrier; the operator then records either the
 * confirmation number the carrier gave (SCHEDULED, marked as settled by an operator and not checked by any lookup) or
 * that nothing was booked (FAILED, SETTLED_NOT_CREATED). Either way the pickup is settled and its key can expire.
 */
import { InputError } from '../../domain/errors.js';
import { pickupEvent } from '../../domain/lifecycle-events.js';
import type { CarrierWarning } from '../../domain/shipment.js';
import { recordLifecycleEvent } from '../../store/outbox-store.js';
import { PickupsStore } from '../../store/pickups-store.js';
import type { Store } from '../../store/store.js';
import type { Pickup } from '../../domain/pickup.js';
import type { SettlePickupInput } from './pickups-api.js';

export type { SettlePickupInput } from './pickups-api.js';

/**
 * Writes the settlement of `stored` (read just before): nothing when it is already settled the same way; otherwise only
 * while it is still UNKNOWN (InputError on `input.pickupId` when it is not, or was settled meanwhile). SCHEDULED is
 * written with its analytics event in one transaction, as a booking is.
 */
export async function settleStoredPickup(store: Store, stored: Pickup, input: SettlePickupInput, now: Date): Promise<void> {
  if (input.confirmationNumber !== null && stored.state === 'SCHEDULED' && stored.confirmationNumber === input.confirmationNumber) return;
  if (input.notCreated && stored.state === 'FAILED' && stored.failure?.code === 'SETTLED_NOT_CREATED') return;
  if (stored.state !== 'UNKNOWN') throw new InputError('input.pickupId', `is ${stored.state}; only a pickup whose booking outcome is UNKNOWN can be settled`);
  const lost = stored.failure ? ` (the answer had been lost: ${stored.failure.code} ${stored.failure.message})` : '';
  const written = await store.transaction(async (tx) => {
    const db = new PickupsStore(tx);
    if (input.notCreated) {
      const failure = {
        code: 'SETTLED_NOT_CREATED',
        message: `an operator recorded that the carrier booked nothing${lost}`,
        carrierCode: stored.failure?.carrierCode ?? null,
        transactionId: stored.failure?.transactionId ?? null,
      };
      return db.updatePickup(stored.id, { state: 'FAILED', failure }, ['UNKNOWN'], now);
    }
    const note: CarrierWarning = {
      code: 'SETTLED_BY_OPERATOR',
      message: `The booking answer was lost${lost}; an operator recorded confirmation ${input.confirmationNumber} from the carrier (no lookup of pickups exists to check it).`,
      type: 'NOTE',
    };
    const patch = { state: 'SCHEDULED' as const, confirmationNumber: input.confirmationNumber, warnings: [...stored.warnings, note], failure: null };
    if (!(await db.updatePickup(stored.id, patch, ['UNKNOWN'], now))) return false;
    const pickup = await db.pickup(stored.id);
    if (pickup) await recordLifecycleEvent(tx, pickupEvent(pickup, 'SCHEDULED', now));
    return true;
  });
  if (!written) throw new InputError('input.pickupId', 'was settled meanwhile; read it again');
}
