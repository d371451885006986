import type { FaultController } from '../core/faults.js';
import { header, readForm, type SandboxRequest, type SandboxResponse } from '../core/http.js';
import type { Guard, SimulatorSpec } from '../core/simulator.js';
import type { SimulatorStats } from '../core/stats.js';
import type { TokenStore } from '../core/tokens.js';
import type { SandboxContext } from '../context.js';
import { ecommerceDutyTaxRoute } from './ecommerce-duty.js';
import { ecommerceLabelRoute } from './ecommerce-label.js';
import { EcommerceLedger, renderLedgerPackage } from './ecommerce-ledger.js';
import { ecommerceManifestRoute } from './ecommerce-manifest.js';
import { ecommerceReturnsRoute } from './ecommerce-returns.js';
import { ecommerceProductsRoute } from './ecommerce-products.js';
import { renderEcommercePackage } from './ecommerce-render.js';
import { resolveEcommercePackage } from './numbers.js';
import { problem } from './problem.js';

/**
 * Group A e-commerce (seed 000, interface C): `POST /auth/v4/accesstoken` (form-encoded client credentials; the
 * answer is the seed's `access_token` and `expires_in`) and tracking per assumption E1:
 * `GET /tracking/v4/package?packageId=PKG-…` or `?carrierPackageId=GM…`, with the bearer token. Labels, the manifest
 * and return labels (SE1-SE7) keep what they create in a ledger, which the tracking route answers first.
 */
export function ecommerceSimulator(
  ctx: SandboxContext,
  stats: SimulatorStats,
  faults: FaultController,
  tokens: TokenStore,
): SimulatorSpec {
  const { clientId, clientSecret } = ctx.credentials.groupAEcommerce;
  const bearer: Guard = (req) => {
    const state = tokens.check(header(req, 'authorization'));
    if (state === 'valid') return undefined;
    return problem(req, 401, state === 'expired' ? 'The access token has expired.' : 'A valid bearer access token is required.');
  };
  // Labels and return labels created here (SE1-SE7): tracked by both ids, tendered by the manifest.
  const ledger = new EcommerceLedger(ctx.seed, ctx.state);
  return {
    name: 'groupAEcommerce',
    stats,
    faults,
    logger: ctx.logger,
    renderError: problem,
    routes: [
      {
        method: 'POST',
        path: '/auth/v4/accesstoken',
        kind: 'token',
        handle: (req) => {
          const form = readForm(req);
          // Assumption E4: credentials travel in the form body only.
          if (!form) return problem(req, 400, 'The token request must be form-encoded (application/x-www-form-urlencoded).');
          if (form.get('grant_type') !== 'client_credentials') return problem(req, 400, 'grant_type must be client_credentials.');
          if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
            return problem(req, 401, 'The client credentials are not valid.');
          }
          stats.tokenMints += 1;
          return { status: 200, json: { access_token: tokens.issue(), expires_in: tokens.lifetime } };
        },
      },
      {
        method: 'GET',
        path: '/tracking/v4/package',
        kind: 'business',
        guards: [bearer],
        trackedNumbers: (req) => [req.query.get('packageId') ?? req.query.get('carrierPackageId') ?? ''],
        handle: (req) => trackPackage(ctx, req, ledger),
      },
      // Products and duty and tax (assumptions E7, E10), behind the same bearer token.
      ecommerceProductsRoute(ctx, bearer),
      ecommerceDutyTaxRoute(ctx, bearer),
      // Labels, manifest and return labels (SE1-SE7): each acts, so `loseNextAnswer` applies.
      ecommerceLabelRoute(ctx, bearer, ledger),
      ecommerceManifestRoute(ctx, bearer, ledger),
      ecommerceReturnsRoute(ctx, bearer, ledger),
    ],
  };
}

function trackPackage(ctx: SandboxContext, req: SandboxRequest, ledger: EcommerceLedger): SandboxResponse {
  const packageId = req.query.get('packageId');
  const carrierPackageId = req.query.get('carrierPackageId');
  // The seed: the operations "accept either the caller's package id or the carrier's id on different parameters".
  if ((packageId === null) === (carrierPackageId === null)) {
    return problem(req, 400, 'Give exactly one of the query parameters packageId and carrierPackageId.');
  }
  const id = (packageId ?? carrierPackageId ?? '').trim();
  // A package created through the label routes is known by the ids it was given, whatever their shape.
  const created = packageId !== null ? ledger.byPackage(id) : ledger.byCarrierPackage(id);
  if (created) return { status: 200, json: { packages: [renderLedgerPackage(created)] } };
  const rightKind = packageId !== null ? id.startsWith('PKG-') : id.startsWith('GM');
  const now = ctx.clock.now();
  const found = rightKind ? resolveEcommercePackage(ctx, id, now) : undefined;
  if (!found) return problem(req, 404, `No package ${id} was found.`);
  return { status: 200, json: { packages: [renderEcommercePackage(found, now)] } };
}
