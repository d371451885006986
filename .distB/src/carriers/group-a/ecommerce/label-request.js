import { InputError } from '../../../domain/errors.js';
import { dimensionsInInches, weightInPounds } from './rating-units.js';
import { PACKAGE_ID_MAX_LENGTH, } from './label-wire.js';
/** The package id the label carries: the caller's, else our purchase reference (a lost answer is found by it). */
export function labelPackageId(pkg, purchaseReference) {
    return pkg?.packageId ?? purchaseReference;
}
/**
 * The seed: "`packageId` ... chosen by the caller, at most 30 characters". It is also what we track a package by
 * (a query parameter), so it must be printable without surrounding blanks; the purchase reference we derive instead
 * is 30 characters of [A-Za-z0-9-] (purchase-key.ts), checked all the same.
 */
export function checkPackageId(pkg, purchaseReference, field, fail) {
    const given = pkg?.packageId ?? null;
    if (given === null) {
        if (purchaseReference.length > PACKAGE_ID_MAX_LENGTH || !/^[A-Za-z0-9-]+$/.test(purchaseReference)) {
            fail(field, `no packageId was given and the purchase reference cannot stand for one (at most ${PACKAGE_ID_MAX_LENGTH} characters of A-Z, a-z, 0-9 and -)`);
        }
        return;
    }
    if (given.length === 0 || given.trim() !== given)
        fail(field, 'the packageId must not be empty or start or end with a blank');
    else if (given.length > PACKAGE_ID_MAX_LENGTH)
        fail(field, `the e-commerce packageId is at most ${PACKAGE_ID_MAX_LENGTH} characters (${given.length} given)`);
    else if (/[\u0000-\u001f\u007f]/.test(given))
        fail(field, 'the packageId must not contain control characters');
}
/** `consigneeAddress` (and a return's sender): the seed lists `name`, `address1`, `city`, `state`, `postalCode`, `country`. */
export function checkConsignee(party, at, fail) {
    if (party.contactName.trim() === '')
        fail(`${at}.contactName`, 'is required by the e-commerce label request (consigneeAddress.name)');
    checkAddressLines(party, at, fail);
}
/** `returnAddress`: the seed lists `companyName`, `address1`, `address2`, `city`, `state`, `postalCode`, `country`. */
export function checkReturnAddress(party, at, fail) {
    if (!party.companyName?.trim() && party.contactName.trim() === '') {
        fail(`${at}.companyName`, 'is required by the e-commerce label request (returnAddress.companyName; the contact name stands in when absent)');
    }
    checkAddressLines(party, at, fail);
}
function checkAddressLines(party, at, fail) {
    const { address } = party;
    if (!address.streetLines[0]?.trim())
        fail(`${at}.address.streetLines`, 'needs at least one line (address1)');
    // Two lines (`address1`, `address2`) are all the request has room for: a third would be dropped, so it is refused.
    else if (address.streetLines.length > 2)
        fail(`${at}.address.streetLines`, 'the e-commerce label request has two street lines (address1, address2)');
    if (address.city.trim() === '')
        fail(`${at}.address.city`, 'is required by the e-commerce label request (city)');
    if (!address.postalCode?.trim())
        fail(`${at}.address.postalCode`, 'is required by the e-commerce label request (postalCode)');
}
/** One package per label: the request has a single `packageDetail` (SE3). */
export function checkSinglePackage(packages, fail) {
    if (packages.length !== 1) {
        fail('input.packages', `an e-commerce label carries exactly one package (one packageDetail); ${packages.length} given: buy one label per package`);
        return undefined;
    }
    const pkg = packages[0];
    if (!(pkg.weight.value > 0))
        fail('input.packages.0.weight', 'must be more than zero');
    const d = pkg.dimensions;
    if (d && !(d.length > 0 && d.width > 0 && d.height > 0))
        fail('input.packages.0.dimensions', 'must all be more than zero');
    if (!pkg.description?.trim())
        fail('input.packages.0.description', 'is required by the e-commerce label request (packageDetail.packageDescription)');
    if (pkg.cashOnDelivery)
        fail('input.packages.0.cashOnDelivery', 'the e-commerce label request has no cash on delivery');
    return pkg;
}
export function consigneeAddressOf(party) {
    const { address } = party;
    const [address1 = '', address2] = address.streetLines;
    return {
        name: party.contactName,
        address1,
        ...(address2 ? { address2 } : {}),
        city: address.city,
        ...(address.stateOrProvinceCode ? { state: address.stateOrProvinceCode } : {}),
        ...(address.postalCode ? { postalCode: address.postalCode } : {}),
        country: address.countryCode,
    };
}
export function returnAddressOf(party) {
    const { address } = party;
    const [address1 = '', address2] = address.streetLines;
    return {
        companyName: party.companyName?.trim() || party.contactName,
        address1,
        ...(address2 ? { address2 } : {}),
        city: address.city,
        ...(address.stateOrProvinceCode ? { state: address.stateOrProvinceCode } : {}),
        ...(address.postalCode ? { postalCode: address.postalCode } : {}),
        country: address.countryCode,
    };
}
/** `packageDetail`: weight in LB and dimension in IN (E8), converted from the request's units. */
export function packageDetailOf(pkg, packageId) {
    return {
        packageId,
        packageDescription: pkg.description ?? '',
        weight: { value: weightInPounds(pkg.weight), unitOfMeasure: 'LB' },
        ...(pkg.dimensions ? { dimension: dimensionsInInches(pkg.dimensions) } : {}),
    };
}
/** The refusals collected by a check, as InputErrors. */
export function collector() {
    const errors = [];
    return { errors, fail: (field, message) => errors.push(new InputError(field, message)) };
}
