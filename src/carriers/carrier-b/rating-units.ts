import type { CustomsPurpose, RateType, ServiceLevel } from '../../domain/rating.js';

/**
 * Carrier B rating vocabulary in one place: transit words, service levels, rate types, customs purposes. The seed
 * names the words it shows (`THREE_DAYS`, `LIST`, `ACCOUNT`, `CARRIER_GROUND`); the rest follow the same family.
 */

/** `operationalDetail.transitTime` ("enumerated word, e.g. `THREE_DAYS`") -> days; unknown words give null. */
const NUMBER_WORDS = [
  'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE', 'SIX', 'SEVEN', 'EIGHT', 'NINE', 'TEN',
  'ELEVEN', 'TWELVE', 'THIRTEEN', 'FOURTEEN', 'FIFTEEN', 'SIXTEEN', 'SEVENTEEN', 'EIGHTEEN', 'NINETEEN', 'TWENTY',
] as const;

export function transitDaysOf(word: string | null | undefined): number | null {
  const match = /^([A-Z]+)_DAYS?$/.exec((word ?? '').trim().toUpperCase());
  if (!match) return null;
  const index = NUMBER_WORDS.indexOf(match[1] as (typeof NUMBER_WORDS)[number]);
  return index >= 0 ? index + 1 : null;
}

/**
 * `serviceType` -> normalised level. Only words that say their level are mapped; anything else is OTHER, never a
 * guess (DESIGN.md: "Do not invent detail a carrier does not give").
 */
export function serviceLevelOf(serviceType: string): ServiceLevel {
  const code = serviceType.toUpperCase();
  if (code.includes('SAME_DAY')) return 'SAME_DAY';
  if (code.includes('FREIGHT')) return 'OTHER';
  if (code.includes('OVERNIGHT')) return 'OVERNIGHT';
  if (code.includes('2_DAY') || code.includes('TWO_DAY')) return 'TWO_DAY';
  if (code.includes('EXPRESS_SAVER') || code.includes('3_DAY') || code.includes('THREE_DAY')) return 'THREE_DAY';
  if (code.includes('GROUND') || code.includes('HOME_DELIVERY')) return 'GROUND';
  if (code.includes('ECONOMY')) return 'ECONOMY';
  // International First is the family's earliest international service: express, not an overnight promise.
  if (code.includes('PRIORITY') || code.includes('EXPRESS') || code === 'INTERNATIONAL_FIRST') return 'EXPRESS';
  return 'OTHER';
}

/**
 * `ratedShipmentDetails[].rateType` -> ours. The seed's request words (`LIST`, `ACCOUNT`, `PREFERRED`, `INCENTIVE`)
 * map to themselves; the family's longer answer words (`PAYOR_LIST_PACKAGE`, `PAYOR_ACCOUNT_SHIPMENT`) by the word
 * they contain. The native word is kept beside it on every quote.
 */
export function rateTypeOf(native: string | null | undefined): RateType {
  const word = (native ?? '').toUpperCase();
  if (word === 'LIST' || word === 'ACCOUNT' || word === 'PREFERRED' || word === 'INCENTIVE') return word;
  if (word.includes('LIST')) return 'LIST';
  if (word.includes('ACCOUNT')) return 'ACCOUNT';
  if (word.includes('PREFERRED')) return 'PREFERRED';
  if (word.includes('INCENTIVE')) return 'INCENTIVE';
  return 'OTHER';
}

/** `commercialInvoice.shipmentPurpose` ("`SOLD`" shown): the family's words for the others (assumption BR3). */
export const SHIPMENT_PURPOSE: Record<CustomsPurpose, string> = {
  SOLD: 'SOLD',
  GIFT: 'GIFT',
  SAMPLE: 'SAMPLE',
  RETURN: 'REPAIR_AND_RETURN',
  REPAIR: 'REPAIR_AND_RETURN',
  PERSONAL_EFFECTS: 'PERSONAL_EFFECTS',
};

/**
 * A requested service code Carrier B could know: upper-case words joined by underscores (`PRIORITY_OVERNIGHT`,
 * `CARRIER_GROUND`). Other carriers' codes (express product letters such as `P`) are not sent to Carrier B.
 */
export function looksLikeCarrierBService(code: string): boolean {
  return /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(code);
}

/**
 * The seed: "The rate interface does not quote freight (LTL) services; those have their own interface". Carrier B's
 * freight services say so in their word (`CARRIER_FREIGHT_ECONOMY`; the family's others: `..._FREIGHT_PRIORITY`,
 * `FIRST_FREIGHT`): a whole `FREIGHT` word in a Carrier B-shaped code.
 */
export function isCarrierBFreightService(code: string): boolean {
  return looksLikeCarrierBService(code) && code.split('_').includes('FREIGHT');
}
