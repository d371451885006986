import type { CarrierPush } from '../../module-contract.js';
import { GroupAPushClient } from './client.js';
import { groupAPushReader } from './reader.js';
import { groupAWebhookWire } from './webhook-wire.js';

/**
 * Group A's inbound push (unified tracking pushes status changes; docs/assumptions.md P1-P6): the client on the same
 * host family and key as unified tracking, our webhook at /webhooks/group-a, the reader of its stored calls.
 */
export const groupAPush: CarrierPush = {
  upstream: 'group-a/tracking',
  webhookPath: '/webhooks/group-a',
  source: 'group-a',
  notConfiguredMessage: 'Group A push is not configured (set GROUP_A_TRACK_BASE_URL or GROUP_A_PUSH_BASE_URL)',
  configured: (config) => !!(config.groupAPush.baseUrl ?? config.groupATracking?.baseUrl) && !!config.groupATracking?.apiKey,
  secretHeader: (config) => config.groupAPush.secretHeader,
  client(config, platform) {
    const baseUrl = config.groupAPush.baseUrl ?? config.groupATracking?.baseUrl ?? null;
    const apiKey = config.groupATracking?.apiKey ?? null;
    return baseUrl && apiKey ? new GroupAPushClient({ baseUrl, apiKey, subscriptionsPath: config.groupAPush.subscriptionsPath, ...platform }) : null;
  },
  reader: groupAPushReader,
  webhook: groupAWebhookWire,
};
