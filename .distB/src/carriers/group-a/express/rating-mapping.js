import { UpstreamError } from '../../../domain/errors.js';
import { carrierTimeFromIso } from '../../../domain/time.js';
import { mapExpressWarnings } from './mapping.js';
import { BILLING_CURRENCY_TYPE, chargeKindOf, decimalFromWire, discountAmount, serviceLevelOf } from './rating-units.js';
import { expressRateProduct } from './rating-wire.js';
const UPSTREAM = 'group-a/express';
function contractFailure(operation, what) {
    return new UpstreamError(`${UPSTREAM} ${operation}: ${what}`, {
        code: 'UPSTREAM_CONTRACT',
        upstream: UPSTREAM,
        operation,
        httpStatus: 200,
    });
}
function breakdownLines(view, currency) {
    return (view?.priceBreakdown ?? []).map((line) => {
        const kind = chargeKindOf(line.typeCode);
        const decimal = decimalFromWire(line.price);
        return { kind, code: line.typeCode, name: null, amount: { amount: kind === 'DISCOUNT' ? discountAmount(decimal) : decimal, currency } };
    });
}
/** Every `totalPrice[]` view with the `totalPriceBreakdown[]` entry of the same `currencyType` (and currency). */
function currencyViews(product) {
    return (product.totalPrice ?? []).map((price) => {
        const breakdown = (product.totalPriceBreakdown ?? []).find((view) => view.currencyType === price.currencyType && (view.priceCurrency ?? price.priceCurrency) === price.priceCurrency);
        return {
            currencyType: price.currencyType,
            total: { amount: decimalFromWire(price.price), currency: price.priceCurrency },
            breakdown: breakdownLines(breakdown, price.priceCurrency),
        };
    });
}
function pickupWindow(product) {
    const pickup = product.pickupCapabilities;
    if (!pickup)
        return null;
    return {
        cutoff: carrierTimeFromIso(pickup.localCutoffDateAndTime),
        gmtCutoffTime: pickup.GMTCutoffTime ?? null,
        earliest: pickup.pickupEarliest ?? null,
        latest: pickup.pickupLatest ?? null,
        nextBusinessDay: pickup.nextBusinessDay ?? null,
    };
}
/** "`isCustomerAgreement` (boolean)": true is the account's agreed rate, false the list rate; absent says neither. */
function rateTypeOf(isCustomerAgreement) {
    if (isCustomerAgreement === true)
        return 'ACCOUNT';
    if (isCustomerAgreement === false)
        return 'LIST';
    return 'OTHER';
}
/**
 * Reads one product. The total is the `BILLC` view ("the entry to use for anything invoiced"); a product without one
 * is a contract failure of that product, never another view taken in its place.
 */
export function readExpressProduct(raw, operation, accountNumber, answerWarnings) {
    const parsed = expressRateProduct.safeParse(raw);
    const rawCode = typeof raw === 'object' && raw !== null ? raw.productCode : undefined;
    const serviceCode = typeof rawCode === 'string' && rawCode !== '' ? rawCode : null;
    if (!parsed.success) {
        // Paths only, never values: a rate answer is the carrier's data (legal terms, seed 000).
        const where = parsed.error.issues
            .slice(0, 3)
            .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
            .join('; ');
        return { ok: false, serviceCode, error: contractFailure(operation, `product ${serviceCode ?? '(no productCode)'} does not match its schema (${where})`) };
    }
    const product = parsed.data;
    const views = currencyViews(product);
    const billing = views.filter((view) => view.currencyType === BILLING_CURRENCY_TYPE);
    if (billing.length !== 1) {
        const what = billing.length === 0 ? `no ${BILLING_CURRENCY_TYPE} entry` : `${billing.length} ${BILLING_CURRENCY_TYPE} entries`;
        return { ok: false, serviceCode: product.productCode, error: contractFailure(operation, `product ${product.productCode}: ${what} in totalPrice[]`) };
    }
    const bill = billing[0];
    const delivery = product.deliveryCapabilities;
    const localCode = product.localProductCode ?? null;
    return {
        ok: true,
        quote: {
            carrier: 'GROUP_A',
            division: 'express',
            upstream: UPSTREAM,
            serviceCode: product.productCode,
            localServiceCode: localCode !== null && localCode !== product.productCode ? localCode : null,
            serviceName: product.productName ?? null,
            serviceLevel: serviceLevelOf(product.productName),
            total: bill.total,
            breakdown: bill.breakdown,
            currencyViews: views,
            rateType: rateTypeOf(product.isCustomerAgreement),
            nativeRateType: null,
            transitDays: delivery?.totalTransitDays ?? null,
            transitTime: null,
            // Local date-time unless the carrier writes an offset: no zone is guessed.
            estimatedDelivery: carrierTimeFromIso(delivery?.estimatedDeliveryDateAndTime),
            commitDate: null,
            pickup: pickupWindow(product),
            guaranteed: null,
            accountNumber,
            warnings: [...answerWarnings, ...mapExpressWarnings(product.warnings ?? [])],
        },
    };
}
