/**
 * Production never serves invented data (issue 7, item 2): with NODE_ENV=production the simulators run only with
 * SANDBOX=on, a start with no upstream is refused naming what to set, and /readyz says when upstreams are simulated.
 * Before, NODE_ENV=production with nothing configured silently started the sandbox.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../push/child-server.js';
import { SAFEGUARDS_WAIVED } from './auth-support.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sandbox-policy-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs `tsx src/main.ts` to its end (a refused start ends by itself) and returns exit code and output. */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const proc = spawn('node_modules/.bin/tsx', ['src/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => proc.once('exit', (c) => resolve(c)));
  return { code, output };
}

describe('NODE_ENV=production', () => {
  it('with no upstream configured and SANDBOX=auto, the start is refused naming the variables to set', async () => {
    const { code, output } = await runToExit({ NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, SANDBOX: 'auto', DATA_DIR: dataDir });
    expect(code, output).toBe(1);
    expect(output).toContain('carrier-subgraph did not start');
    for (const variable of ['CARRIER_B_BASE_URL', 'GROUP_A_TRACK_BASE_URL', 'GROUP_A_EXPRESS_BASE_URL', 'GROUP_A_ECOM_BASE_URL', 'SANDBOX=on']) {
      expect(output).toContain(variable);
    }
    expect(output).not.toContain('SANDBOX MODE');
    expect(output).not.toContain('carrier-subgraph ready');
  }, 90_000);

  it('the production refusal names the base URL of every upstream the carrier modules declare, DARK_STORE_BASE_URL included', async () => {
    const { code, output } = await runToExit({ NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, SANDBOX: 'auto', DATA_DIR: dataDir });
    expect(code, output).toBe(1);
    expect(output).toMatch(/Set GROUP_A_TRACK_BASE_URL, GROUP_A_EXPRESS_BASE_URL, GROUP_A_ECOM_BASE_URL, CARRIER_B_BASE_URL or DARK_STORE_BASE_URL /);
  }, 90_000);

  describe('with SANDBOX=on', () => {
    let child: ChildServer;
    beforeAll(async () => {
      child = await startChildServer({ NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, SANDBOX: 'on', DATA_DIR: dataDir }, undefined, { startTimeoutMs: 90_000 });
    }, 120_000);
    afterAll(async () => {
      await child?.kill();
    });

    it('the simulators run, and /readyz says every upstream is simulated', async () => {
      const response = await fetch(`${child.origin}/readyz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        status: 'ready',
        draining: false,
        store: { ok: true, kind: 'pglite' },
        migrations: { ok: true, applied: expect.any(Number), expected: expect.any(Number) },
        mode: 'sandbox',
        upstreams: { 'carrier-b': 'simulated', 'group-a/tracking': 'simulated', 'group-a/express': 'simulated', 'group-a/ecommerce': 'simulated', 'dark-store': 'simulated' },
        // The safeguards this test waives (it is not about access) are listed as warnings.
        warnings: [expect.stringMatching(/^ROUTER_SHARED_SECRET_DISABLED: /), expect.stringMatching(/^AUTH_DIRECTIVES_DISABLED: /)],
      });
    });

    it('/healthz is liveness only: 200 with the mode, nothing about upstream health', async () => {
      const response = await fetch(`${child.origin}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', mode: 'sandbox' });
    });

    it('SIGTERM stops the simulators too: the process exits 0 by itself (no timer or server left running)', async () => {
      child.process.kill('SIGTERM');
      expect(await child.exited, child.output()).toEqual({ code: 0, signal: null });
    }, 60_000);
  });
});
