import { createLocalJWKSet, createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey, type JWTVerifyOptions } from 'jose';
import type { AuthConfig } from '../platform/auth-config.js';
import { scopesOf, type Credentials } from '../graphql/directive-auth.js';

/** Verifies the bearer token a request carries; `none` when it carries none. */
export type BearerVerifier = (authorization: unknown) => Promise<Credentials>;

/**
 * The router forwards the client's `Authorization: Bearer <JWT>` (Apollo Router `headers ... propagate`, Hive Gateway
 * `propagateHeaders`); the token is verified here with jose against AUTH_JWKS_URL (fetched on first use, cached and
 * refetched for an unknown key id by jose) or the key set of AUTH_JWKS_FILE, with AUTH_JWT_ISSUER / AUTH_JWT_AUDIENCE
 * when set. The token is trusted on its signature alone, not on the router secret: a forged header gains nothing.
 * Only an operation that selects a protected field pays for a verification.
 */
export function bearerVerifier(directives: AuthConfig['directives']): BearerVerifier {
  const keys: JWTVerifyGetKey | null = directives.jwksUrl
    ? createRemoteJWKSet(new URL(directives.jwksUrl))
    : directives.jwks
      ? createLocalJWKSet(directives.jwks)
      : null;
  const options: JWTVerifyOptions = {
    ...(directives.issuer ? { issuer: directives.issuer } : {}),
    ...(directives.audience ? { audience: directives.audience } : {}),
  };
  return async (authorization) => {
    const token = bearerOf(authorization);
    if (token === null) return { kind: 'none' };
    if (token === '') return { kind: 'invalid', reason: 'the Authorization header is not "Bearer <token>"' };
    if (!keys) return { kind: 'invalid', reason: 'no key set is configured (AUTH_JWKS_URL or AUTH_JWKS_FILE)' };
    try {
      const { payload } = await jwtVerify(token, keys, options);
      return { kind: 'verified', claims: { scopes: scopesOf(payload) } };
    } catch (error) {
      return { kind: 'invalid', reason: reasonOf(error) };
    }
  };
}

/** The token of `Bearer <token>` (any case, one header or the first of several); null without a header, '' malformed. */
function bearerOf(authorization: unknown): string | null {
  const value = Array.isArray(authorization) ? authorization[0] : authorization;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(value);
  return match ? match[1]! : '';
}

/** What went wrong, in words a client can act on; jose's own message names the claim, never the token. */
function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'expired';
  if (error instanceof errors.JWTClaimValidationFailed) return error.message;
  if (error instanceof errors.JWKSNoMatchingKey) return 'signed by no key of the configured key set';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'signature verification failed';
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JOSEError) return error.code === 'ERR_JWKS_TIMEOUT' ? 'the key set did not answer in time' : error.message;
  return 'not a valid JWT';
}
