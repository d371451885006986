/**
 * What `createShipment` asks a carrier to create, in the unified model: the parties and their addresses, the packages,
 * the label wanted and a pickup booked with it. Its own file so src/domain/shipping.ts (what carriers answer, and the
 * label's lifecycle) stays short; shipping.ts re-exports every type here, so either import works.
 */
import type { Carrier } from './carrier.js';
import type { Money } from './money.js';
import type { CustomsContent, Dimensions, Weight } from './rating.js';
import type { ShipmentReference } from './shipment.js';

/** A shipping address: street lines, city, postal code and country at least. */
export interface ShippingAddress {
  /** 1 to 3 lines. */
  streetLines: string[];
  city: string;
  stateOrProvinceCode: string | null;
  /** Null only for a country without postal codes. */
  postalCode: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  residential: boolean | null;
}

/** Shipper, recipient or return address owner. */
export interface ShippingParty {
  /** Person to contact. */
  contactName: string;
  companyName: string | null;
  phone: string | null;
  email: string | null;
  address: ShippingAddress;
}

export interface ShipmentPackage {
  weight: Weight;
  dimensions: Dimensions | null;
  description: string | null;
  /**
   * The caller's own package id (e-commerce `packageDetail.packageId`, at most 30 characters). Null: the service
   * derives one from the idempotency key, so a lost answer can be found again by it.
   */
  packageId: string | null;
  /** Cash on delivery to collect for this package (Carrier B `packageCODDetail.codCollectionAmount`). */
  cashOnDelivery: Money | null;
}

export type LabelFormat = 'PDF' | 'PNG';
/** INLINE: the carrier sends the bytes in its answer; URL: the carrier hands a link (we fetch and store it either way). */
export type LabelDelivery = 'INLINE' | 'URL';

/** A pickup booked in the same call as the shipment (express: yields `dispatchConfirmationNumber`). */
export interface PickupInShipment {
  /** Local date-time at the origin the parcels are ready, `YYYY-MM-DDTHH:MM:SS`. */
  readyAt: string;
  /** Local closing time at the origin, `HH:MM`. */
  closeTime: string | null;
  /** Where the driver finds the parcels, e.g. `reception`. */
  location: string | null;
  instructions: string | null;
}

/** What `createShipment` asks a carrier to create (one interface of one carrier). */
export interface ShipmentRequest {
  carrier: Carrier;
  /** Group A division (`express`, `ecommerce`); null for other carriers. */
  division: string | null;
  /** The carrier's native service code (express `productCode`, Carrier B `serviceType`, e-commerce `orderedProductId`). */
  serviceCode: string;
  /** Shipping account (express `accounts[]`, Carrier B `accountNumber`, e-commerce `pickup`); null = the configured one. */
  accountNumber: string | null;
  /** Local date at the origin, YYYY-MM-DD. */
  shipDate: string;
  /**
   * Local time at the origin the parcels are ready, `HH:MM:SS` (express `plannedShippingDateAndTime`); absent or null =
   * the time of `pickup.readyAt` when a pickup is booked, else the connector's default (express: 12:00:00, SX1).
   */
  readyTime?: string | null;
  /**
   * The origin's UTC offset on the ship date, `+HH:MM` (express `plannedShippingDateAndTime` is shaped
   * `... GMT+HH:MM`; a zone is never guessed). Required by express (its `check` refuses a request without it).
   */
  originUtcOffset?: string | null;
  shipper: ShippingParty;
  recipient: ShippingParty;
  /** E-commerce `returnAddress`; null = the shipper. */
  returnTo: ShippingParty | null;
  /** At least one. */
  packages: ShipmentPackage[];
  /** Carrier B `packagingType` (e.g. `YOUR_PACKAGING`); null = the connector's default. */
  packagingType: string | null;
  /** Carrier B `pickupType` (e.g. `DROPOFF_AT_CARRIER_LOCATION`, `USE_SCHEDULED_PICKUP`); null = the connector's default. */
  pickupType: string | null;
  /** Who pays: only `SENDER` is shown by the seeds. */
  paymentType: 'SENDER';
  customs: CustomsContent | null;
  declaredValue: Money | null;
  /** Collection type for cash on delivery (Carrier B `codCollectionType`, e.g. `CASH`); null when no package has COD. */
  codCollectionType: string | null;
  /** The caller's order id, written as a customer reference of the carrier's kind (findable by `shipmentsByReference`). */
  orderId: string | null;
  /** Further references the caller wants on the shipment. */
  references: ShipmentReference[];
  labelFormat: LabelFormat;
  labelDelivery: LabelDelivery;
  /** Express: book a pickup in the same call. */
  pickup: PickupInShipment | null;
  /** The quote this purchase follows, when the caller took one from `rates` (kept on the label for comparison). */
  quotedTotal: Money | null;
  /**
   * Our reconciliation reference: derived from the idempotency key, written into the shipment's customer references
   * (and as the e-commerce package id when the caller gave none), so a lost answer is found by it, never bought again.
   */
  purchaseReference: string;
}
