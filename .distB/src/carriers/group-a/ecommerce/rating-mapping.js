import { carrierTimeFromIso } from '../../../domain/time.js';
import { decimalOf, ecommerceChargeKind, ecommerceRateType, ecommerceServiceLevel } from './rating-units.js';
export const ECOMMERCE_UPSTREAM = 'group-a/ecommerce';
export const ECOMMERCE_DIVISION = 'ecommerce';
/**
 * One product of the products answer (E7) as a quote. The service code is the product code, the one a label request
 * sends as `orderedProductId`. The delivery window's later end is the estimate (the credible promise, E7); its dates
 * carry no time of day or zone, so they stay local (DESIGN.md: never guess a zone).
 */
export function mapEcommerceProduct(product) {
    const { rate } = product;
    const total = { amount: decimalOf(rate.amount), currency: rate.currency };
    const breakdown = rate.rateComponents.map((component) => ({
        kind: ecommerceChargeKind(component.type),
        code: component.code ?? component.type ?? null,
        name: component.description ?? null,
        amount: { amount: decimalOf(component.amount), currency: rate.currency },
    }));
    const window = product.estimatedDeliveryDate ?? null;
    return {
        carrier: 'GROUP_A',
        division: ECOMMERCE_DIVISION,
        upstream: ECOMMERCE_UPSTREAM,
        serviceCode: product.orderedProductId,
        localServiceCode: null,
        serviceName: product.productName ?? null,
        serviceLevel: ecommerceServiceLevel(product.orderedProductId),
        total,
        breakdown,
        currencyViews: [{ currencyType: null, total, breakdown }],
        rateType: ecommerceRateType(rate.rateType),
        nativeRateType: rate.rateType ?? null,
        transitDays: window?.deliveryDaysMax ?? window?.deliveryDaysMin ?? null,
        transitTime: null,
        estimatedDelivery: carrierTimeFromIso(window?.estimatedDeliveryMax ?? window?.estimatedDeliveryMin ?? null),
        commitDate: null,
        pickup: null,
        guaranteed: window?.isGuaranteed ?? null,
        accountNumber: null,
        warnings: [],
    };
}
