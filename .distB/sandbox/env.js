import { SANDBOX_DARK_STORE_PINCODES } from './dark-store/index.js';
/**
 * The environment lines that point the subgraph at a running sandbox (variable names of src/platform/config.ts,
 * documented in .env.example). The unified key given is the fully entitled one; the masked key is listed apart.
 */
export function sandboxEnv(sandbox) {
    const { urls, credentials: c } = sandbox;
    return {
        CARRIER_B_BASE_URL: urls.carrierB,
        CARRIER_B_CLIENT_ID: c.carrierB.clientId,
        CARRIER_B_CLIENT_SECRET: c.carrierB.clientSecret,
        CARRIER_B_ACCOUNT_NUMBER: c.carrierB.accountNumber,
        GROUP_A_TRACK_BASE_URL: urls.groupAUnified,
        GROUP_A_TRACK_API_KEY: c.groupAUnified.apiKey,
        GROUP_A_EXPRESS_BASE_URL: urls.groupAExpress,
        GROUP_A_EXPRESS_ENVIRONMENT: 'test',
        GROUP_A_EXPRESS_USERNAME: c.groupAExpress.username,
        GROUP_A_EXPRESS_PASSWORD: c.groupAExpress.password,
        GROUP_A_EXPRESS_ACCOUNT_NUMBERS: c.groupAExpress.accountNumber,
        GROUP_A_ECOM_BASE_URL: urls.groupAEcommerce,
        GROUP_A_ECOM_CLIENT_ID: c.groupAEcommerce.clientId,
        GROUP_A_ECOM_CLIENT_SECRET: c.groupAEcommerce.clientSecret,
        GROUP_A_ECOM_PICKUP_ACCOUNT: c.groupAEcommerce.pickupAccount,
        GROUP_A_ECOM_DISTRIBUTION_CENTER: c.groupAEcommerce.distributionCenter,
        // The dark store needs no credential; its catchment is ours to configure (docs/assumptions.md DS4).
        DARK_STORE_BASE_URL: urls.darkStore,
        DARK_STORE_PINCODES: SANDBOX_DARK_STORE_PINCODES.join(','),
        // The analytics bridge: its host (the client adds /bridge), the Project token and the Server key.
        ANALYTICS_BRIDGE_BASE_URL: urls.analyticsBridge,
        ANALYTICS_PROJECT_TOKEN: c.analyticsBridge.projectToken,
        ANALYTICS_SERVER_KEY: c.analyticsBridge.serverKey,
    };
}
