/**
 * Idempotency keys (Stripe's semantics, DESIGN.md): a key is stored with the hash of its input before the carrier is
 * called, in the same transaction as what it makes (a PENDING label) when there is one. The same key and input again
 * answers what was stored; the same key with another input is refused on `input.idempotencyKey`. Keys live
 * SHIPPING_IDEMPOTENCY_TTL_HOURS; an expired key is a new request.
 */
import { InputError } from '../../domain/errors.js';
import { IdempotencyKeyStore } from '../../store/shipping-keys.js';
import type { Queryable } from '../../store/store.js';

export const KEY_FIELD = 'input.idempotencyKey';

export type KeyScope = 'createShipment' | 'cancelShipment' | 'tender' | 'createReturn' | 'cancelReturn' | 'schedulePickup' | 'updatePickup' | 'cancelPickup';

export class IdempotencyKeys {
  constructor(private readonly ttlHours: number) {}

  /**
   * Stores the key (inside the caller's transaction `tx`). Returns null when this call stored it, or the resource id a
   * first call with the same input made; throws InputError when the key was used with another input.
   */
  async claim(tx: Queryable, scope: KeyScope, key: string, hash: string, resourceId: string, now: Date): Promise<string | null> {
    const existing = await new IdempotencyKeyStore(tx).claimKey({ key, resourceId, now, ...this.row(scope, hash, now) });
    if (!existing) return null;
    if (existing.hash !== hash) throw new InputError(KEY_FIELD, `was used with another input (${scope}); send a new key for a new request`);
    return existing.resourceId;
  }

  /** What a new key's row holds besides the key and what it names: its scope, its input's hash, when it expires. */
  row(scope: KeyScope, hash: string, now: Date): { scope: KeyScope; hash: string; expiresAt: Date } {
    return { scope, hash, expiresAt: new Date(now.getTime() + this.ttlHours * 3_600_000) };
  }
}
