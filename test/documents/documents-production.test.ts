/**
 * DOCUMENT_URL_SECRET under NODE_ENV=production, on a real child process: unset, the server still starts (signed URLs
 * with a per-process random key) and warns, naming the variable and why replicas need it; set, it says nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../push/child-server.js';
import { SAFEGUARDS_WAIVED } from '../production/auth-support.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'documents-production-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function startProduction(env: Record<string, string>): Promise<ChildServer> {
  // SANDBOX=on: production with the in-process simulators, so no carrier needs configuring for this test.
  return startChildServer({ NODE_ENV: 'production', ...SAFEGUARDS_WAIVED, SANDBOX: 'on', DATA_DIR: join(dataDir, String(Math.random()).slice(2)), ...env }, undefined, {
    startTimeoutMs: 90_000,
  });
}

describe('NODE_ENV=production and DOCUMENT_URL_SECRET', () => {
  it('unset: the server starts, serves /documents by signature, and warns that replicas need a shared DOCUMENT_URL_SECRET', async () => {
    const child = await startProduction({});
    try {
      const warning = child
        .output()
        .split('\n')
        .find((line) => line.includes('DOCUMENT_URL_SECRET is not set'));
      expect(warning, child.output()).toBeDefined();
      expect(warning).toContain('replicas');
      expect(JSON.parse(warning ?? '{}')).toMatchObject({ level: 40 });
      expect((await fetch(`${child.origin}/documents/doc_x`)).status).toBe(403);
    } finally {
      await child.kill();
    }
  }, 120_000);

  it('set: no warning', async () => {
    const child = await startProduction({ DOCUMENT_URL_SECRET: 'a-shared-document-url-secret-of-40-chars!' });
    try {
      expect(child.output()).not.toContain('DOCUMENT_URL_SECRET is not set');
      expect((await fetch(`${child.origin}/documents/doc_x`)).status).toBe(403);
    } finally {
      await child.kill();
    }
  }, 120_000);
});
