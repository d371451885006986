import type { Carrier } from './carrier.js';
import type { UpstreamError } from './errors.js';
import type { Weight } from './rating.js';
import type { CarrierWarning } from './shipment.js';
import type { ShippingAddress, ShippingParty } from './shipping.js';

/**
 * Pickups, address resolution, service points and email notifications in the unified model (issue 10). Connectors
 * build their wire requests from these types and map answers back; services and resolvers never see a wire shape.
 * Every value here is already checked (src/services/pickups/*-input.ts).
 */

// ---------------------------------------------------------------------------------------------------------------------
// Pickups (seed 001 "Pickup create request", availability, cancellation; seed 000 express pickup answer)
// ---------------------------------------------------------------------------------------------------------------------

/** Seed 001 `pickupDateType`. */
export type PickupDateType = 'SAME_DAY' | 'FUTURE_DAY';

/** Carrier B `associatedAccountNumberType` / the network a pickup is for: `CARRIER_GROUND` or the express network. */
export type PickupNetwork = 'GROUND' | 'EXPRESS';

/** What `pickupAvailability` asks: when a carrier can collect at an address. */
export interface PickupAvailabilityRequest {
  carrier: Carrier;
  division: string | null;
  address: ShippingAddress;
  network: PickupNetwork;
  /** Seed 001 "request type": same day or a future day. */
  dateType: PickupDateType;
  /** Local date at the address the parcels are ready, YYYY-MM-DD. */
  readyDate: string;
  /** Local time the parcels are ready, HH:MM:SS. */
  readyTime: string;
  accountNumber: string | null;
}

/** One option of an availability answer (seed 001: "cutoff time, pickup date, access time and ready time"). */
export interface PickupAvailabilityOption {
  network: PickupNetwork;
  /** The carrier's own carrier code for it (e.g. `<GROUND_CARRIER_CODE>`), as given. */
  carrierCode: string | null;
  /** Local date of the pickup, YYYY-MM-DD. */
  pickupDate: string;
  /** Latest local time a pickup can be booked for that date, HH:MM:SS. */
  cutoffTime: string | null;
  /** How long the driver needs at the address (the carrier's "access time"), as given (e.g. `PT1H30M` or `01:30:00`). */
  accessTime: string | null;
  /** Earliest local ready time the carrier accepts, HH:MM:SS. */
  readyTime: string | null;
  available: boolean;
}

export interface PickupAvailability {
  options: PickupAvailabilityOption[];
  warnings: CarrierWarning[];
}

/** What `schedulePickup` asks (Carrier B create request; express pickup, method and body "not shown"). */
export interface PickupRequest {
  carrier: Carrier;
  division: string | null;
  accountNumber: string | null;
  network: PickupNetwork;
  /** Who and where: the pickup address and its contact. */
  location: ShippingParty;
  /** Instant the parcels are ready (Carrier B `readyDateTimestamp`, "UTC date-time"), ISO 8601 with `Z`. */
  readyAt: string;
  /** Local date-time at the address the parcels are ready, `YYYY-MM-DDTHH:MM:SS` (express). */
  readyAtLocal: string;
  /** The address's UTC offset at that date, `+HH:MM` (never guessed: the caller gives it, as for rating). */
  utcOffset: string;
  /** Latest local time the driver can come, HH:MM:SS (Carrier B `customerCloseTime`). */
  closeTime: string;
  dateType: PickupDateType;
  /** Where the parcels wait (Carrier B `packageLocation`, e.g. `FRONT`; express `location`). */
  packageLocation: string | null;
  packageCount: number;
  totalWeight: Weight;
  remarks: string | null;
  /** Carrier B `countryRelationships`. */
  countryRelationship: 'DOMESTIC' | 'INTERNATIONAL';
  /** Tracking numbers of the labels this pickup collects, when the caller links them (express needs them). */
  trackingNumbers: string[];
  /** Derived from the idempotency key (as for labels): written into the carrier's remarks/reference where it can be. */
  purchaseReference: string;
}

/** What a carrier answered to a scheduled (or updated) pickup. */
export interface ScheduledPickup {
  /** Carrier B `pickupConfirmationCode`; express `dispatchConfirmationNumbers[0]` ("the handle for update and cancel"). */
  confirmationNumber: string;
  /** Further express dispatch confirmation numbers, when several are given. */
  otherConfirmationNumbers: string[];
  /** Carrier B `output.location` ("for express"): needed to cancel. */
  location: string | null;
  /** Local date of the pickup, YYYY-MM-DD (needed to cancel: `scheduledDate`). */
  scheduledDate: string;
  /** Carrier B `carrierCode` (needed to cancel). */
  carrierCode: string | null;
  /** Express `readyByTime` (HH:MM). */
  readyByTime: string | null;
  /** Express `nextPickupDate` (YYYY-MM-DD). */
  nextPickupDate: string | null;
  /** Carrier B `output.message`. */
  message: string | null;
  /** Express `cancelPickupUrl` form `{express_url}/expressapi/shipment-pickups/{dispatchConfirmationNumber}`. */
  cancelUrl: string | null;
  /** Express `warnings[]`, Carrier B `output.alerts[]`. */
  warnings: CarrierWarning[];
}

/** Everything stored at creation that a carrier needs to update or cancel a pickup (the caller gives only our id). */
export interface PickupHandle {
  carrier: Carrier;
  division: string | null;
  accountNumber: string;
  network: PickupNetwork;
  confirmationNumber: string;
  location: string | null;
  scheduledDate: string;
  carrierCode: string | null;
  countryCode: string;
}

export interface PickupCancellation {
  cancelled: boolean;
  message: string | null;
  warnings: CarrierWarning[];
}

export type PickupState = 'PENDING' | 'SCHEDULED' | 'FAILED' | 'UNKNOWN' | 'CANCELLED';

// ---------------------------------------------------------------------------------------------------------------------
// Address resolution (seed 001 `/address/v1/addresses/resolve`; seed 000 express `/address-validate`)
// ---------------------------------------------------------------------------------------------------------------------

/** An address as the caller has it: any part may be missing (that is what resolution is for), the country is not. */
export interface AddressInput {
  streetLines: string[];
  city: string | null;
  stateOrProvinceCode: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
}

export type AddressClassification = 'BUSINESS' | 'RESIDENTIAL' | 'MIXED' | 'UNKNOWN';

/** Carrier B's resolution of one address. */
export interface ResolvedAddress {
  streetLines: string[];
  city: string | null;
  stateOrProvinceCode: string | null;
  postalCode: string | null;
  countryCode: string;
  classification: AddressClassification;
  postOfficeBox: boolean | null;
  generalDelivery: boolean | null;
  /** `normalizedStatusNameDPV`: the delivery point was validated. */
  deliveryPointValidated: boolean | null;
  /** `resolutionMethodName`, as given. */
  resolutionMethod: string | null;
  /** Present when the caller asked for resolution tokens. */
  resolutionToken: string | null;
  /** Whether the carrier could resolve it (the strict mode fails an input it could not). */
  resolved: boolean;
  alerts: CarrierWarning[];
}

/** Group A express `/address-validate`: can the carrier pick up at / deliver to this address. */
export interface AddressCapability {
  pickupCapable: boolean | null;
  deliveryCapable: boolean | null;
  /** The carrier's service area code, when given. */
  serviceAreaCode: string | null;
  /** The matched address, as far as given. */
  matched: AddressInput | null;
  warnings: CarrierWarning[];
}

/** One input's outcome from one connector: the answer, or a typed failure of that input only. */
export type PerInput<T> = { ok: true; value: T } | { ok: false; error: UpstreamError };

// ---------------------------------------------------------------------------------------------------------------------
// Service points (seed 000 express `/servicepoint`, shapes "not shown")
// ---------------------------------------------------------------------------------------------------------------------

export interface ServicePointQuery {
  countryCode: string;
  postalCode: string | null;
  city: string | null;
  streetLine: string | null;
  /** Decimal degrees, both or neither. */
  latitude: number | null;
  longitude: number | null;
  radiusKm: number;
  limit: number;
  /** Only points offering these capabilities (e.g. `DROP_OFF`, `PICK_UP`), as the carrier names them. */
  capabilities: string[];
}

export interface OpeningHours {
  /** ISO weekday 1 (Monday) to 7, or null when the carrier gives a free-text day. */
  weekday: number | null;
  /** As given, e.g. `MON`. */
  day: string;
  /** Local HH:MM. */
  opens: string;
  closes: string;
}

/** A service-point answer with the carrier's soft failures (express `warnings[]`, e.g. "remote area"): never dropped. */
export interface ServicePointSearch {
  points: ServicePoint[];
  warnings: CarrierWarning[];
}

export interface ServicePoint {
  /** The carrier's id of the point. */
  id: string;
  name: string;
  /** The carrier's type (e.g. `SERVICE_POINT`, `LOCKER`), as given. */
  type: string | null;
  address: AddressInput;
  latitude: number | null;
  longitude: number | null;
  /** Distance from the query point, kilometres, as the carrier gives it (converted when in miles). */
  distanceKm: number | null;
  openingHours: OpeningHours[];
  capabilities: string[];
}

// ---------------------------------------------------------------------------------------------------------------------
// Email notifications (seed 001 `/track/v1/notifications`)
// ---------------------------------------------------------------------------------------------------------------------

export type NotificationRole = 'SHIPPER' | 'RECIPIENT' | 'BROKER' | 'OTHER';
export type NotificationEventType = 'ON_DELIVERY' | 'ON_ESTIMATED_DELIVERY' | 'ON_EXCEPTION' | 'ON_TENDER';

export interface NotificationRecipient {
  role: NotificationRole;
  email: string;
  name: string | null;
  /** `HTML`, `TEXT` ("or similar"): as the caller gives it, checked against the known set. */
  format: string;
  /** e.g. `en_US` (the seed's `xx_XX` shape). */
  locale: string | null;
  eventTypes: NotificationEventType[];
}

export interface EmailNotificationRequest {
  carrier: Carrier;
  trackingNumber: string;
  carrierCode: string | null;
  /** Carrier B `trackingNumberUniqueId`, when the shipment id carries it. */
  carrierUniqueId: string | null;
  senderEmail: string;
  senderName: string;
  /** One to four (seed 001: "At most four email recipients"). */
  recipients: NotificationRecipient[];
}

export interface EmailNotificationResult {
  /** The answer shape is "not shown": whatever the carrier confirms, in our words. */
  accepted: boolean;
  message: string | null;
  warnings: CarrierWarning[];
}
