import { hash32 } from '../core/prng.js';
import { isRecord } from '../core/http.js';
import { amountFromMinor, convertMinor, knownCurrency, minorFromAmount, perMille } from './express-rating-money.js';
import { readAccount, readParty } from './express-rating-request.js';
/**
 * `POST /landed-cost` (seed 000: "duty and tax estimate"; shapes "not shown": assumption XR8). Duty per item from its
 * commodity code, the destination's consumption tax on value plus duty, tax on the freight when it is sent, and a
 * clearance fee; nothing below the destination's de minimis value. Integer minor units throughout.
 */
/** Import consumption tax per mille and the word the destination uses for it. */
const IMPORT_TAX = {
    IN: { rate: 180, typeCode: 'GST', name: 'Integrated GST' },
    AU: { rate: 100, typeCode: 'GST', name: 'Goods and services tax' },
    SG: { rate: 90, typeCode: 'GST', name: 'Goods and services tax' },
    JP: { rate: 100, typeCode: 'TAX', name: 'Consumption tax' },
    ZA: { rate: 150, typeCode: 'VAT', name: 'Value added tax' },
    CN: { rate: 130, typeCode: 'VAT', name: 'Value added tax' },
    KR: { rate: 100, typeCode: 'VAT', name: 'Value added tax' },
    GB: { rate: 200, typeCode: 'VAT', name: 'Value added tax' },
    US: { rate: 0, typeCode: 'TAX', name: 'Import tax' },
};
const DEFAULT_TAX = { rate: 100, typeCode: 'VAT', name: 'Value added tax' };
/** Shipments worth at most this (US cents) pay neither duty nor tax. */
const DE_MINIMIS_USD_CENTS = { US: 80_000, AU: 65_000, SG: 40_000, JP: 1_000 };
/** Duty rates per mille a commodity code may fall in; a code always draws the same one. */
const DUTY_RATES = [0, 25, 50, 100, 120];
const DEFAULT_DUTY = 80;
/** Clearance fee in US cents. */
const CLEARANCE_FEE_USD_CENTS = 1_500;
function readItems(value) {
    if (!Array.isArray(value) || value.length === 0)
        return { ok: false, detail: 'items[] is required.' };
    const items = [];
    let currency = null;
    for (const [index, raw] of value.entries()) {
        if (!isRecord(raw))
            return { ok: false, detail: `items[${index}] must be an object.` };
        const itemCurrency = typeof raw['customsValueCurrencyCode'] === 'string' ? raw['customsValueCurrencyCode'] : '';
        const amount = raw['customsValue'];
        if (!knownCurrency(itemCurrency) || typeof amount !== 'number' || !(amount > 0)) {
            return { ok: false, detail: `items[${index}] needs a positive customsValue and a known customsValueCurrencyCode.` };
        }
        if (currency !== null && itemCurrency !== currency)
            return { ok: false, detail: 'Every item must be valued in one currency.' };
        currency = itemCurrency;
        const minor = minorFromAmount(amount, itemCurrency);
        if (minor === null)
            return { ok: false, detail: `items[${index}].customsValue has more decimals than ${itemCurrency} allows.` };
        if (raw['number'] !== index + 1)
            return { ok: false, detail: `items[${index}].number must be ${index + 1}.` };
        const code = typeof raw['commodityCode'] === 'string' && raw['commodityCode'].trim() !== '' ? raw['commodityCode'].trim() : null;
        items.push({ number: index + 1, minor, commodityCode: code });
    }
    return { ok: true, value: { items, currency: currency } };
}
function readFreight(body) {
    const charges = Array.isArray(body['charges']) ? body['charges'] : [];
    const freight = charges.find((c) => isRecord(c) && c['typeCode'] === 'freight');
    if (!isRecord(freight))
        return { ok: true, value: null };
    const currency = typeof freight['currencyCode'] === 'string' ? freight['currencyCode'] : '';
    const minor = typeof freight['amount'] === 'number' && knownCurrency(currency) ? minorFromAmount(freight['amount'], currency) : null;
    if (minor === null || minor < 0)
        return { ok: false, detail: 'charges[] freight needs a non-negative amount and a known currencyCode.' };
    return { ok: true, value: { minor, currency } };
}
export function landedCostAnswer(seed, body) {
    if (!isRecord(body))
        return { status: 400, detail: 'The request body must be a JSON object.' };
    const details = isRecord(body['customerDetails']) ? body['customerDetails'] : {};
    const shipper = readParty(details['shipperDetails'], 'customerDetails.shipperDetails');
    if (!shipper.ok)
        return { status: 400, detail: shipper.detail };
    const receiver = readParty(details['receiverDetails'], 'customerDetails.receiverDetails');
    if (!receiver.ok)
        return { status: 400, detail: receiver.detail };
    const account = readAccount(body);
    if (!account.ok)
        return { status: 400, detail: account.detail };
    if (shipper.value.countryCode === receiver.value.countryCode) {
        return { status: 400, detail: 'A duty and tax estimate needs a cross-border shipment (shipper and receiver countries differ).' };
    }
    const parsed = readItems(body['items']);
    if (!parsed.ok)
        return { status: 400, detail: parsed.detail };
    const freight = readFreight(body);
    if (!freight.ok)
        return { status: 400, detail: freight.detail };
    const requested = typeof body['currencyCode'] === 'string' ? body['currencyCode'] : null;
    if (requested !== null && !knownCurrency(requested))
        return { status: 400, detail: `currencyCode ${requested} is not known.` };
    const currency = requested ?? parsed.value.currency;
    const destination = receiver.value.countryCode;
    const tax = IMPORT_TAX[destination] ?? DEFAULT_TAX;
    const warnings = [];
    const charge = (typeCode, name, minor) => ({ typeCode, name, price: amountFromMinor(minor, currency), priceCurrency: currency });
    const values = parsed.value.items.map((item) => convertMinor(item.minor, parsed.value.currency, currency));
    const totalUsd = convertMinor(values.reduce((a, b) => a + b, 0), currency, 'USD');
    const deMinimis = DE_MINIMIS_USD_CENTS[destination];
    let total = 0;
    const items = parsed.value.items.map((item, index) => {
        if (deMinimis !== undefined && totalUsd <= deMinimis)
            return { number: item.number, breakdown: [] };
        const value = values[index];
        const dutyRate = item.commodityCode === null ? DEFAULT_DUTY : DUTY_RATES[hash32(seed, 'duty', destination, item.commodityCode.slice(0, 6)) % DUTY_RATES.length];
        const duty = perMille(value, dutyRate);
        const itemTax = perMille(value + duty, tax.rate);
        total += duty + itemTax;
        return { number: item.number, breakdown: [charge('DUTY', 'Import duty', duty), charge(tax.typeCode, tax.name, itemTax)] };
    });
    if (parsed.value.items.some((item) => item.commodityCode === null)) {
        warnings.push("An item has no commodityCode: the destination's general duty rate was applied.");
    }
    const charges = [];
    if (deMinimis !== undefined && totalUsd <= deMinimis) {
        warnings.push('The shipment value is below the destination de minimis: no duty or tax is due.');
    }
    else {
        if (freight.value && tax.rate > 0) {
            const onFreight = perMille(convertMinor(freight.value.minor, freight.value.currency, currency), tax.rate);
            charges.push(charge(tax.typeCode, `${tax.name} on freight`, onFreight));
            total += onFreight;
        }
        const fee = convertMinor(CLEARANCE_FEE_USD_CENTS, 'USD', currency);
        charges.push(charge('FEE', 'Customs clearance fee', fee));
        total += fee;
    }
    return {
        status: 200,
        json: {
            items,
            charges,
            totalPrice: [{ currencyType: 'BILLC', priceCurrency: currency, price: amountFromMinor(total, currency) }],
            ...(warnings.length > 0 ? { warnings } : {}),
        },
    };
}
