import type { CarrierPolicies } from '../module-contract.js';
import { groupAPush } from './push/module-push.js';

/**
 * Group A's rules the services ask (docs/assumptions.md SG7): the divisions its input may name, the express accounts
 * rating may be asked for, and how a purchased label is followed. Unified tracking pushes, so an express label is
 * followed by a push subscription on its waybill where push is configured; an e-commerce label is watched by the
 * carrier's package id (S2), or by our package id until the carrier gave one.
 */
export const groupAPolicies: CarrierPolicies = {
  divisions: (config) => config.groupADivisions,
  rateAccounts: (config) => config.groupAExpress?.accountNumbers ?? [],
  push: groupAPush,
  followPurchase(label) {
    if (label.division === 'express') return { push: { division: label.division } };
    if (label.division !== 'ecommerce') return {};
    const carrierPackageId = label.pieces[0]?.carrierPackageId ?? null;
    return {
      watch: carrierPackageId ? { trackingNumber: carrierPackageId, ecommerceIdType: 'CARRIER_PACKAGE_ID' } : { ecommerceIdType: 'PACKAGE_ID' },
    };
  },
};
