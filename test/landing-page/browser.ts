/**
 * A real headless Chromium (Debian's package) for the landing-page test, with no network but this machine's loopback:
 * every request to anywhere else is refused and recorded, so a test can assert none was attempted.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const CHROMIUM = '/usr/bin/chromium';

/**
 * Whether Chromium is here, after running scripts/install-chromium.sh when it is not (as `npm test`'s pretest does);
 * `reason` says why not otherwise, for the skip message.
 */
export function chromiumAvailable(): { ok: true } | { ok: false; reason: string } {
  if (existsSync(CHROMIUM)) return { ok: true };
  const install = spawnSync('bash', ['scripts/install-chromium.sh'], { encoding: 'utf8', timeout: 600_000 });
  if (existsSync(CHROMIUM)) return { ok: true };
  return {
    ok: false,
    reason: `${CHROMIUM} is missing and scripts/install-chromium.sh could not install it (exit ${install.status}): ${(install.stderr || install.stdout || String(install.error)).trim().split('\n').slice(-3).join(' | ')}`,
  };
}

export interface OfflineBrowser {
  browser: Browser;
  page: Page;
  /** Every request the page tried outside 127.0.0.1 (refused). */
  blocked: string[];
  close(): Promise<void>;
}

export async function offlineBrowser(): Promise<OfflineBrowser> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'carrier-subgraph-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${userDataDir}`,
    ],
  });
  const blocked: string[] = [];
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1400, height: 900 });
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const url = new URL(request.url());
      // The page's own blobs (GraphiQL's editor workers) and inline data are not the network.
      const local = url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1';
      if (local) void request.continue();
      else {
        blocked.push(request.url());
        void request.abort('internetdisconnected');
      }
    });
    return {
      browser,
      page,
      blocked,
      async close() {
        await browser.close();
        await rm(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser.close();
    await rm(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
