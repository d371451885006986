import type { CarrierPush, PushWebhookWire } from '../carriers/module-contract.js';
import type { StatusChangeInput } from '../domain/status-change.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { Metrics } from '../platform/metrics.js';
import { PushSetAside } from '../services/realtime/push-set-aside.js';
import { PushSubscriptionService } from '../services/realtime/push-subscriptions.js';
import { WebhookInbox, type StatusAppender } from '../services/realtime/webhook-inbox.js';
import { StatusLog } from '../store/status-log.js';
import type { Store } from '../store/store.js';
import { pushWebhookRouter } from './webhook.js';

/** Without a pushing module no carrier calls our webhook: every body is refused as malformed (400). */
const NO_PUSH: PushWebhookWire = {
  isConfirmation: () => false,
  parse: () => ({ ok: false, problem: 'no carrier pushes to this server' }),
};

export interface PushRuntime {
  subscriptions: PushSubscriptionService;
  inbox: WebhookInbox;
  router: ReturnType<typeof pushWebhookRouter>;
  /** Where the router is mounted (the pushing module's webhook path). */
  path: string;
  /** Whether push can reach the carrier. */
  configured: boolean;
  /** Called once the server listens: the callback URL given to the carrier when WEBHOOK_PUBLIC_URL is unset. */
  setListeningOrigin(origin: string): void;
  /** Processes what a crash left in the inbox, then sweeps periodically. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The inbound push of the module that declares one (Group A today): the carrier client, the subscription lifecycle,
 * the webhook inbox and its router. Built on the store so every replica shares subscriptions and inbox. `push` null
 * (no module pushes) gives a runtime whose every subscription call is refused as not configured.
 */
export function createPushRuntime(deps: {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  store: Store;
  statusLog?: StatusAppender;
  push: CarrierPush | null;
  /** The divisions input may name (the registry's, from the modules' policies). */
  divisions: readonly string[];
  /** Pushed changes as the carriers' modules read them before they are recorded (the registry's refinePushed). */
  refine?: (changes: readonly StatusChangeInput[]) => Promise<StatusChangeInput[]>;
}): PushRuntime {
  const { config, logger, metrics, store } = deps;
  const push = deps.push;
  const timeouts = { connectTimeoutMs: config.http.connectTimeoutMs, headersTimeoutMs: config.http.headersTimeoutMs, bodyTimeoutMs: config.http.bodyTimeoutMs };
  const client = push?.client(config, { timeouts, retryBaseDelayMs: config.http.retryBaseDelayMs, metrics, logger }) ?? null;
  const webhookPath = push?.webhookPath ?? '/webhooks/push';
  let callbackUrl = config.webhook.publicUrl;
  const subscriptions = new PushSubscriptionService({
    store,
    client,
    callbackUrl: () => {
      if (!callbackUrl) throw new Error('the webhook callback URL is not known yet (server not listening)');
      return callbackUrl;
    },
    divisions: deps.divisions,
    logger,
    notConfigured: { message: push?.notConfiguredMessage ?? 'no carrier with push is configured', upstream: push?.upstream ?? 'push' },
  });
  const inbox = new WebhookInbox({
    store,
    statusLog: deps.statusLog ?? new StatusLog(store),
    logger,
    metrics,
    reader: push?.reader ?? { statusChanges: () => [], confirmation: () => null },
    confirm: (carrierSubscriptionId, secret, waitMs) => subscriptions.confirm(carrierSubscriptionId, secret, waitMs),
    processing: config.webhook.inboxProcessing,
    retentionMs: config.webhook.inboxRetentionMs,
    maxAttempts: config.webhook.inboxMaxAttempts,
    groupWindowMs: config.webhook.inboxGroupWindowMs,
    groupMax: config.webhook.inboxGroupMax,
    batchSize: config.webhook.inboxBatchSize,
    processIntervalMs: config.webhook.inboxProcessIntervalMs,
    ...(deps.refine ? { refine: deps.refine } : {}),
  });
  const router = pushWebhookRouter({
    source: push?.source ?? 'push',
    subscriptions,
    setAside: new PushSetAside({ store, logger, metrics }),
    inbox,
    wire: push?.webhook ?? NO_PUSH,
    secretHeader: push?.secretHeader(config) ?? 'Carrier-Push-Secret',
    maxBodyBytes: config.webhook.maxBodyBytes,
    logger,
    metrics,
  });
  return {
    subscriptions,
    inbox,
    router,
    path: webhookPath,
    configured: push?.configured(config) ?? false,
    setListeningOrigin(origin) {
      if (!config.webhook.publicUrl) callbackUrl = `${origin}${webhookPath}`;
    },
    start: () => inbox.start(),
    async close() {
      await inbox.close();
      await client?.close();
    },
  };
}
