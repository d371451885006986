import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig, noUpstreamConfigured } from '../../src/config.js';
import { OPT_OUT_PHRASE } from '../../src/platform/auth-config.js';

const carrierB = {
  CARRIER_B_BASE_URL: 'https://apis-sandbox.example',
  CARRIER_B_CLIENT_ID: 'client-id',
  CARRIER_B_CLIENT_SECRET: 'client-secret',
  CARRIER_B_ACCOUNT_NUMBER: '740561073',
};

function problems(env: Record<string, string | undefined>): string[] {
  const result = loadConfig(env);
  if (result.ok) throw new Error('expected configuration problems');
  return result.problems;
}

describe('configuration (STYLE.md: "a bad value stops the process with a message naming it")', () => {
  it('with nothing set every default applies and no upstream is configured (the sandbox stands in)', () => {
    const result = loadConfig({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(noUpstreamConfigured(result.config)).toBe(true);
    expect(result.config.server.port).toBe(4000);
    expect(result.config.groupATracking).toBeNull();
  });

  it('a complete upstream group is read into its typed config', () => {
    const result = loadConfig({ ...carrierB, CARRIER_B_LOCALE: 'en_US', UPSTREAM_RETRY_BASE_DELAY_MS: '50' });
    expect(result.ok && result.config.carrierB).toEqual({
      baseUrl: 'https://apis-sandbox.example',
      clientId: 'client-id',
      clientSecret: 'client-secret',
      accountNumber: '740561073',
      locale: 'en_US',
      // The carrier's processing grace before a lookup may prove "not created": ten minutes unless set.
      processingGraceMs: 600_000,
    });
    expect(result.ok && result.config.http.retryBaseDelayMs).toBe(50);
  });

  it("the express daily quota defaults to the test environment's 500 a day, none in production, and can be set", () => {
    const express = {
      GROUP_A_EXPRESS_BASE_URL: 'https://express.example',
      GROUP_A_EXPRESS_USERNAME: 'u',
      GROUP_A_EXPRESS_PASSWORD: 'p',
      GROUP_A_EXPRESS_ACCOUNT_NUMBERS: '123456789',
    };
    const quota = (env: Record<string, string>) => {
      const result = loadConfig({ ...express, ...env });
      return result.ok ? result.config.groupAExpress?.dailyQuota : 'refused';
    };
    expect(quota({})).toBe(500);
    expect(quota({ GROUP_A_EXPRESS_ENVIRONMENT: 'production' })).toBeNull();
    expect(quota({ GROUP_A_EXPRESS_ENVIRONMENT: 'production', GROUP_A_EXPRESS_DAILY_QUOTA: '10000' })).toBe(10_000);
    expect(problems({ ...express, GROUP_A_EXPRESS_DAILY_QUOTA: '0' })[0]).toMatch(/^GROUP_A_EXPRESS_DAILY_QUOTA: /);
  });

  it('.env.example documents every variable the server reads, and no other', () => {
    const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
    expect([...documented].filter((name) => !CONFIG_VARIABLES.includes(name!))).toEqual([]);
  });

  it('a missing credential names the variable and the one that made it required', () => {
    expect(problems({ ...carrierB, CARRIER_B_CLIENT_SECRET: undefined })).toEqual([
      'CARRIER_B_CLIENT_SECRET: required when CARRIER_B_BASE_URL is set',
    ]);
    expect(problems({ GROUP_A_TRACK_API_KEY: 'k' })).toEqual(['GROUP_A_TRACK_BASE_URL: required when GROUP_A_TRACK_API_KEY is set']);
  });

  it('a malformed URL names the variable', () => {
    expect(problems({ ...carrierB, CARRIER_B_BASE_URL: 'not a url' })).toEqual(['CARRIER_B_BASE_URL: Invalid URL']);
    expect(problems({ DATABASE_URL: 'mysql://db/x' })[0]).toMatch(/^DATABASE_URL: /);
  });

  it('one line per problem, every problem at once: malformed values beside missing credentials', () => {
    const lines = problems({
      CARRIER_B_BASE_URL: 'ftp://wrong',
      CARRIER_B_LOCALE: 'english',
      PORT: 'eighty',
      GROUP_A_ECOM_BASE_URL: 'https://ecom.example',
    });
    expect(lines).toHaveLength(8);
    for (const line of lines) expect(line).not.toContain('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT: /),
        expect.stringMatching(/^CARRIER_B_BASE_URL: /),
        'CARRIER_B_LOCALE: shape xx_XX',
        'CARRIER_B_CLIENT_ID: required when CARRIER_B_BASE_URL is set',
        'CARRIER_B_CLIENT_SECRET: required when CARRIER_B_BASE_URL is set',
        'CARRIER_B_ACCOUNT_NUMBER: required when CARRIER_B_BASE_URL is set',
        'GROUP_A_ECOM_CLIENT_ID: required when GROUP_A_ECOM_BASE_URL is set',
        'GROUP_A_ECOM_CLIENT_SECRET: required when GROUP_A_ECOM_BASE_URL is set',
      ]),
    );
  });

  it('the DATA_DIR lock refreshes at least twice per stale window: a check interval of half the window or more names the variable', () => {
    expect(problems({ DATA_DIR_LOCK_STALE_MS: '1000', DATA_DIR_LOCK_CHECK_MS: '500' })).toEqual(['DATA_DIR_LOCK_CHECK_MS: must be under half of DATA_DIR_LOCK_STALE_MS']);
    const loaded = loadConfig({ DATA_DIR_LOCK_STALE_MS: '1000', DATA_DIR_LOCK_CHECK_MS: '100' });
    expect(loaded.ok && loaded.config.store.lock).toEqual({ staleMs: 1000, checkMs: 100 });
  });

  it('PGLITE_SHARED_BUFFERS takes a size in PostgreSQL units between 128kB and 1GB, 4MB by default; anything else names the variable', () => {
    const defaults = loadConfig({});
    expect(defaults.ok && defaults.config.store.pgliteSharedBuffers).toBe('4MB');
    const set = loadConfig({ PGLITE_SHARED_BUFFERS: '512kB' });
    expect(set.ok && set.config.store.pgliteSharedBuffers).toBe('512kB');
    for (const bad of ['4 MB', '4mb', '64kB', '2GB', 'lots']) {
      expect(problems({ PGLITE_SHARED_BUFFERS: bad }).map((line) => line.split(':')[0])).toEqual(['PGLITE_SHARED_BUFFERS']);
    }
  });

  it('IDLE_GC_MS is 0 (off) by default, in production too, can be set, and anything not a whole number of ms names the variable', () => {
    const production = { NODE_ENV: 'production', ROUTER_SHARED_SECRET_DISABLED: OPT_OUT_PHRASE, AUTH_DIRECTIVES_DISABLED: OPT_OUT_PHRASE };
    const inProduction = loadConfig(production);
    expect(inProduction.ok && inProduction.config.server.idleGcMs).toBe(0);
    const set = loadConfig({ ...production, IDLE_GC_MS: '3000' });
    expect(set.ok && set.config.server.idleGcMs).toBe(3000);
    const development = loadConfig({ IDLE_GC_MS: '500' });
    expect(development.ok && development.config.server.idleGcMs).toBe(500);
    for (const bad of ['-1', '1.5', 'soon']) expect(problems({ IDLE_GC_MS: bad }).map((line) => line.split(':')[0])).toEqual(['IDLE_GC_MS']);
  });

  it('TRACKING_BATCH_WINDOW_MS is 3 ms by default (a lookup waits at most that for others to share its call); 0 turns batching off', () => {
    const defaults = loadConfig({});
    expect(defaults.ok && defaults.config.trackingSharing.windowMs).toBe(3);
    const off = loadConfig({ TRACKING_BATCH_WINDOW_MS: '0' });
    expect(off.ok && off.config.trackingSharing.windowMs).toBe(0);
    expect(problems({ TRACKING_BATCH_WINDOW_MS: 'soon' }).map((line) => line.split(':')[0])).toEqual(['TRACKING_BATCH_WINDOW_MS']);
  });

  it('TRACKING_REFRESH_AHEAD is a fraction of the freshness window from 0 (off) to 0.9, 0.25 by default; anything else names the variable', () => {
    const defaults = loadConfig({});
    expect(defaults.ok && defaults.config.trackingSharing.refreshAhead).toBe(0.25);
    const off = loadConfig({ TRACKING_REFRESH_AHEAD: '0' });
    expect(off.ok && off.config.trackingSharing.refreshAhead).toBe(0);
    for (const bad of ['1', '-0.1', '0.95', 'half']) {
      expect(problems({ TRACKING_REFRESH_AHEAD: bad }).map((line) => line.split(':')[0])).toEqual(['TRACKING_REFRESH_AHEAD']);
    }
  });

  it('an empty variable counts as unset', () => {
    expect(problems({ ...carrierB, CARRIER_B_ACCOUNT_NUMBER: '' })).toEqual([
      'CARRIER_B_ACCOUNT_NUMBER: required when CARRIER_B_BASE_URL is set',
    ]);
  });

  it('a problem names the variable but never echoes a secret value', () => {
    const lines = problems({ ...carrierB, CARRIER_B_CLIENT_SECRET: '   ', CARRIER_B_BASE_URL: 'https://user:p4ss@%zz' });
    expect(lines.some((l) => l.startsWith('CARRIER_B_CLIENT_SECRET: '))).toBe(true);
    expect(lines.join('\n')).not.toContain('p4ss');
  });
});

describe('WEBHOOK_TLS_CERT_FILE / WEBHOOK_TLS_KEY_FILE are read at load, not at listen', () => {
  let dir: string;
  let cert: string;
  let key: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'config-tls-'));
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', algorithm: 'sha256' });
    cert = join(dir, 'cert.pem');
    key = join(dir, 'key.pem');
    writeFileSync(cert, pems.cert);
    writeFileSync(key, pems.private);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a readable certificate and its key are read into webhook.tls', () => {
    const result = loadConfig({ WEBHOOK_TLS_CERT_FILE: cert, WEBHOOK_TLS_KEY_FILE: key });
    expect(result.ok && result.config.webhook.tls).toEqual({ certFile: cert, keyFile: key });
  });

  it('a path that does not exist names the variable and the path, one line each', () => {
    const missing = join(dir, 'nope.pem');
    expect(problems({ WEBHOOK_TLS_CERT_FILE: missing, WEBHOOK_TLS_KEY_FILE: key })).toEqual([
      `WEBHOOK_TLS_CERT_FILE: cannot read ${missing} (no such file)`,
    ]);
    expect(problems({ WEBHOOK_TLS_CERT_FILE: missing, WEBHOOK_TLS_KEY_FILE: dir })).toEqual([
      `WEBHOOK_TLS_CERT_FILE: cannot read ${missing} (no such file)`,
      `WEBHOOK_TLS_KEY_FILE: cannot read ${dir} (a directory, not a file)`,
    ]);
  });

  it('a certificate without a key (or a key without a certificate) names the missing variable', () => {
    expect(problems({ WEBHOOK_TLS_CERT_FILE: cert })).toEqual(['WEBHOOK_TLS_KEY_FILE: required when WEBHOOK_TLS_CERT_FILE is set']);
    expect(problems({ WEBHOOK_TLS_KEY_FILE: key })).toEqual(['WEBHOOK_TLS_CERT_FILE: required when WEBHOOK_TLS_KEY_FILE is set']);
  });

  it('files swapped, not PEM, or a key of another certificate name the variable without quoting the key', () => {
    const garbage = join(dir, 'garbage.pem');
    writeFileSync(garbage, 'not a pem file');
    expect(problems({ WEBHOOK_TLS_CERT_FILE: garbage, WEBHOOK_TLS_KEY_FILE: garbage })).toEqual([
      `WEBHOOK_TLS_CERT_FILE: ${garbage} is not a PEM certificate`,
      `WEBHOOK_TLS_KEY_FILE: ${garbage} is not an unencrypted PEM private key`,
    ]);
    expect(problems({ WEBHOOK_TLS_CERT_FILE: key, WEBHOOK_TLS_KEY_FILE: cert })).toEqual([
      `WEBHOOK_TLS_CERT_FILE: ${key} is not a PEM certificate`,
      `WEBHOOK_TLS_KEY_FILE: ${cert} is not an unencrypted PEM private key`,
    ]);
    const otherKey = join(dir, 'other-key.pem');
    writeFileSync(otherKey, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const lines = problems({ WEBHOOK_TLS_CERT_FILE: cert, WEBHOOK_TLS_KEY_FILE: otherKey });
    expect(lines).toEqual([`WEBHOOK_TLS_KEY_FILE: the key in ${otherKey} does not belong to the certificate in ${cert}`]);
    expect(lines.join('\n')).not.toContain('PRIVATE KEY');
  });
});
