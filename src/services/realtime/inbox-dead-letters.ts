import { Counter } from 'prom-client';
import type { Metrics } from '../../platform/metrics.js';

/** One counter per registry (several servers may share a test process, each with its own registry). */
export function deadLetterCounter(metrics: Metrics): Counter<'source'> {
  const existing = metrics.registry.getSingleMetric('webhook_inbox_dead_letters_total');
  if (existing) return existing as Counter<'source'>;
  return new Counter({
    name: 'webhook_inbox_dead_letters_total',
    help: 'Webhook notifications moved to webhook_dead_letters after WEBHOOK_INBOX_MAX_ATTEMPTS failed processing attempts',
    labelNames: ['source'],
    registers: [metrics.registry],
  });
}
