import { isRecord, type SandboxRequest } from '../core/http.js';
import { type Parsed, readJsonObject } from './request.js';

/** The parts of a rate request (seed 001 "Rate request") the simulator prices by. */
export interface SimRateRequest {
  accountNumber: string;
  returnTransitTimes: boolean;
  servicesNeededOnRateFailure: boolean;
  origin: SimAddress;
  destination: SimAddress;
  serviceType: string | null;
  pickupType: string;
  shipDateStamp: string;
  preferredCurrency: string | null;
  rateRequestTypes: string[];
  cod: { amount: number; currency: string } | null;
  codRequested: boolean;
  customs: { commodities: Array<{ amount: number; currency: string }> } | null;
  /** Each package's weight in kilograms and, when dimensions were sent, its dimensional weight in kilograms. */
  packages: Array<{ kg: number; dimKg: number | null }>;
}

export interface SimAddress {
  countryCode: string;
  postalCode: string | null;
  residential: boolean;
}

export const PICKUP_TYPES = ['DROPOFF_AT_CARRIER_LOCATION', 'USE_SCHEDULED_PICKUP', 'CONTACT_CARRIER_TO_SCHEDULE'];
/** kg per cm3 divisor, and the pound and inch conversions. */
export const DIM_DIVISOR_CM = 5000;
const LB_IN_KG = 0.45359237;
const IN_IN_CM = 2.54;

const bad = (code: string, message: string): Parsed<never> => ({ ok: false, code, message });

export function parseRateRequest(req: SandboxRequest): Parsed<SimRateRequest> {
  const body = readJsonObject(req);
  if (!body.ok) return body;
  const root = body.value;
  const account = isRecord(root['accountNumber']) ? root['accountNumber']['value'] : undefined;
  if (typeof account !== 'string' || account === '') return bad('ACCOUNT.NUMBER.EMPTY', 'Please provide accountNumber.value.');
  const controls = isRecord(root['rateRequestControlParameters']) ? root['rateRequestControlParameters'] : {};
  const shipment = root['requestedShipment'];
  if (!isRecord(shipment)) return bad('RATE.REQUESTEDSHIPMENT.EMPTY', 'Please provide requestedShipment.');

  const origin = readAddress(shipment['shipper'], 'ORIGIN');
  if (!origin.ok) return origin;
  const destination = readAddress(shipment['recipient'], 'DESTINATION');
  if (!destination.ok) return destination;

  const shipDateStamp = shipment['shipDateStamp'];
  if (typeof shipDateStamp !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(shipDateStamp) || Number.isNaN(Date.parse(`${shipDateStamp}T00:00:00Z`))) {
    return bad('RATE.SHIPDATESTAMP.INVALID', 'shipDateStamp must be a date shaped YYYY-MM-DD.');
  }
  const pickupType = shipment['pickupType'];
  if (typeof pickupType !== 'string' || !PICKUP_TYPES.includes(pickupType)) {
    return bad('RATE.PICKUPTYPE.INVALID', `pickupType must be one of ${PICKUP_TYPES.join(', ')}.`);
  }
  const serviceType = shipment['serviceType'];
  if (serviceType !== undefined && serviceType !== null && typeof serviceType !== 'string') {
    return bad('RATE.SERVICETYPE.INVALID', 'serviceType must be a string.');
  }
  const currency = shipment['preferredCurrency'];
  if (currency !== undefined && (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))) {
    return bad('RATE.PREFERREDCURRENCY.INVALID', 'preferredCurrency must be a three-letter currency code.');
  }
  const types = shipment['rateRequestType'];
  const rateRequestTypes = Array.isArray(types) ? types.filter((t): t is string => typeof t === 'string') : [];

  const packages = readPackages(shipment['requestedPackageLineItems']);
  if (!packages.ok) return packages;

  const special = isRecord(shipment['shipmentSpecialServices']) ? shipment['shipmentSpecialServices'] : {};
  const specialTypes = Array.isArray(special['specialServiceTypes']) ? special['specialServiceTypes'] : [];
  const codRequested = specialTypes.includes('COD');
  const codDetail = isRecord(special['shipmentCODDetail']) ? special['shipmentCODDetail'] : {};
  const cod = readMoney(codDetail['codCollectionAmount']);

  let customs: SimRateRequest['customs'] = null;
  if (shipment['customsClearanceDetail'] !== undefined) {
    const detail = shipment['customsClearanceDetail'];
    const commodities = isRecord(detail) ? detail['commodities'] : undefined;
    if (!Array.isArray(commodities) || commodities.length === 0) {
      return bad('RATE.COMMODITIES.EMPTY', 'customsClearanceDetail.commodities must list at least one commodity.');
    }
    const values: Array<{ amount: number; currency: string }> = [];
    for (const commodity of commodities) {
      const value = isRecord(commodity) ? readMoney(commodity['customsValue']) : null;
      if (!value || typeof commodity['description'] !== 'string' || commodity['description'] === '') {
        return bad('RATE.COMMODITY.INVALID', 'Each commodity needs a description and a customsValue { amount, currency }.');
      }
      values.push(value);
    }
    customs = { commodities: values };
  }

  return {
    ok: true,
    value: {
      accountNumber: account,
      returnTransitTimes: controls['returnTransitTimes'] === true,
      servicesNeededOnRateFailure: controls['servicesNeededOnRateFailure'] === true,
      origin: origin.value,
      destination: destination.value,
      serviceType: typeof serviceType === 'string' && serviceType !== '' ? serviceType : null,
      pickupType,
      shipDateStamp,
      preferredCurrency: typeof currency === 'string' ? currency : null,
      rateRequestTypes,
      cod,
      codRequested,
      customs,
      packages: packages.value,
    },
  };
}

function readAddress(party: unknown, side: 'ORIGIN' | 'DESTINATION'): Parsed<SimAddress> {
  const address = isRecord(party) && isRecord(party['address']) ? party['address'] : undefined;
  const countryCode = address?.['countryCode'];
  if (typeof countryCode !== 'string' || !/^[A-Z]{2}$/.test(countryCode)) {
    return bad(`RATE.${side}.COUNTRYCODE.INVALID`, `The ${side.toLowerCase()} countryCode must be two upper-case letters.`);
  }
  const postalCode = address?.['postalCode'];
  return {
    ok: true,
    value: {
      countryCode,
      postalCode: typeof postalCode === 'string' && postalCode.trim() !== '' ? postalCode : null,
      residential: address?.['residential'] === true,
    },
  };
}

function readPackages(items: unknown): Parsed<SimRateRequest['packages']> {
  if (!Array.isArray(items) || items.length === 0) {
    return bad('RATE.PACKAGELINEITEMS.EMPTY', 'Please provide at least one requestedPackageLineItems entry.');
  }
  const packages: SimRateRequest['packages'] = [];
  for (const item of items) {
    const weight = isRecord(item) && isRecord(item['weight']) ? item['weight'] : undefined;
    const value = weight?.['value'];
    const units = weight?.['units'];
    if (typeof value !== 'number' || !(value > 0) || (units !== 'KG' && units !== 'LB')) {
      return bad('RATE.PACKAGE.WEIGHT.INVALID', 'Each package needs weight { units: KG or LB, value > 0 }.');
    }
    const kg = units === 'LB' ? value * LB_IN_KG : value;
    const dims = isRecord(item) && isRecord(item['dimensions']) ? item['dimensions'] : undefined;
    let dimKg: number | null = null;
    if (dims) {
      const [l, w, h] = [dims['length'], dims['width'], dims['height']];
      const factor = dims['units'] === 'IN' ? IN_IN_CM : 1;
      if ([l, w, h].every((n) => typeof n === 'number' && n > 0)) {
        dimKg = ((l as number) * factor * (w as number) * factor * (h as number) * factor) / DIM_DIVISOR_CM;
      }
    }
    packages.push({ kg, dimKg });
  }
  return { ok: true, value: packages };
}

function readMoney(value: unknown): { amount: number; currency: string } | null {
  if (!isRecord(value)) return null;
  const amount = value['amount'];
  const currency = value['currency'];
  if (typeof amount !== 'number' || !(amount >= 0) || typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return null;
  return { amount, currency };
}
