import { GroupAPushClient } from '../carriers/group-a/push/client.js';
import { groupAPushReader } from '../carriers/group-a/push/reader.js';
import type { Config } from '../platform/config.js';
import type { Logger } from '../platform/logger.js';
import type { Metrics } from '../platform/metrics.js';
import { PushSetAside } from '../services/realtime/push-set-aside.js';
import { PushSubscriptionService } from '../services/realtime/push-subscriptions.js';
import { WebhookInbox, type StatusAppender } from '../services/realtime/webhook-inbox.js';
import { StatusLog } from '../store/status-log.js';
import type { Store } from '../store/store.js';
import { GROUP_A_WEBHOOK_PATH, groupAWebhookRouter } from './webhook.js';

export interface PushRuntime {
  subscriptions: PushSubscriptionService;
  inbox: WebhookInbox;
  router: ReturnType<typeof groupAWebhookRouter>;
  /** Called once the server listens: the callback URL given to the carrier when WEBHOOK_PUBLIC_URL is unset. */
  setListeningOrigin(origin: string): void;
  /** Processes what a crash left in the inbox, then sweeps periodically. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Group A push: the carrier client (same host family and key as unified tracking), the subscription lifecycle, the
 * webhook inbox and its router. Built on the store so every replica shares subscriptions and inbox.
 */
export function createPushRuntime(deps: {
  config: Config;
  logger: Logger;
  metrics: Metrics;
  store: Store;
  statusLog?: StatusAppender;
}): PushRuntime {
  const { config, logger, metrics, store } = deps;
  const baseUrl = config.groupAPush.baseUrl ?? config.groupATracking?.baseUrl ?? null;
  const apiKey = config.groupATracking?.apiKey ?? null;
  const client =
    baseUrl && apiKey
      ? new GroupAPushClient({
          baseUrl,
          apiKey,
          subscriptionsPath: config.groupAPush.subscriptionsPath,
          timeouts: {
            connectTimeoutMs: config.http.connectTimeoutMs,
            headersTimeoutMs: config.http.headersTimeoutMs,
            bodyTimeoutMs: config.http.bodyTimeoutMs,
          },
          retryBaseDelayMs: config.http.retryBaseDelayMs,
          metrics,
          logger,
        })
      : null;
  let callbackUrl = config.webhook.publicUrl;
  const subscriptions = new PushSubscriptionService({
    store,
    client,
    callbackUrl: () => {
      if (!callbackUrl) throw new Error('the webhook callback URL is not known yet (server not listening)');
      return callbackUrl;
    },
    divisions: config.groupADivisions,
    logger,
  });
  const inbox = new WebhookInbox({
    store,
    statusLog: deps.statusLog ?? new StatusLog(store),
    logger,
    metrics,
    reader: groupAPushReader,
    confirm: (carrierSubscriptionId, secret, waitMs) => subscriptions.confirm(carrierSubscriptionId, secret, waitMs),
    processing: config.webhook.inboxProcessing,
    retentionMs: config.webhook.inboxRetentionMs,
    maxAttempts: config.webhook.inboxMaxAttempts,
    groupWindowMs: config.webhook.inboxGroupWindowMs,
    groupMax: config.webhook.inboxGroupMax,
    batchSize: config.webhook.inboxBatchSize,
    processIntervalMs: config.webhook.inboxProcessIntervalMs,
  });
  const router = groupAWebhookRouter({
    subscriptions,
    setAside: new PushSetAside({ store, logger, metrics }),
    inbox,
    secretHeader: config.groupAPush.secretHeader,
    maxBodyBytes: config.webhook.maxBodyBytes,
    logger,
    metrics,
  });
  return {
    subscriptions,
    inbox,
    router,
    setListeningOrigin(origin) {
      if (!config.webhook.publicUrl) callbackUrl = `${origin}${GROUP_A_WEBHOOK_PATH}`;
    },
    start: () => inbox.start(),
    async close() {
      await inbox.close();
      await client?.close();
    },
  };
}
