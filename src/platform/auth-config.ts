import { readFileSync } from 'node:fs';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { z } from 'zod';

/**
 * Who may reach the subgraph and what a request needs to spend money (DESIGN.md, "Running in production": production
 * fails closed). Kept beside config.ts, which spreads these variables into its schema and calls the two functions
 * below, so the rules of the production start read in one place.
 *
 * - ROUTER_SHARED_SECRET is required with NODE_ENV=production; ROUTER_SHARED_SECRET_DISABLED set to the phrase below
 *   is the explicit opt-out.
 * - @authenticated and @requiresScopes are enforced by the subgraph itself from the bearer token the router forwards
 *   (a JWT verified against AUTH_JWKS_URL or AUTH_JWKS_FILE): on by default in production, where a start without a
 *   JWKS is refused unless AUTH_DIRECTIVES_DISABLED is set to the phrase; off by default elsewhere
 *   (AUTH_ENFORCE_DIRECTIVES=true turns it on), so the quick start's pasted mutations work in the sandbox.
 *
 * Each opt-out in effect is a warning: logged at start and listed in /readyz.
 */

/** The value an opt-out must have: a phrase nobody sets by accident (`true` or `1` is refused, naming it). */
export const OPT_OUT_PHRASE = 'i-accept-unauthenticated-access';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const list = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
const optOut = z.literal(OPT_OUT_PHRASE, { error: `the only accepted value is ${OPT_OUT_PHRASE}` });

export const authEnvShape = {
  ROUTER_SHARED_SECRET_DISABLED: optOut.optional(),
  AUTH_ENFORCE_DIRECTIVES: flag.optional(),
  AUTH_DIRECTIVES_DISABLED: optOut.optional(),
  AUTH_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
  AUTH_JWKS_FILE: z.string().trim().min(1).optional(),
  AUTH_JWT_ISSUER: list.optional(),
  AUTH_JWT_AUDIENCE: list.optional(),
};

type AuthEnv = z.output<z.ZodObject<typeof authEnvShape>> & {
  NODE_ENV: string;
  ROUTER_SHARED_SECRET?: string | undefined;
};

export interface AuthConfig {
  /** Enforcement of @authenticated / @requiresScopes in this process, from the forwarded bearer token. */
  directives: {
    enforced: boolean;
    /** Where the signing keys are: a remote JWKS (fetched and cached by jose) or a local file read at start. */
    jwksUrl: string | null;
    /** The key set read from AUTH_JWKS_FILE at start (null without one). */
    jwks: JSONWebKeySet | null;
    /** Accepted `iss` values and `aud` values (null: not checked). */
    issuer: string[] | null;
    audience: string[] | null;
  };
  /** The opt-outs in effect, one sentence each: logged as warnings at start and listed in /readyz's `warnings`. */
  warnings: string[];
}

const isProduction = (raw: Record<string, string | undefined>) => raw.NODE_ENV?.trim() === 'production';
const rawFlag = (value: string | undefined) => (value === undefined ? undefined : value === 'true' || value === '1');

/**
 * The rules across variables, read from the raw environment (empty = unset) so they are reported together with
 * malformed values. A malformed value itself is the schema's to report.
 */
export function authProblems(raw: Record<string, string | undefined>, { serves = true }: { serves?: boolean } = {}): string[] {
  const problems: string[] = [];
  // A command that serves nothing (serves: false) needs no router secret or key set, production or not.
  const production = isProduction(raw) && serves;
  const secretWaived = raw.ROUTER_SHARED_SECRET_DISABLED === OPT_OUT_PHRASE;
  if (raw.ROUTER_SHARED_SECRET !== undefined && raw.ROUTER_SHARED_SECRET_DISABLED !== undefined) {
    problems.push('ROUTER_SHARED_SECRET_DISABLED: set together with ROUTER_SHARED_SECRET; remove one of them');
  } else if (production && raw.ROUTER_SHARED_SECRET === undefined && !secretWaived) {
    problems.push(
      'ROUTER_SHARED_SECRET: required with NODE_ENV=production, so that only the router reaches this subgraph (at least 16 characters, ' +
        `sent by the router in ROUTER_SECRET_HEADER); to run without it anyway, set ROUTER_SHARED_SECRET_DISABLED=${OPT_OUT_PHRASE}`,
    );
  }
  if (raw.AUTH_JWKS_URL !== undefined && raw.AUTH_JWKS_FILE !== undefined) {
    problems.push('AUTH_JWKS_FILE: set together with AUTH_JWKS_URL; keep one of them');
  }
  const directivesWaived = raw.AUTH_DIRECTIVES_DISABLED === OPT_OUT_PHRASE;
  const asked = rawFlag(raw.AUTH_ENFORCE_DIRECTIVES);
  const hasJwks = raw.AUTH_JWKS_URL !== undefined || raw.AUTH_JWKS_FILE !== undefined;
  if (directivesWaived && asked === true) {
    problems.push('AUTH_DIRECTIVES_DISABLED: set together with AUTH_ENFORCE_DIRECTIVES=true; remove one of them');
  } else if (production && !directivesWaived) {
    if (asked === false) {
      problems.push(
        `AUTH_ENFORCE_DIRECTIVES: false is refused with NODE_ENV=production; to leave @authenticated and @requiresScopes to the router alone, set AUTH_DIRECTIVES_DISABLED=${OPT_OUT_PHRASE} instead`,
      );
    } else if (!hasJwks) {
      problems.push(
        'AUTH_JWKS_URL: required with NODE_ENV=production (or AUTH_JWKS_FILE): the subgraph checks @authenticated and @requiresScopes itself, ' +
          `from the bearer token the router forwards, against these keys; to leave them to the router alone, set AUTH_DIRECTIVES_DISABLED=${OPT_OUT_PHRASE}`,
      );
    }
  } else if (asked === true && !hasJwks) {
    problems.push('AUTH_JWKS_URL: required when AUTH_ENFORCE_DIRECTIVES is true (or AUTH_JWKS_FILE): the keys that sign the forwarded bearer tokens');
  }
  // The key set decides who may buy labels: in production it is fetched over TLS (plain HTTP only on loopback).
  if (production && raw.AUTH_JWKS_URL !== undefined && !jwksUrlSafe(raw.AUTH_JWKS_URL.trim())) {
    problems.push('AUTH_JWKS_URL: must be https with NODE_ENV=production (plain http only to localhost, 127.0.0.1 or [::1])');
  }
  const file = raw.AUTH_JWKS_FILE?.trim();
  if (file) problems.push(...jwksFileProblems(file));
  return problems;
}

/** The section of the configuration, from a parsed environment that passed `authProblems`. */
export function authConfigFrom(env: AuthEnv): AuthConfig {
  const production = env.NODE_ENV === 'production';
  const warnings: string[] = [];
  if (production && env.ROUTER_SHARED_SECRET === undefined && env.ROUTER_SHARED_SECRET_DISABLED === OPT_OUT_PHRASE) {
    warnings.push('ROUTER_SHARED_SECRET_DISABLED: no router secret is required, so any client that reaches this port is served as if it were the router');
  }
  const enforced = env.AUTH_DIRECTIVES_DISABLED === OPT_OUT_PHRASE ? false : (env.AUTH_ENFORCE_DIRECTIVES ?? production);
  if (production && !enforced) {
    warnings.push('AUTH_DIRECTIVES_DISABLED: @authenticated and @requiresScopes are not checked here; only the router enforces them');
  }
  return {
    directives: {
      enforced,
      jwksUrl: env.AUTH_JWKS_URL ?? null,
      jwks: env.AUTH_JWKS_FILE ? readJwks(env.AUTH_JWKS_FILE) : null,
      issuer: env.AUTH_JWT_ISSUER?.length ? env.AUTH_JWT_ISSUER : null,
      audience: env.AUTH_JWT_AUDIENCE?.length ? env.AUTH_JWT_AUDIENCE : null,
    },
    warnings,
  };
}

/** https, or http to a loopback host; a malformed URL is the schema's to report (true here). */
function jwksUrlSafe(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return true;
  }
  return url.protocol !== 'http:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** AUTH_JWKS_FILE is read when the configuration loads: unreadable, not JSON or not a key set stops the start. */
function jwksFileProblems(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return [`AUTH_JWKS_FILE: cannot read ${path} (${code === 'ENOENT' ? 'no such file' : (code ?? 'unreadable')})`];
  }
  try {
    createLocalJWKSet(JSON.parse(text) as JSONWebKeySet);
    return [];
  } catch {
    return [`AUTH_JWKS_FILE: ${path} is not a JSON Web Key Set ({ "keys": [...] })`];
  }
}

function readJwks(path: string): JSONWebKeySet {
  return JSON.parse(readFileSync(path.trim(), 'utf8')) as JSONWebKeySet;
}
