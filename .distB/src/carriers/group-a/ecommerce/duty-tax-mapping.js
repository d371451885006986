import { UpstreamError } from '../../../domain/errors.js';
import { consigneeAddressOf } from './rating-request.js';
import { decimalOf, weightInPounds } from './rating-units.js';
const KINDS = { DUTY: 'DUTY', TAX: 'TAX', FEE: 'FEE' };
/** The whole shipment's weight in LB: a duty-and-tax estimate concerns the content, not each label (E10). */
function totalPounds(request) {
    const pounds = request.packages.reduce((sum, pkg) => sum + weightInPounds(pkg.weight), 0);
    return Math.round(pounds * 100) / 100;
}
function customsDetailsOf(customs) {
    return customs.items.map((item) => ({
        itemDescription: item.description,
        packagedQuantity: item.quantity,
        quantityUnit: item.quantityUnit,
        itemValue: Number(item.value.amount),
        currency: item.value.currency,
        ...(item.hsCode ? { hsCode: item.hsCode } : {}),
        ...(item.countryOfOrigin ? { countryOfOrigin: item.countryOfOrigin } : {}),
    }));
}
export function buildDutyTaxRequest(account, request) {
    return {
        pickup: account.pickup,
        distributionCenter: account.distributionCenter,
        consigneeAddress: consigneeAddressOf(request.destination),
        packageDetail: {
            weight: { value: totalPounds(request), unitOfMeasure: 'LB' },
            ...(request.freight ? { shippingCost: { currency: request.freight.currency, freight: Number(request.freight.amount) } } : {}),
        },
        customsDetails: customsDetailsOf(request.customs),
        ...(request.currency ? { currency: request.currency } : {}),
    };
}
/**
 * Each charge becomes a line in the answer's currency, tied to its content line (`lineNumber` 1 = `customs.items[0]`).
 * A line number past the content given is the upstream breaking the contract.
 */
export function mapDutyTaxAnswer(answer, itemCount, upstream) {
    const lines = answer.charges.map((charge) => {
        const lineNumber = charge.lineNumber ?? null;
        if (lineNumber !== null && lineNumber > itemCount) {
            throw new UpstreamError(`${upstream} duty-tax: a charge names content line ${lineNumber} of ${itemCount}`, {
                code: 'UPSTREAM_CONTRACT',
                upstream,
                operation: 'duty-tax',
                httpStatus: 200,
            });
        }
        return {
            kind: KINDS[charge.type.toUpperCase()] ?? 'OTHER',
            code: charge.code ?? charge.type,
            name: charge.description ?? null,
            amount: { amount: decimalOf(charge.amount), currency: answer.currency },
            itemIndex: lineNumber === null ? null : lineNumber - 1,
        };
    });
    return { total: { amount: decimalOf(answer.totalAmount), currency: answer.currency }, lines };
}
