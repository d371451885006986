import type { Carrier } from '../../domain/carrier.js';
import type { UpstreamError } from '../../domain/errors.js';
import type {
  AddressCapability,
  AddressInput,
  EmailNotificationRequest,
  EmailNotificationResult,
  PickupAvailability,
  PickupAvailabilityRequest,
  PickupCancellation,
  PickupNetwork,
  PickupRequest,
  PickupState,
  ResolvedAddress,
  ServicePoint,
  ServicePointQuery,
} from '../../domain/pickups-addresses.js';
import type { CarrierWarning } from '../../domain/shipment.js';

/**
 * What resolvers call for issue 10 (DRAFT contract on branch issue10-contract; not on main). Inputs are already
 * checked and converted to the domain (InputError naming the field under `input.`). Pickups are stored with their
 * state and take an idempotency key exactly as labels do (src/services/shipping/idempotency.ts, scope
 * 'schedulePickup' / 'updatePickup' / 'cancelPickup').
 */
export interface PickupsApi {
  availability(request: PickupAvailabilityRequest): Promise<PickupAvailability>;
  /** Stores key + PENDING pickup, calls the carrier once, stores SCHEDULED / FAILED / UNKNOWN; links the labels named. */
  schedulePickup(request: PickupRequest, idempotencyKey: string, labelIds: string[]): Promise<{ pickup: Pickup; replayed: boolean }>;
  /** Express: update by the stored dispatch confirmation number. */
  updatePickup(input: { pickupId: string; request: PickupRequest; idempotencyKey: string }): Promise<Pickup>;
  /** Everything the carrier needs (confirmation code, location, scheduled date, carrier code) comes from the store. */
  cancelPickup(input: { pickupId: string; reason: string | null; idempotencyKey: string }): Promise<{ pickup: Pickup; result: PickupCancellation }>;
  pickup(id: string): Promise<Pickup | null>;
  pickups(filter: { carrier: Carrier | null; state: PickupState | null }, afterId: string | null, limit: number): Promise<Pickup[] | null>;
  /** A pickup booked inside an express shipment creation (label.dispatchConfirmationNumber) is recorded as one. */
  recordPickupFromShipment(input: { labelId: string; carrier: Carrier; division: string | null; accountNumber: string; confirmationNumber: string; cancelUrl: string | null; scheduledDate: string }): Promise<Pickup>;
}

export interface Pickup {
  /** `Pickup:<uuid>`. */
  id: string;
  state: PickupState;
  /** SCHEDULED here, or booked inside an express shipment creation. */
  source: 'SCHEDULE_PICKUP' | 'WITH_SHIPMENT';
  carrier: Carrier;
  division: string | null;
  accountNumber: string;
  network: PickupNetwork;
  confirmationNumber: string | null;
  location: string | null;
  scheduledDate: string | null;
  carrierCode: string | null;
  readyByTime: string | null;
  nextPickupDate: string | null;
  cancelUrl: string | null;
  message: string | null;
  idempotencyKey: string | null;
  request: PickupRequest | null;
  labelIds: string[];
  failure: { code: string; message: string; carrierCode: string | null; transactionId: string | null } | null;
  warnings: CarrierWarning[];
  cancelledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One input of `resolveAddresses`: each connector's answer (Carrier B resolution, express capability) or its failure. */
export interface AddressResolutionOutcome {
  input: AddressInput;
  resolutions: { carrier: Carrier; result: ResolvedAddress }[];
  capabilities: { carrier: Carrier; division: string | null; purpose: 'PICKUP' | 'DELIVERY'; result: AddressCapability }[];
  failures: { carrier: Carrier; error: UpstreamError }[];
}

export interface AddressesApi {
  /**
   * Many addresses at once, one outcome per input; identical inputs resolved once per request and cached briefly;
   * Carrier B calls carry up to its batch size. `strict`: an input the carrier could not resolve is a failure.
   */
  resolveAddresses(
    inputs: AddressInput[],
    options: { strict: boolean; includeResolutionTokens: boolean; capability: 'PICKUP' | 'DELIVERY' | null },
  ): Promise<AddressResolutionOutcome[]>;
  servicePoints(query: ServicePointQuery): Promise<{ points: ServicePoint[]; failures: { carrier: Carrier; error: UpstreamError }[] }>;
  /** A fifth recipient is refused before any call (InputError on `input.recipients.4`). */
  subscribeEmailNotifications(request: EmailNotificationRequest): Promise<EmailNotificationResult>;
}
