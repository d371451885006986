import type { GroupAEcommerceConfig } from '../config.js';

/** GROUP_A_ECOM_DISTRIBUTION_CENTER_COUNTRY's default: the seed measures in LB and IN, a United States network (E9). */
export const DEFAULT_DISTRIBUTION_CENTER_COUNTRY = 'US';
/** GROUP_A_ECOM_DUTY_TAX_PATH's default (E10: the seed lists duty and tax but shows no path). */
export const DEFAULT_DUTY_TAX_PATH = '/shipping/v4/dutytax';

/** What rating and duty-and-tax read from the e-commerce configuration, defaults applied. */
export interface EcommerceAccountSettings {
  pickup: string | null;
  distributionCenter: string | null;
  distributionCenterCountry: string;
  dutyTaxPath: string;
}

export function ecommerceAccountSettings(config: GroupAEcommerceConfig): EcommerceAccountSettings {
  return {
    pickup: config.pickupAccount,
    distributionCenter: config.distributionCenter ?? null,
    distributionCenterCountry: config.distributionCenterCountry ?? DEFAULT_DISTRIBUTION_CENTER_COUNTRY,
    dutyTaxPath: config.dutyTaxPath ?? DEFAULT_DUTY_TAX_PATH,
  };
}
