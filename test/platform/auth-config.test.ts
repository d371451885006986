/**
 * The configuration rules of a production start that fails closed (the start itself is tested on child processes in
 * test/production/fails-closed.test.ts): NODE_ENV's accepted values, the router secret and its opt-out, the key set
 * behind @authenticated / @requiresScopes and its opt-out, each refusal naming the variable and the way out.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../src/config.js';
import { OPT_OUT_PHRASE } from '../../src/platform/auth-config.js';

const dir = mkdtempSync(join(tmpdir(), 'auth-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const SECRET = 'a-router-secret-of-32-characters';
const jwksFile = join(dir, 'jwks.json');
writeFileSync(jwksFile, JSON.stringify({ keys: [{ kty: 'EC', crv: 'P-256', x: 'MKBCTNIcKUSDii11ySs3526iDZ8AiTo7Tu6KPAqv7D4', y: '4Etl6SRW2YiLUrN5vfvVHuhp7x8PxltmWWlbbM4IFyM', kid: 'k1' }] }));

function problems(env: Record<string, string | undefined>): string[] {
  const result = loadConfig(env);
  if (result.ok) throw new Error('expected configuration problems');
  return result.problems;
}
function config(env: Record<string, string | undefined>): Config {
  const result = loadConfig(env);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.config;
}

describe('NODE_ENV', () => {
  it('accepts production, development and test; unset is development', () => {
    expect(config({ NODE_ENV: 'development' }).server.production).toBe(false);
    expect(config({ NODE_ENV: 'test' }).server.production).toBe(false);
    expect(config({}).server.production).toBe(false);
    expect(config({ NODE_ENV: 'production', ROUTER_SHARED_SECRET: SECRET, AUTH_JWKS_FILE: jwksFile }).server.production).toBe(true);
  });

  it('refuses any other value, naming it and the accepted ones', () => {
    expect(problems({ NODE_ENV: 'Production' })).toEqual([
      'NODE_ENV: "Production" is not a value this service knows; use production, development or test (unset means development)',
    ]);
    expect(problems({ NODE_ENV: 'prod' })[0]).toContain('"prod"');
  });
});

describe('the router secret in production', () => {
  it('is required, naming the opt-out', () => {
    const lines = problems({ NODE_ENV: 'production', AUTH_JWKS_FILE: jwksFile });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ROUTER_SHARED_SECRET: required with NODE_ENV=production/);
    expect(lines[0]).toContain(`ROUTER_SHARED_SECRET_DISABLED=${OPT_OUT_PHRASE}`);
  });

  it('is waived only by the exact phrase, with a warning', () => {
    expect(problems({ NODE_ENV: 'production', AUTH_JWKS_FILE: jwksFile, ROUTER_SHARED_SECRET_DISABLED: 'true' })).toEqual(
      expect.arrayContaining([`ROUTER_SHARED_SECRET_DISABLED: the only accepted value is ${OPT_OUT_PHRASE}`]),
    );
    const waived = config({ NODE_ENV: 'production', AUTH_JWKS_FILE: jwksFile, ROUTER_SHARED_SECRET_DISABLED: OPT_OUT_PHRASE });
    expect(waived.routerAccess.sharedSecret).toBeNull();
    expect(waived.auth.warnings).toEqual([expect.stringMatching(/^ROUTER_SHARED_SECRET_DISABLED: /)]);
  });

  it('and its opt-out together are refused', () => {
    expect(problems({ ROUTER_SHARED_SECRET: SECRET, ROUTER_SHARED_SECRET_DISABLED: OPT_OUT_PHRASE })).toEqual([
      'ROUTER_SHARED_SECRET_DISABLED: set together with ROUTER_SHARED_SECRET; remove one of them',
    ]);
  });

  it('is optional outside production, with no warning', () => {
    expect(config({}).routerAccess.sharedSecret).toBeNull();
    expect(config({}).auth.warnings).toEqual([]);
  });
});

describe('@authenticated / @requiresScopes enforcement', () => {
  it('is on in production and needs a key set, naming the opt-out', () => {
    const lines = problems({ NODE_ENV: 'production', ROUTER_SHARED_SECRET: SECRET });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^AUTH_JWKS_URL: required with NODE_ENV=production \(or AUTH_JWKS_FILE\)/);
    expect(lines[0]).toContain(`AUTH_DIRECTIVES_DISABLED=${OPT_OUT_PHRASE}`);
    const enforced = config({ NODE_ENV: 'production', ROUTER_SHARED_SECRET: SECRET, AUTH_JWKS_URL: 'https://idp.example/jwks.json', AUTH_JWT_AUDIENCE: 'a,b' });
    expect(enforced.auth.directives).toMatchObject({ enforced: true, jwksUrl: 'https://idp.example/jwks.json', audience: ['a', 'b'], issuer: null });
    expect(enforced.auth.warnings).toEqual([]);
  });

  it('fetches the key set over https in production (plain http only on loopback)', () => {
    const env = { NODE_ENV: 'production', ROUTER_SHARED_SECRET: SECRET };
    expect(problems({ ...env, AUTH_JWKS_URL: 'http://idp.example/jwks.json' })).toEqual([
      'AUTH_JWKS_URL: must be https with NODE_ENV=production (plain http only to localhost, 127.0.0.1 or [::1])',
    ]);
    expect(config({ ...env, AUTH_JWKS_URL: 'http://127.0.0.1:8080/jwks.json' }).auth.directives.jwksUrl).toBe('http://127.0.0.1:8080/jwks.json');
    expect(config({ AUTH_JWKS_URL: 'http://idp.example/jwks.json' }).auth.directives.jwksUrl).toBe('http://idp.example/jwks.json');
  });

  it('cannot be turned off in production but by the opt-out, which warns', () => {
    expect(problems({ NODE_ENV: 'production', ROUTER_SHARED_SECRET: SECRET, AUTH_ENFORCE_DIRECTIVES: 'false', AUTH_JWKS_FILE: jwksFile })[0]).toMatch(
      /^AUTH_ENFORCE_DIRECTIVES: false is refused with NODE_ENV=production.*AUTH_DIRECTIVES_DISABLED=i-accept-unauthenticated-access/,
    );
    const waived = config({ NODE_ENV: 'production', ROUTER_SHARED_SECRET: SECRET, AUTH_DIRECTIVES_DISABLED: OPT_OUT_PHRASE });
    expect(waived.auth.directives.enforced).toBe(false);
    expect(waived.auth.warnings).toEqual([expect.stringMatching(/^AUTH_DIRECTIVES_DISABLED: /)]);
  });

  it('is off outside production unless asked for, and then needs a key set', () => {
    expect(config({}).auth.directives.enforced).toBe(false);
    expect(problems({ AUTH_ENFORCE_DIRECTIVES: 'true' })).toEqual([
      'AUTH_JWKS_URL: required when AUTH_ENFORCE_DIRECTIVES is true (or AUTH_JWKS_FILE): the keys that sign the forwarded bearer tokens',
    ]);
    expect(config({ AUTH_ENFORCE_DIRECTIVES: 'true', AUTH_JWKS_FILE: jwksFile }).auth.directives).toMatchObject({ enforced: true, jwks: { keys: [{ kid: 'k1' }] } });
  });

  it('a key set file that is missing or not a JWKS stops the start naming the variable', () => {
    expect(problems({ AUTH_JWKS_FILE: join(dir, 'absent.json') })).toEqual([`AUTH_JWKS_FILE: cannot read ${join(dir, 'absent.json')} (no such file)`]);
    const notJwks = join(dir, 'not.json');
    writeFileSync(notJwks, '{"hello":1}');
    expect(problems({ AUTH_JWKS_FILE: notJwks })).toEqual([`AUTH_JWKS_FILE: ${notJwks} is not a JSON Web Key Set ({ "keys": [...] })`]);
    expect(problems({ AUTH_JWKS_FILE: jwksFile, AUTH_JWKS_URL: 'https://idp.example/jwks.json' })).toEqual(['AUTH_JWKS_FILE: set together with AUTH_JWKS_URL; keep one of them']);
  });
});

describe('a command that serves no request (the analytics backfill)', () => {
  it('needs neither the router secret nor a key set in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, { serves: false }).ok).toBe(true);
  });
});
