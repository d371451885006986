/**
 * The label worker's step for cancellations whose answer was lost: each pass claims due unsettled cancellations
 * (FOR UPDATE SKIP LOCKED, so replicas share them) and asks the carrier again; its answer settles them (its "already
 * cancelled" as CANCELLED). Asking again is safe: a carrier cancels a shipment once and answers a repeat itself.
 * Past its deadline a cancellation stays UNKNOWN, visible, with nothing due; a client's retry still asks again.
 */
import type { Logger } from '../../platform/logger.js';
import { LabelCancellationStore } from '../../store/label-cancellations.js';
import type { Store } from '../../store/store.js';
import type { Cancellations } from './cancellation.js';
import type { ShippingSettings } from './types.js';

export interface CancelSettlingDeps {
  store: Store;
  cancellations: Cancellations;
  settings: ShippingSettings;
  logger: Logger;
  now: () => Date;
}

/** One pass: asks the carrier again for each due cancellation; returns how many were claimed. */
export async function settleDueCancellations(deps: CancelSettlingDeps): Promise<number> {
  const now = deps.now();
  const db = new LabelCancellationStore(deps.store);
  const due = await db.claimDue(now, deps.settings.workerBatch ?? 50, new Date(now.getTime() + deps.settings.leaseMs));
  await Promise.all(
    due.map(async (pending) => {
      if (pending.deadlineAt && now > pending.deadlineAt) {
        await db.markUnknown(pending.labelId, null, now);
        deps.logger.warn({ labelId: pending.labelId }, 'cancellation still unsettled past its deadline; it stays UNKNOWN until a retry');
        return;
      }
      try {
        await deps.cancellations.resend(pending);
      } catch (err) {
        // The attempt is recorded (settled, or UNKNOWN with its next attempt); nothing else to undo.
        deps.logger.warn({ labelId: pending.labelId, err: err instanceof Error ? err.message : String(err) }, 'cancellation not settled yet');
      }
    }),
  );
  return due.length;
}
