/**
 * An operator settles a pickup whose booking answer was lost (`settlePickup`). Neither carrier shows a lookup of
 * pickups, so an UNKNOWN pickup stays UNKNOWN until someone asks the carrier; the operator then records either the
 * confirmation number the carrier gave (SCHEDULED, marked as settled by an operator and not checked by any lookup) or
 * that nothing was booked (FAILED, SETTLED_NOT_CREATED). Either way the pickup is settled and its key can expire.
 */
import { InputError } from '../../domain/errors.js';
import { checkText } from '../../domain/text-bounds.js';
import { checkPickupId } from './pickup-input.js';

export interface SettlePickupInput {
  pickupId: string;
  confirmationNumber: string | null;
  notCreated: boolean;
}

const CONFIRMATION_NUMBER = { what: 'a confirmation number', max: 40, pattern: /^[A-Za-z0-9-]+$/, charset: 'letters, digits and "-"' };

/** Checks the input: a pickup id and exactly one of `confirmationNumber` or `notCreated: true`. */
export function toSettlePickup(raw: { pickupId: string; confirmationNumber?: string | null; notCreated?: boolean | null }): SettlePickupInput {
  const pickupId = checkPickupId(raw.pickupId, 'input.pickupId');
  const notCreated = raw.notCreated === true;
  const given = raw.confirmationNumber !== null && raw.confirmationNumber !== undefined;
  if (given === notCreated) {
    throw new InputError(given ? 'input.notCreated' : 'input.confirmationNumber', 'give exactly one of confirmationNumber (the carrier booked it) or notCreated: true');
  }
  return { pickupId, confirmationNumber: given ? checkText(raw.confirmationNumber, 'input.confirmationNumber', CONFIRMATION_NUMBER) : null, notCreated };
}
