import type { Carrier, CarrierInterface } from '../../domain/carrier.js';
import type { UpstreamError, UpstreamErrorCode } from '../../domain/errors.js';
import type { PostalValidation } from '../../domain/rating.js';
import type { RequestDeadline } from '../../platform/http/deadline.js';
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

/** What `resolveAddresses` may ask of each input beside Carrier B resolution (always asked). */
export interface ResolveAddressesOptions {
  /** An input a carrier could not resolve is a failure (ADDRESS_UNRESOLVED, naming the input) instead of an answer. */
  strict: boolean;
  includeResolutionTokens: boolean;
  /** Express `/address-validate` purposes to ask about (one call per distinct address and purpose); empty = none. */
  capabilities: readonly ('PICKUP' | 'DELIVERY')[];
  /** Carrier B postal validation of every input with a postal code (one call per distinct code); false = not asked. */
  validatePostalCodes: boolean;
}

/** Which check of an input an answer or a failure belongs to. */
export type AddressCheck = 'RESOLUTION' | 'PICKUP_CAPABILITY' | 'DELIVERY_CAPABILITY' | 'POSTAL_CODE';

/** Who answered a check and when: `resolvedAt` is when the carrier answered (earlier than now when from the cache). */
export interface AddressAnswerSource {
  carrier: Carrier;
  division: string | null;
  upstream: CarrierInterface;
  resolvedAt: Date;
  fromCache: boolean;
}

/** One check of one input that did not give an answer: the carrier failed, or (strict) could not resolve it. */
export interface AddressCheckFailure {
  carrier: Carrier;
  division: string | null;
  upstream: CarrierInterface;
  check: AddressCheck;
  code: UpstreamErrorCode | 'ADDRESS_UNRESOLVED';
  message: string;
  carrierCode: string | null;
  transactionId: string | null;
  retryAt: Date | null;
  /** The carrier's alerts about the input (why it could not be resolved), never dropped. */
  warnings: CarrierWarning[];
}

/** One input of `resolveAddresses`: each connector's answer (Carrier B resolution, express capability, postal check) or its failure. */
export interface AddressResolutionOutcome {
  input: AddressInput;
  resolutions: (AddressAnswerSource & { result: ResolvedAddress })[];
  capabilities: (AddressAnswerSource & { purpose: 'PICKUP' | 'DELIVERY'; result: AddressCapability })[];
  postalCodes: (AddressAnswerSource & { result: PostalValidation })[];
  failures: AddressCheckFailure[];
}

/** One carrier interface's service points, or its failure (`servicePoints`). */
export interface ServicePointsAnswer {
  points: { carrier: Carrier; division: string | null; upstream: CarrierInterface; point: ServicePoint }[];
  /** The carriers' soft failures (express `warnings[]`, e.g. a remote area). */
  warnings: CarrierWarning[];
  failures: { carrier: Carrier; division: string | null; upstream: CarrierInterface; error: UpstreamError }[];
}

export interface AddressesApi {
  /**
   * Many addresses at once, one outcome per input in input order; identical inputs resolved once per request and cached
   * briefly (ADDRESS_CACHE_TTL_SECONDS); Carrier B calls carry up to its batch size. Inputs are already checked.
   */
  resolveAddresses(inputs: readonly AddressInput[], options: ResolveAddressesOptions, deadline?: RequestDeadline): Promise<AddressResolutionOutcome[]>;
  servicePoints(query: ServicePointQuery, deadline?: RequestDeadline): Promise<ServicePointsAnswer>;
  /** Checked before (a fifth recipient is an InputError on `input.recipients.4`); sent once, never retried. */
  subscribeEmailNotifications(request: EmailNotificationRequest): Promise<EmailNotificationResult>;
}
