import { hash32 } from '../core/prng.js';
import { isRecord } from '../core/http.js';
import { fromCents, percentOf } from './ecommerce-products-lanes.js';
import { readParcelRequest } from './ecommerce-products-request.js';
import { problem } from './problem.js';
/** Assumption E10 (the seed lists "duty and tax" for interface C but shows no path): GROUP_A_ECOM_DUTY_TAX_PATH's default. */
export const ECOMMERCE_DUTY_TAX_PATH = '/shipping/v4/dutytax';
/** Import tax per destination (VAT, GST, IVA, IGST) in percent; another destination has none in the sandbox. */
const IMPORT_TAX = {
    CA: { code: 'GST', name: 'Goods and services tax', percent: 5 },
    MX: { code: 'IVA', name: 'Impuesto al valor agregado', percent: 16 },
    GB: { code: 'VAT', name: 'Import VAT', percent: 20 },
    DE: { code: 'VAT', name: 'Einfuhrumsatzsteuer', percent: 19 },
    FR: { code: 'VAT', name: 'TVA import', percent: 20 },
    AU: { code: 'GST', name: 'Goods and services tax', percent: 10 },
    JP: { code: 'CT', name: 'Consumption tax', percent: 10 },
    IN: { code: 'IGST', name: 'Integrated goods and services tax', percent: 18 },
};
const CLEARANCE_FEE_CENTS = 500;
export function ecommerceDutyTaxRoute(ctx, bearer) {
    return { method: 'POST', path: ECOMMERCE_DUTY_TAX_PATH, kind: 'business', guards: [bearer], handle: (req) => dutyTax(ctx, req) };
}
function dutyTax(ctx, req) {
    const parsed = readParcelRequest(req);
    if (!parsed.ok)
        return problem(req, 400, parsed.detail);
    const { body, country, originCountry } = parsed.value;
    const lines = readContent(body['customsDetails']);
    if (typeof lines === 'string')
        return problem(req, 400, lines);
    const currency = lines[0].currency;
    // No border is crossed on a domestic lane: nothing is due.
    if (country === originCountry)
        return { status: 200, json: { currency, totalAmount: 0, charges: [] } };
    const tax = IMPORT_TAX[country];
    const charges = [];
    let totalCents = 0;
    lines.forEach((line, index) => {
        const chapter = line.hsCode?.slice(0, 2) ?? 'none';
        // Duty rate 0-12 % per destination and HS chapter, drawn from the seed.
        const dutyPercent = hash32(ctx.seed, 'ecommerce-duty', country, chapter) % 13;
        const duty = percentOf(line.valueCents, dutyPercent);
        charges.push({ type: 'DUTY', code: 'DUTY', description: `Import duty ${dutyPercent}%`, amount: fromCents(duty), lineNumber: index + 1 });
        totalCents += duty;
        if (tax) {
            const taxCents = percentOf(line.valueCents + duty, tax.percent);
            charges.push({ type: 'TAX', code: tax.code, description: `${tax.name} ${tax.percent}%`, amount: fromCents(taxCents), lineNumber: index + 1 });
            totalCents += taxCents;
        }
    });
    charges.push({ type: 'FEE', code: 'CLEARANCE', description: 'Customs clearance', amount: fromCents(CLEARANCE_FEE_CENTS), lineNumber: null });
    totalCents += CLEARANCE_FEE_CENTS;
    return { status: 200, json: { currency, totalAmount: fromCents(totalCents), charges } };
}
/** `customsDetails[]`: at least one line, all in one currency (the answer is in it). */
function readContent(value) {
    if (!Array.isArray(value) || value.length === 0)
        return 'customsDetails must list at least one content line.';
    const lines = [];
    for (const [index, item] of value.entries()) {
        const where = `customsDetails[${index}]`;
        if (!isRecord(item) || typeof item['itemDescription'] !== 'string' || item['itemDescription'].trim() === '') {
            return `${where}.itemDescription is required.`;
        }
        const quantity = item['packagedQuantity'];
        if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1)
            return `${where}.packagedQuantity must be a positive whole number.`;
        const itemValue = item['itemValue'];
        if (typeof itemValue !== 'number' || !Number.isFinite(itemValue) || itemValue < 0)
            return `${where}.itemValue must be a non-negative number.`;
        const currency = item['currency'];
        if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
            return `${where}.currency must be an ISO 4217 code.`;
        const hsCode = typeof item['hsCode'] === 'string' ? item['hsCode'] : null;
        lines.push({ valueCents: Math.round(itemValue * 100), currency, hsCode });
    }
    if (new Set(lines.map((line) => line.currency)).size > 1)
        return 'Every customsDetails line must be in the same currency.';
    return lines;
}
