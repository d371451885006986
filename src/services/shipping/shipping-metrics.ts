/**
 * Shipping counters on /metrics, registered on the app's registry (once per registry: several services in one test
 * process may share it).
 *
 * - shipping_label_purchases_total{carrier, outcome}: create calls sent, by what they ended as at once (PURCHASED,
 *   PENDING for an accepted async job, UNKNOWN when the answer was lost, FAILED when refused).
 * - shipping_label_resolutions_total{carrier, outcome}: what the worker or a replay settled later (PURCHASED,
 *   FAILED, UNKNOWN when a job's deadline passed), by carrier.
 * - shipping_labels_found_after_failed_total{carrier}: labels recorded FAILED by a reconciliation whose shipment the
 *   carrier showed later (now PURCHASED with a warning): an operator alerts on any increase.
 * - shipping_idempotent_replays_total{scope}: requests answered from a stored key without a carrier call.
 * - shipping_worker_passes_total{outcome}: label worker passes (ok, error).
 * - shipping_worker_labels_total{action}: labels a pass handled (poll, reconcile, lost, purged_keys counts keys).
 */
import { Counter, type Registry } from 'prom-client';
import type { Metrics } from '../../platform/metrics.js';

export interface ShippingMetrics {
  purchases: Counter<'carrier' | 'outcome'>;
  resolutions: Counter<'carrier' | 'outcome'>;
  foundAfterFailed: Counter<'carrier'>;
  replays: Counter<'scope'>;
  workerPasses: Counter<'outcome'>;
  workerLabels: Counter<'action'>;
}

function counter<L extends string>(registry: Registry | null, name: string, help: string, labelNames: L[]): Counter<L> {
  const existing = registry?.getSingleMetric(name);
  if (existing) return existing as Counter<L>;
  return new Counter({ name, help, labelNames, registers: registry ? [registry] : [] });
}

export function shippingMetrics(metrics: Metrics | null | undefined): ShippingMetrics {
  const registry = metrics?.registry ?? null;
  return {
    purchases: counter(registry, 'shipping_label_purchases_total', 'Label create calls sent, by carrier and immediate outcome', [
      'carrier',
      'outcome',
    ]),
    resolutions: counter(registry, 'shipping_label_resolutions_total', 'Labels settled after the create call (async jobs, reconciliations)', [
      'carrier',
      'outcome',
    ]),
    foundAfterFailed: counter(registry, 'shipping_labels_found_after_failed_total', 'Labels failed by a reconciliation that the carrier showed later', ['carrier']),
    replays: counter(registry, 'shipping_idempotent_replays_total', 'Requests answered from a stored idempotency key, no carrier call', ['scope']),
    workerPasses: counter(registry, 'shipping_worker_passes_total', 'Label worker passes by outcome', ['outcome']),
    workerLabels: counter(registry, 'shipping_worker_labels_total', 'Labels handled by the label worker, by action', ['action']),
  };
}
