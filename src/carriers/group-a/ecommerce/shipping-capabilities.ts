import type { GroupAEcommerceConfig } from '../config.js';
import type { UpstreamClient } from '../../../platform/http/upstream-client.js';
import type { ReturnsConnector, ShippingConnector, TenderingConnector } from '../../types.js';
import type { EcommerceLabelAccount } from './label-request.js';
import { EcommerceManifestConnector } from './manifest.js';
import { ecommerceAccountSettings } from './rating-config.js';
import { EcommerceReturnsConnector } from './returns.js';
import { EcommerceShippingConnector } from './shipping.js';

/**
 * E-commerce labels, manifests and return labels over the module's one e-commerce client. Every label request carries
 * the account's `pickup` and `distributionCenter` (Resources C; E9), so without both (GROUP_A_ECOM_PICKUP_ACCOUNT,
 * GROUP_A_ECOM_DISTRIBUTION_CENTER) the interface ships nothing and none of the three is offered (SE3).
 */
export function ecommerceShippingCapabilities(
  client: UpstreamClient,
  config: GroupAEcommerceConfig,
): { shipping: ShippingConnector; tendering: TenderingConnector; returns: ReturnsConnector } | null {
  const settings = ecommerceAccountSettings(config);
  if (!settings.pickup || !settings.distributionCenter) return null;
  const account: EcommerceLabelAccount = {
    pickup: settings.pickup,
    distributionCenter: settings.distributionCenter,
    distributionCenterCountry: settings.distributionCenterCountry,
  };
  return {
    shipping: new EcommerceShippingConnector({ client, config, account }),
    tendering: new EcommerceManifestConnector({ client }),
    returns: new EcommerceReturnsConnector({ client, account }),
  };
}
