import type { Sandbox, StartSandboxOptions } from '../../sandbox/index.js';
import type { Carrier, CarrierInterface } from '../domain/carrier.js';
import type { Label } from '../domain/shipping.js';
import type { EcommerceIdType } from '../domain/tracking.js';
import type { CarrierSections, Config } from '../platform/config.js';
import type { CarrierConfigSection } from '../platform/config.js';
import type { HttpTimeouts, UpstreamClient } from '../platform/http/upstream-client.js';
import type { Logger } from '../platform/logger.js';
import type { Metrics } from '../platform/metrics.js';
import type { QuotaCounter } from '../platform/quota.js';
import type {
  AddressCapabilityConnector,
  AddressResolutionConnector,
  DarkStorePromiseSource,
  DocumentConnector,
  HealthConnector,
  LandedCostConnector,
  LinkedDocumentConnector,
  NotificationConnector,
  PickupConnector,
  PostalValidationConnector,
  PushNotificationReader,
  RatingConnector,
  ReturnsConnector,
  ServicePointConnector,
  ShippingConnector,
  TenderingConnector,
  TrackingCapability,
} from './types.js';

/**
 * The module contract: a carrier module (CarrierModule) is its configuration section, the upstreams it opens, how
 * sandbox mode points it at simulators, the policies services ask it instead of naming it, and `build`, which returns
 * its capabilities (the connector interfaces of src/carriers/types.ts).
 */

/** What one carrier module offers, each capability tagged with its carrier, division and interface. */
export interface CarrierCapabilities {
  readonly carrier: Carrier;
  /** null: the carrier has no tracking (the dark store). */
  readonly tracking: TrackingCapability | null;
  readonly rating: readonly RatingConnector[];
  readonly landedCost: readonly LandedCostConnector[];
  readonly postalValidation: readonly PostalValidationConnector[];
  readonly health: readonly HealthConnector[];
  /** Shipping, tendering, returns and documents (issue 9); absent = none. */
  readonly shipping?: readonly ShippingConnector[];
  readonly tendering?: readonly TenderingConnector[];
  readonly returns?: readonly ReturnsConnector[];
  readonly documents?: readonly DocumentConnector[];
  /** Pickups, address resolution and capability, service points, email notifications (issue 10); absent = none. */
  readonly pickups?: readonly PickupConnector[];
  readonly addressResolution?: readonly AddressResolutionConnector[];
  readonly addressCapability?: readonly AddressCapabilityConnector[];
  readonly servicePoints?: readonly ServicePointConnector[];
  readonly notifications?: readonly NotificationConnector[];
  /** Documents tracking answers link to (proof of delivery); absent = none. */
  readonly linkedDocuments?: readonly LinkedDocumentConnector[];
  /** A same-day promise of the carrier's own (the dark store's 2-4 hours); absent = none. */
  readonly promiseSource?: DarkStorePromiseSource | null;
  /** One client (one undici pool) per configured upstream interface, shared by every capability of that interface. */
  readonly clients: readonly UpstreamClient[];
  /** Closes every client of the module, each once. */
  close(): Promise<void>;
}

/** What a module is built from: the parsed configuration (each module reads its own section) and the platform. */
export interface CarrierModuleDeps {
  config: Config;
  timeouts: HttpTimeouts;
  retryBaseDelayMs: number;
  metrics: Metrics;
  logger: Logger;
  /** The store's quota counter, so replicas share daily quotas (Group A); in-memory when absent. */
  quotaCounter?: QuotaCounter;
}

/**
 * One carrier, everything about it: its configuration section (variables under its prefix, validated and reported with
 * the rest), the upstreams it opens, its simulators in sandbox mode, its policies, and `build`, which reads its section
 * and returns what it offers (empty lists when nothing of it is configured).
 */
export interface CarrierModule {
  readonly carrier: Carrier;
  readonly config: CarrierConfigSection;
  readonly upstreams: readonly CarrierUpstream[];
  readonly sandbox?: CarrierSandbox;
  readonly policies?: CarrierPolicies;
  build(deps: CarrierModuleDeps): CarrierCapabilities;
}


/** One upstream a module may open: /readyz lists it, its pool has its own size variable, its base URL configures it. */
export interface CarrierUpstream {
  readonly name: CarrierInterface;
  readonly carrier: Carrier;
  /** The division it speaks for (address sources, failures); null when the carrier has none. */
  readonly division: string | null;
  /** The variable that configures it (named by the production refusal when nothing is configured). */
  readonly baseUrlVariable: string;
  /** UPSTREAM_POOL_CONNECTIONS_<NAME>: its own pool size (unset: UPSTREAM_POOL_CONNECTIONS or the module's default). */
  readonly poolVariable: string;
  configured(config: Config): boolean;
}

/** What sandbox mode hands a module: the configuration as loaded, the shared simulators, and its logger. */
export interface CarrierSandboxContext {
  config: Config;
  /** The simulators of the built-in upstreams, already listening. A module with simulators of its own starts them. */
  sandbox: Sandbox;
  logger: Logger;
}

/**
 * Sandbox mode asks each module to point its section(s) at simulators: the shared sandbox's, or its own it starts here
 * (and closes with `close`). The answer replaces those sections of the configuration.
 */
export interface CarrierSandbox {
  /** Options of the shared simulators this module's configuration decides (Group A: the push path and header). */
  options?(config: Config): Partial<StartSandboxOptions>;
  attach(context: CarrierSandboxContext): Promise<{ sections: Partial<CarrierSections>; close?: () => Promise<void> }>;
}

/** How a purchased label is followed from birth (src/server/shipping-wiring.ts asks the label's module). */
export interface PurchaseFollowing {
  /** Follow it by a push subscription (when push is configured) for this division; absent: watch it. */
  push?: { division: string | null };
  /** How a watch looks it up, where not by the label's tracking number alone. */
  watch?: { trackingNumber?: string; ecommerceIdType?: EcommerceIdType };
}

/** The rules services used to hard-code per carrier, each asked of the module that declares it. */
export interface CarrierPolicies {
  /** Divisions input may name for this carrier (Group A: GROUP_A_DIVISIONS); absent: none. */
  divisions?(config: Config): readonly string[];
  /** Accounts input may name for rating and landed cost, when the carrier bills by account; absent: none. */
  rateAccounts?(config: Config): readonly string[];
  /** After a purchase: push or watch, and with which lookup. Absent: a watch on the label's tracking number. */
  followPurchase?(label: Label): PurchaseFollowing;
  /** Its inbound push, when the carrier pushes status changes to a webhook of ours. */
  readonly push?: CarrierPush;
}

/** The carrier's side of push subscriptions: create, verify, delete (the service keeps their lifecycle in the store). */
export interface PushClient {
  create(request: { type: 'trackingNumber' | 'customerAccount'; value: string; service: string | null; callbackUrl: string }): Promise<{ id: string; status: string }>;
  verify(carrierSubscriptionId: string, validationSecret: string): Promise<{ status: 'active' | 'pending-approval' }>;
  delete(carrierSubscriptionId: string): Promise<void>;
  close(): Promise<void>;
}

/** A carrier's inbound push (src/server/push-runtime.ts builds the subscriptions, inbox and webhook from it). */
export interface CarrierPush {
  /** The interface whose changes are pushed: push failures name it. */
  readonly upstream: CarrierInterface;
  /** Our webhook's path for this carrier's calls (also the inbox's source name). */
  readonly webhookPath: string;
  readonly source: string;
  /** The refusal when push is not configured, naming what to set. */
  readonly notConfiguredMessage: string;
  /** Whether push can reach the carrier (purchased labels are then followed by push where the module says so). */
  configured(config: Config): boolean;
  /** The header carrying the validation secret on the carrier's notifications. */
  secretHeader(config: Config): string;
  /** The client, or null when push is not configured. */
  client(config: Config, platform: { timeouts: HttpTimeouts; retryBaseDelayMs: number; metrics: Metrics; logger: Logger }): PushClient | null;
  readonly reader: PushNotificationReader;
  /** Reads the calls arriving at our webhook (src/server/webhook.ts). */
  readonly webhook: PushWebhookWire;
}

/**
 * One call a pushing carrier made to our webhook, read by its module (src/server/webhook.ts acts on it, knowing no
 * carrier's wire): the confirmation of a new subscription (before any secret exists), a business approval, or a
 * notification of status changes for some shipments. `scope` names the call in metrics and the inbox's kick.
 */
export type InboundPushCall =
  | { kind: 'confirmation'; scope: string; subscriptionId: string; /** What the inbox stores. */ body: unknown }
  | { kind: 'approval'; scope: string; subscriptionId: string }
  | {
      kind: 'notification';
      scope: string;
      shipments: readonly unknown[];
      /** Which tracking number and division a shipment of the call is (what a subscription must cover). */
      coverageOf(shipment: unknown): { trackingNumber: string; division: string | null };
      /** The notification's body with only these of its shipments (what the inbox or the set-aside stores). */
      bodyWith(shipments: readonly unknown[]): unknown;
    };

/** A pushing carrier's webhook wire: which body is a confirmation, and the checked call of a body. */
export interface PushWebhookWire {
  /** Whether the body claims to be a confirmation (the only call that comes before a validation secret exists). */
  isConfirmation(body: unknown): boolean;
  /** The call, or what is wrong with the body (paths and messages only, never a received value). */
  parse(body: unknown): { ok: true; call: InboundPushCall } | { ok: false; problem: string };
}
