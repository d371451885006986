import { Rng, uuidFrom } from './core/prng.js';
export const DEFAULT_CREDENTIALS = {
    carrierB: { clientId: 'sandbox-carrier-b-client', clientSecret: 'sandbox-carrier-b-secret', accountNumber: '740561073' },
    groupAUnified: { apiKey: 'sandbox-unified-key-full', maskedApiKey: 'sandbox-unified-key-masked' },
    groupAExpress: { username: 'sandbox-express-user', password: 'sandbox-express-pass', accountNumber: '950000001' },
    groupAEcommerce: { clientId: 'sandbox-ecom-client', clientSecret: 'sandbox-ecom-secret', pickupAccount: '5351244', distributionCenter: 'USATL1' },
    analyticsBridge: { projectId: '2600001', projectToken: 'sandbox-bridge-project-token', serverKey: 'sandbox-bridge-server-key' },
};
/** Transaction ids drawn from the seed, so two runs with the same seed and calls give the same ids. */
export function transactionIds(seed, name) {
    const rng = Rng.of(seed, name, 'transaction-ids');
    return () => uuidFrom(rng);
}
