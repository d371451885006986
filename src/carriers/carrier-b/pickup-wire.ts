import { z } from 'zod';

/**
 * Carrier B pickups (seed 001: "Pickup availability, creation and cancellation operations exist; their paths: not
 * shown"). Assumption PB5: the paths follow the catalogue's `/{family}/v1/...` form.
 */
export const CARRIER_B_PICKUP_PATHS = {
  availability: '/pickup/v1/pickups/availabilities',
  create: '/pickup/v1/pickups',
  cancel: '/pickup/v1/pickups/cancel',
} as const;

/** Assumption PB6: the ground and express networks' carrier codes, as tracking answers give them. */
export const CARRIER_B_PICKUP_CARRIER_CODES = { GROUND: 'CBXG', EXPRESS: 'CBXE' } as const;
/** Seed 001 `associatedAccountNumberType` "e.g. `CARRIER_GROUND`"; the express network's name is assumption PB6. */
export const CARRIER_B_ACCOUNT_TYPES = { GROUND: 'CARRIER_GROUND', EXPRESS: 'CARRIER_EXPRESS' } as const;

export interface WirePickupAddress {
  streetLines: string[];
  city: string;
  stateOrProvinceCode?: string;
  postalCode?: string;
  countryCode: string;
  residential?: boolean;
}

/** Assumption PB7 (availability request, "not shown"): the address, carrier, request type, date and ready time. */
export interface WireAvailabilityRequest {
  associatedAccountNumber: { value: string };
  pickupAddress: WirePickupAddress;
  pickupRequestType: ['SAME_DAY' | 'FUTURE_DAY'];
  carriers: string[];
  dispatchDate: string;
  packageReadyTime: string;
}

/**
 * Availability answer: the seed gives "cutoff time, pickup date, access time and ready time for an address, carrier
 * and request type" (PB7: `output.options[]` with `carrier`, `available`, `pickupDate`, `cutOffTime`, `accessTime`,
 * `readyTime`).
 */
export const availabilityAnswerSchema = z.looseObject({
  transactionId: z.string().nullish(),
  output: z.looseObject({
    options: z.array(
      z.looseObject({
        carrier: z.string().min(1),
        available: z.boolean(),
        pickupDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        cutOffTime: z.string().nullish(),
        accessTime: z.string().nullish(),
        readyTime: z.string().nullish(),
      }),
    ),
    alerts: z.array(z.unknown()).nullish(),
  }),
});

/** Seed 001 "Pickup create request"; `originDetail.pickupLocation` (who and where) is assumption PB8. */
export interface WirePickupCreateRequest {
  associatedAccountNumber: { value: string };
  associatedAccountNumberType: string;
  originDetail: {
    pickupLocation: {
      contact: { personName: string; companyName?: string; phoneNumber?: string };
      address: WirePickupAddress;
    };
    pickupAddressType: 'ACCOUNT';
    readyDateTimestamp: string;
    customerCloseTime: string;
    pickupDateType: 'SAME_DAY' | 'FUTURE_DAY';
    packageLocation?: string;
    earlyPickup: boolean;
  };
  totalWeight: { units: 'KG' | 'LB'; value: number };
  packageCount: number;
  carrierCode: string;
  remarks: string;
  countryRelationships: 'DOMESTIC' | 'INTERNATIONAL';
}

/** Seed 001 "Pickup answer": `output.pickupConfirmationCode`, `output.message`, `output.location` (express), `output.alerts[]`. */
export const pickupCreateAnswerSchema = z.looseObject({
  transactionId: z.string().nullish(),
  output: z.looseObject({
    pickupConfirmationCode: z.string().min(1),
    message: z.string().nullish(),
    location: z.string().nullish(),
    alerts: z.array(z.unknown()).nullish(),
  }),
});

/** Seed 001: "Cancellation of a pickup needs `pickupConfirmationCode`, the `location` (express), `scheduledDate` and `carrierCode`". */
export interface WirePickupCancelRequest {
  associatedAccountNumber: { value: string };
  pickupConfirmationCode: string;
  location?: string;
  scheduledDate: string;
  carrierCode: string;
  remarks?: string;
}

/** Answer "not shown" (PB9): `output.pickupConfirmationCode`, `output.cancelConfirmationMessage`, `output.alerts[]`. */
export const pickupCancelAnswerSchema = z.looseObject({
  transactionId: z.string().nullish(),
  output: z.looseObject({
    pickupConfirmationCode: z.string().nullish(),
    cancelConfirmationMessage: z.string().nullish(),
    alerts: z.array(z.unknown()).nullish(),
  }),
});
