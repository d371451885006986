import { InputError } from '../../../domain/errors.js';
import { kilograms } from './rating-units.js';
import { party } from './ship-request.js';
import { CUSTOMER_REFERENCE_TYPE_CODE } from './ship-units.js';
const OFFSET = /^[+-](?:0\d|1[0-4]):[0-5]\d$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
const LOCAL_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
/** Where the parcels wait when the caller does not say (PX3). */
export const DEFAULT_PICKUP_LOCATION = 'reception';
/** What the express pickup body needs (PX3), checked without a call; each refusal names its field under `input.`. */
export function checkExpressPickup(request, accountNumbers) {
    const errors = [];
    const account = request.accountNumber ?? accountNumbers[0] ?? null;
    if (account === null || !accountNumbers.includes(account)) {
        errors.push(new InputError('input.accountNumber', 'is not one of the configured express accounts (GROUP_A_EXPRESS_ACCOUNT_NUMBERS)'));
    }
    if (request.network !== 'EXPRESS')
        errors.push(new InputError('input.network', 'must be EXPRESS for a Group A express pickup'));
    if (!OFFSET.test(request.utcOffset))
        errors.push(new InputError('input.utcOffset', 'must be shaped +HH:MM (plannedPickupDateAndTime carries it)'));
    if (!LOCAL_DATE_TIME.test(request.readyAtLocal))
        errors.push(new InputError('input.readyAtLocal', 'must be shaped YYYY-MM-DDTHH:MM:SS'));
    if (!LOCAL_TIME.test(request.closeTime))
        errors.push(new InputError('input.closeTime', 'must be shaped HH:MM:SS'));
    else if (LOCAL_DATE_TIME.test(request.readyAtLocal) && request.closeTime.slice(0, 5) <= request.readyAtLocal.slice(11, 16)) {
        errors.push(new InputError('input.closeTime', 'must be after the ready time'));
    }
    // The contract: "Tracking numbers of the labels this pickup collects ... (express needs them)".
    if (request.trackingNumbers.length === 0)
        errors.push(new InputError('input.trackingNumbers', 'an express pickup collects at least one shipment (its waybill)'));
    const who = request.location;
    if (who.contactName.trim() === '')
        errors.push(new InputError('input.location.contactName', 'is required by express (contactInformation.fullName)'));
    if (!who.address.streetLines[0]?.trim())
        errors.push(new InputError('input.location.address.streetLines', 'needs at least one line (postalAddress.addressLine1)'));
    if (who.address.city.trim() === '')
        errors.push(new InputError('input.location.address.city', 'is required by express (postalAddress.cityName)'));
    if (!(request.packageCount >= 1))
        errors.push(new InputError('input.packageCount', 'must be at least 1'));
    if (!(request.totalWeight.value > 0))
        errors.push(new InputError('input.totalWeight', 'must be more than zero'));
    return errors;
}
/** The body of PX3 for create and update (an update sends the whole pickup again). */
export function expressPickupRequest(request, accountNumber) {
    return {
        plannedPickupDateAndTime: `${request.readyAtLocal} GMT${request.utcOffset}`,
        closeTime: request.closeTime.slice(0, 5),
        location: request.packageLocation ?? DEFAULT_PICKUP_LOCATION,
        accounts: [{ typeCode: 'shipper', number: accountNumber }],
        customerDetails: { shipperDetails: party(request.location) },
        shipmentDetails: [
            {
                shipmentTrackingNumbers: request.trackingNumbers,
                packagesCount: request.packageCount,
                totalWeight: kilograms(request.totalWeight),
                unitOfMeasurement: 'metric',
                isCustomsDeclarable: request.countryRelationship === 'INTERNATIONAL',
            },
        ],
        ...(request.remarks ? { specialInstructions: [{ value: request.remarks, typeCode: 'TBD' }] } : {}),
        // As for labels (SX5): the purchase reference travels with the booking, so a lost answer can be traced.
        customerReferences: [{ value: request.purchaseReference, typeCode: CUSTOMER_REFERENCE_TYPE_CODE }],
    };
}
