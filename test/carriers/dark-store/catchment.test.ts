import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatchmentConfigError, loadCatchment } from '../../../src/carriers/dark-store/catchment.js';
import { darkStoreModule } from '../../../src/carriers/dark-store/index.js';
import { loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/platform/logger.js';
import { createMetrics } from '../../../src/platform/metrics.js';
import { seedDataDir } from '../../support/database.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dark-store-catchment-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const IN = { pincodes: null, pincodesFile: null, country: 'IN' };

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CatchmentConfigError);
    return (error as CatchmentConfigError).problems;
  }
  throw new Error('expected a CatchmentConfigError');
}

describe('dark-store catchment (configuration)', () => {
  it('DARK_STORE_PINCODES is a comma list; a served pincode is found, another is not', () => {
    const catchment = loadCatchment({ ...IN, pincodes: ' 560001, 560034 ,,560038' });
    expect(catchment.list()).toEqual(['560001', '560034', '560038']);
    expect(catchment.serves('560034')).toBe(true);
    expect(catchment.serves('560 034')).toBe(true);
    expect(catchment.serves('110001')).toBe(false);
    expect(catchment.serves(null)).toBe(false);
  });

  it('DARK_STORE_PINCODES_FILE has one pincode per line, # comments and blank lines; both sources are merged', async () => {
    const file = join(dir, 'catchment.txt');
    await writeFile(file, '# Bengaluru central\n560001\n\n560066   # Whitefield\r\n  560095\n');
    const catchment = loadCatchment({ ...IN, pincodes: '560001,400001', pincodesFile: file });
    expect(catchment.list()).toEqual(['400001', '560001', '560066', '560095']);
  });

  it('a bad pincode is refused at start naming the variable (and the entry or line)', async () => {
    expect(problemsOf(() => loadCatchment({ ...IN, pincodes: '560001,56001,abcdef,060001' }))).toEqual([
      "DARK_STORE_PINCODES (entry 2): '56001' is not a 6-digit Indian PIN (first digit 1-9)",
      "DARK_STORE_PINCODES (entry 3): 'abcdef' is not a 6-digit Indian PIN (first digit 1-9)",
      "DARK_STORE_PINCODES (entry 4): '060001' is not a 6-digit Indian PIN (first digit 1-9)",
    ]);
    const file = join(dir, 'bad.txt');
    await writeFile(file, '560001\n5600011 # too long\n');
    expect(problemsOf(() => loadCatchment({ ...IN, pincodesFile: file }))).toEqual([
      "DARK_STORE_PINCODES_FILE line 2: '5600011' is not a 6-digit Indian PIN (first digit 1-9)",
    ]);
  });

  it('an unreadable file and an empty catchment are refused naming the variables', () => {
    expect(problemsOf(() => loadCatchment({ ...IN, pincodesFile: join(dir, 'missing.txt') }))).toEqual([
      `DARK_STORE_PINCODES_FILE: cannot read ${join(dir, 'missing.txt')} (no such file)`,
    ]);
    expect(problemsOf(() => loadCatchment({ ...IN, pincodes: ' , ' }))[0]).toMatch(/^DARK_STORE_PINCODES or DARK_STORE_PINCODES_FILE: required/);
  });

  it('another DARK_STORE_COUNTRY checks that country postal code shape', () => {
    expect(loadCatchment({ pincodes: '10115,10117', pincodesFile: null, country: 'DE' }).serves('10117')).toBe(true);
    expect(problemsOf(() => loadCatchment({ pincodes: '560001A', pincodesFile: null, country: 'DE' }))[0]).toMatch(/^DARK_STORE_PINCODES \(entry 1\): .* not a postal code of DE/);
  });

  it('the module refuses to build with a bad catchment, naming DARK_STORE_PINCODES, before any call', () => {
    const loaded = loadConfig({ DARK_STORE_BASE_URL: 'http://127.0.0.1:9', DARK_STORE_PINCODES: '560001,5600' });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const deps = {
      config: loaded.config,
      timeouts: { connectTimeoutMs: 1_000, headersTimeoutMs: 1_000, bodyTimeoutMs: 1_000 },
      retryBaseDelayMs: 5,
      metrics: createMetrics(),
      logger: createLogger('silent'),
    };
    expect(() => darkStoreModule.build(deps)).toThrow(/DARK_STORE_PINCODES \(entry 2\): '5600' is not a 6-digit Indian PIN/);
  });
});

describe('a bad catchment stops `npm start` with a line naming the variable', () => {
  it('DARK_STORE_PINCODES with a 5-digit entry: exit 1, no stack trace, the server never ready', async () => {
    // The store opens before the carriers are built: a copy of the migrated template spares it PGlite's initdb.
    await seedDataDir(join(dir, 'data'));
    const run = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve, reject) => {
      const proc = spawn('node_modules/.bin/tsx', ['src/main.ts'], {
        env: {
          PATH: process.env.PATH ?? '',
          HOST: '127.0.0.1',
          PORT: '0',
          LOG_LEVEL: 'info',
          LOG_FORMAT: 'json',
          SANDBOX: 'off',
          DATA_DIR: join(dir, 'data'),
          DARK_STORE_BASE_URL: 'http://127.0.0.1:9',
          DARK_STORE_PINCODES: '560001,56003',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdout = '';
      proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error(`the server did not stop on a bad catchment:\n${stdout}\n${stderr}`));
      }, 90_000);
      proc.once('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, stderr, stdout });
      });
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("carrier-subgraph did not start: dark-store catchment: DARK_STORE_PINCODES (entry 2): '56003' is not a 6-digit Indian PIN");
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).not.toContain('carrier-subgraph ready');
  }, 100_000);
});
