import { Counter } from 'prom-client';
import { outsidePushSubscription, type PushScopeMiss } from '../../domain/push.js';
import type { Logger } from '../../platform/logger.js';
import type { Metrics } from '../../platform/metrics.js';
import type { Store } from '../../store/store.js';
import type { SecretHolder } from './push-subscriptions.js';

/** A pushed shipment as the scope check needs it (the webhook reads these from the carrier's wire). */
export interface PushedShipmentScope {
  trackingNumber: string;
  division: string | null;
}

/** A push split by the subscription whose secret it carried: what to record, and what to set aside and why. */
export interface PushSplit<T> {
  inScope: T[];
  setAside: Array<{ shipment: T; reason: PushScopeMiss }>;
}

/**
 * Splits a push's shipments by what the subscriptions holding its secret cover (src/domain/push.ts): a shipment is
 * taken when some holder covers it, else set aside with the first holder's reason.
 */
export function splitByCoverage<T>(holders: readonly SecretHolder[], shipments: readonly T[], scopeOf: (shipment: T) => PushedShipmentScope): PushSplit<T> {
  const split: PushSplit<T> = { inScope: [], setAside: [] };
  for (const shipment of shipments) {
    const scope = scopeOf(shipment);
    const misses = holders.map((holder) => outsidePushSubscription(holder, scope));
    const reason = misses.includes(null) ? null : (misses[0] ?? 'other_tracking_number');
    if (reason === null) split.inScope.push(shipment);
    else split.setAside.push({ shipment, reason });
  }
  return split;
}

const DESCRIBE: Record<PushScopeMiss, string> = {
  other_tracking_number: 'of another tracking number',
  other_division: 'of another division',
};

/**
 * Keeps the shipments of a push that its subscription does not cover out of the status log: they are written to
 * `webhook_dead_letters` (reason OUTSIDE_SUBSCRIPTION, the subscription's id, a body shaped like a notification so an
 * operator can put it back into the inbox) before the webhook answers, counted by reason on /metrics, and logged once
 * per push without a tracking number. Pruned with the inbox's retention (WebhookInbox.prune).
 */
export class PushSetAside {
  private readonly counter: Counter<'source' | 'reason'> | null;

  constructor(private readonly options: { store: Store; logger: Logger; metrics?: Metrics }) {
    this.counter = options.metrics ? setAsideCounter(options.metrics) : null;
  }

  /** Durably keeps `body` (the set-aside shipments in a notification's shape); rejects when it is not stored. */
  async record(source: string, body: unknown, subscriptionIds: readonly string[], reasons: readonly PushScopeMiss[]): Promise<void> {
    const counts = new Map<PushScopeMiss, number>();
    for (const reason of reasons) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    const described = [...counts].map(([reason, n]) => `${n} ${n === 1 ? 'shipment' : 'shipments'} ${DESCRIBE[reason]}`).join(', ');
    const subscriptions = subscriptionIds.join(', ');
    await this.options.store.query(
      `INSERT INTO webhook_dead_letters (id, source, body, received_at, attempts, last_error, reason, push_subscription_id)
       VALUES (nextval(pg_get_serial_sequence('webhook_inbox', 'id')), $1, $2::jsonb, now(), 0, $3, 'OUTSIDE_SUBSCRIPTION', $4)`,
      [source, JSON.stringify(body), `outside push subscription ${subscriptions}: ${described}`, subscriptionIds[0] ?? null],
    );
    for (const [reason, n] of counts) this.counter?.inc({ source, reason }, n);
    this.options.logger.warn(
      { webhook: source, pushSubscription: subscriptions, setAside: reasons.length, reasons: Object.fromEntries(counts) },
      'pushed shipments outside the subscription whose secret they carry: set aside (webhook_dead_letters), not recorded',
    );
  }
}

/** One counter per registry (several servers may share a test process, each with its own registry). */
function setAsideCounter(metrics: Metrics): Counter<'source' | 'reason'> {
  const existing = metrics.registry.getSingleMetric('webhook_push_shipments_set_aside_total');
  if (existing) return existing as Counter<'source' | 'reason'>;
  return new Counter({
    name: 'webhook_push_shipments_set_aside_total',
    help: 'Pushed shipments outside the subscription whose validation secret the push carried (never recorded), by reason',
    labelNames: ['source', 'reason'],
    registers: [metrics.registry],
  });
}
