import { UpstreamError } from '../../domain/errors.js';
import { carrierTimeFromIso } from '../../domain/time.js';
import { isZeroOrAbsent, wireMoney } from './rating-amount.js';
import { rateTypeOf, serviceLevelOf, transitDaysOf } from './rating-units.js';
import { rateFailureBodySchema } from './rating-wire.js';
/**
 * Carrier B rate answer -> quotes: one quote per (service, `ratedShipmentDetails[]` entry), so LIST and ACCOUNT prices
 * stay apart. `alerts` are the answer's `output.alerts[]`: they concern the whole request, so each quote carries them
 * too (a quote shown alone still says them).
 */
export function quotesFromRateReply(details, request, alerts) {
    return details.flatMap((detail) => detail.ratedShipmentDetails.map((rated) => quoteOf(detail, rated, request, alerts)));
}
function quoteOf(detail, rated, request, alerts) {
    const currency = rated.shipmentRateDetail?.currency ?? rated.currency;
    if (!currency) {
        throw new UpstreamError(`carrier-b rate: ${detail.serviceType} ${rated.rateType ?? ''} has no currency`, {
            code: 'UPSTREAM_CONTRACT',
            upstream: 'carrier-b',
            operation: 'rate',
            httpStatus: 200,
        });
    }
    const breakdown = breakdownOf(rated, currency);
    const total = wireMoney(totalAmountOf(rated, request), currency);
    const operational = detail.operationalDetail;
    const ineligible = operational?.ineligibleForMoneyBackGuarantee;
    return {
        carrier: 'CARRIER_B',
        division: null,
        upstream: 'carrier-b',
        serviceCode: detail.serviceType,
        localServiceCode: null,
        serviceName: detail.serviceName ?? null,
        serviceLevel: serviceLevelOf(detail.serviceType),
        total,
        breakdown,
        currencyViews: [{ currencyType: null, total, breakdown }],
        rateType: rateTypeOf(rated.rateType),
        nativeRateType: rated.rateType ?? null,
        transitDays: transitDaysOf(operational?.transitTime),
        transitTime: operational?.transitTime ?? null,
        // "date-times": an instant only where the carrier writes an offset, a local date-time otherwise.
        estimatedDelivery: carrierTimeFromIso(operational?.deliveryDate),
        commitDate: carrierTimeFromIso(operational?.commitDate),
        pickup: null,
        guaranteed: ineligible === null || ineligible === undefined ? null : !ineligible,
        accountNumber: null,
        warnings: alerts,
    };
}
/**
 * Assumption BR6: the amount to pay is `totalNetChargeWithDutiesAndTaxes` when the carrier gives it and the sender
 * pays the duties (customs `dutiesPaidBy` SENDER); otherwise `totalNetCharge` (duties the recipient pays are not the
 * shipper's price, and they stay visible as the DUTY line).
 */
function totalAmountOf(rated, request) {
    const withDuties = rated.totalNetChargeWithDutiesAndTaxes;
    const senderPaysDuties = request.customs?.dutiesPaidBy === 'SENDER';
    return senderPaysDuties && withDuties !== null && withDuties !== undefined ? withDuties : rated.totalNetCharge;
}
/**
 * BASE `totalBaseCharge`, DISCOUNT `totalDiscounts` (positive), SURCHARGE each `surCharges[]` item (or
 * `totalSurcharges` as one line when no items are listed), TAX each `taxes[]` item, DUTY `totalDutiesAndTaxes`.
 * Zero discounts, surcharges and duties are not lines.
 */
function breakdownOf(rated, currency) {
    const lines = [];
    const detail = rated.shipmentRateDetail;
    if (rated.totalBaseCharge !== null && rated.totalBaseCharge !== undefined) {
        lines.push({ kind: 'BASE', code: null, name: 'totalBaseCharge', amount: wireMoney(rated.totalBaseCharge, currency) });
    }
    if (!isZeroOrAbsent(rated.totalDiscounts)) {
        lines.push({ kind: 'DISCOUNT', code: null, name: 'totalDiscounts', amount: wireMoney(Math.abs(rated.totalDiscounts), currency) });
    }
    const surcharges = detail?.surCharges ?? [];
    if (surcharges.length > 0) {
        lines.push(...surcharges.map((item) => itemLine('SURCHARGE', item, currency)));
    }
    else if (!isZeroOrAbsent(detail?.totalSurcharges)) {
        lines.push({ kind: 'SURCHARGE', code: null, name: 'totalSurcharges', amount: wireMoney(detail.totalSurcharges, currency) });
    }
    lines.push(...(detail?.taxes ?? []).map((item) => itemLine('TAX', item, currency)));
    if (!isZeroOrAbsent(rated.totalDutiesAndTaxes)) {
        lines.push({ kind: 'DUTY', code: null, name: 'totalDutiesAndTaxes', amount: wireMoney(rated.totalDutiesAndTaxes, currency) });
    }
    return lines;
}
function itemLine(kind, item, currency) {
    return { kind, code: item.type ?? null, name: item.description ?? null, amount: wireMoney(item.amount, currency) };
}
/** What a rate failure body says beyond its error (assumption BR5): the workable services and any alerts. */
export function readRateFailureBody(body) {
    const parsed = rateFailureBodySchema.safeParse(body);
    if (!parsed.success)
        return { workableServices: [], alerts: [] };
    const listed = parsed.data.output?.workableServices ?? [];
    const workableServices = [...new Set(listed.map((entry) => (typeof entry === 'string' ? entry : entry.serviceType)).filter((s) => s.length > 0))];
    return { workableServices, alerts: parsed.data.output?.alerts ?? [] };
}
