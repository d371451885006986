import type { Carrier, CarrierInterface } from '../../domain/carrier.js';
import type { UpstreamError, UpstreamErrorCode } from '../../domain/errors.js';
import type { PostalValidation } from '../../domain/rating.js';
import type { RequestDeadline } from '../../platform/http/deadline.js';
import type {
  AddressCapability,
  AddressInput,
  EmailNotificationRequest,
  EmailNotificationResult,
  ResolvedAddress,
  ServicePoint,
  ServicePointQuery,
} from '../../domain/pickups-addresses.js';
import type { CarrierWarning } from '../../domain/shipment.js';

/** Pickups (item 1): the contract lives in pickups-api.ts (implemented by pickups-service.ts). */
export type { Pickup, PickupsApi } from './pickups-api.js';

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
