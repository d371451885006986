import { readFileSync } from 'node:fs';
import type { CarrierSandbox } from '../module-contract.js';

/**
 * Group A in sandbox mode: unified tracking, express and e-commerce at the shared simulators, push at the push
 * simulator (which follows our push path and secret header: docs/assumptions.md P1, P4), and every division the
 * simulator answers with accepted back as input (it has a `freight` one too).
 */
export const groupASandbox: CarrierSandbox = {
  // With WEBHOOK_TLS_CERT_FILE the push simulator trusts our own certificate besides the public roots, so a
  // self-signed development certificate works against the sandbox; it still verifies the chain and the host name.
  options: (config) => ({
    push: {
      subscriptionsPath: `/track${config.groupAPush.subscriptionsPath}`,
      secretHeader: config.groupAPush.secretHeader,
      ...(config.webhook.tls ? { ca: readFileSync(config.webhook.tls.certFile) } : {}),
    },
  }),
  async attach({ config, sandbox }) {
    const { DIVISIONS } = await import('../../../sandbox/group-a/numbers.js');
    const c = sandbox.credentials;
    const own = config.groupATracking;
    return {
      sections: {
        groupATracking: {
          baseUrl: sandbox.urls.groupAUnified,
          apiKey: c.groupAUnified.apiKey,
          // The simulator enforces the published quota, so the sandbox keeps ours at the same values too.
          minIntervalMs: own?.minIntervalMs ?? 5_000,
          dailyQuota: own?.dailyQuota ?? 250,
          maxWaitMs: own?.maxWaitMs ?? 20_000,
          cacheTtlMs: own?.cacheTtlMs ?? 300_000,
          pageLimit: own?.pageLimit ?? 5,
        },
        groupADivisions: [...new Set([...config.groupADivisions, ...DIVISIONS])],
        // The push simulator has its own origin; subscription paths follow GROUP_A_PUSH_SUBSCRIPTIONS_PATH below /track.
        groupAPush: { ...config.groupAPush, baseUrl: sandbox.push.baseUrl },
        groupAExpress: {
          baseUrl: sandbox.urls.groupAExpress,
          environment: 'test',
          username: c.groupAExpress.username,
          password: c.groupAExpress.password,
          accountNumbers: [c.groupAExpress.accountNumber],
          // The simulator enforces the test environment's 500 calls a day (D10); ours keeps inside it.
          dailyQuota: config.groupAExpress?.dailyQuota ?? 500,
        },
        groupAEcommerce: {
          baseUrl: sandbox.urls.groupAEcommerce,
          clientId: c.groupAEcommerce.clientId,
          clientSecret: c.groupAEcommerce.clientSecret,
          // Products and duty and tax send the account's pickup and distribution center (E9); the simulator's are US.
          pickupAccount: c.groupAEcommerce.pickupAccount,
          distributionCenter: c.groupAEcommerce.distributionCenter,
          trackPath: '/tracking/v4/package',
          trackParamPackageId: 'packageId',
          trackParamCarrierId: 'carrierPackageId',
        },
      },
    };
  },
};
