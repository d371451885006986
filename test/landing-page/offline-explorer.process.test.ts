/**
 * The landing page works offline: in development (`npm start`'s NODE_ENV), GET /graphql in a browser serves GraphiQL
 * bundled from npm, which loads with no network at all (every request to anywhere but 127.0.0.1 is refused and
 * recorded: none may be attempted), runs the query it opens with and shows the answer. A real headless Chromium
 * (Debian's package), the server as its own process; a screenshot is saved under the OS temp dir and its path printed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, type ChildServer } from '../push/child-server.js';
import { chromiumAvailable, offlineBrowser } from './browser.js';

const chromium = chromiumAvailable();
if (!chromium.ok) console.warn(`SKIPPED: the offline landing-page browser test needs Chromium. ${chromium.reason}`);

let server: ChildServer | null = null;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'carrier-subgraph-landing-'));
  server = await startChildServer({ NODE_ENV: 'development', SANDBOX: 'on', DATA_DIR: dataDir, WATCHERS_ENABLED: 'false' }, undefined, { startTimeoutMs: 90_000 });
}, 120_000);
afterAll(async () => {
  await server?.kill();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the development landing page', () => {
  it('the HTML names no URL outside the server (no CDN script, stylesheet, font or image)', async () => {
    const page = await fetch(`${server!.origin}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    // What a browser would fetch by itself: src/href attributes, CSS url() and @import.
    const fetched = [
      ...html.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)["']/gi),
      ...html.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/gi),
      ...html.matchAll(/@import\s+["']([^"']+)["']/gi),
    ].map((m) => m[1]!);
    expect(fetched.filter((url) => /^(https?:)?\/\//i.test(url))).toEqual([]);
    expect(html).not.toMatch(/apollo-server-landing-page|embeddable-sandbox|fonts\.googleapis|cdn\./i);
  });

  it.skipIf(!chromium.ok)('loads in Chromium with no network, runs its query and shows the answer (screenshot saved)', async () => {
    const browser = await offlineBrowser();
    try {
      const { page, blocked } = browser;
      await page.goto(`${server!.origin}/graphql`, { waitUntil: 'load', timeout: 60_000 });
      const run = await page.waitForSelector('.graphiql-execute-button', { timeout: 30_000 });
      // The editor opens with the query below once its schema is loaded (introspection over the same origin).
      await page.waitForFunction(() => document.body.innerText.includes('DeliveredShipment'), { timeout: 30_000 });
      await run!.click();
      await page.waitForFunction(() => document.body.innerText.includes('"DELIVERED"'), { timeout: 30_000 });
      const screenshot = join(tmpdir(), `carrier-subgraph-landing-page-${Date.now()}.png`);
      await page.screenshot({ path: screenshot, fullPage: true });
      console.log(`landing page screenshot: ${screenshot}`);
      expect(blocked).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
