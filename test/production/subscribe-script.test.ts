/**
 * The quick start's terminal subscriber works on any port (issue 7, item 14): `npm run subscribe` takes --url, or
 * builds the URL from PORT (as the server reads it, .env included). Before, it always dialled localhost:4000.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { waitFor } from '../support/wait-for.js';

let server: StartedServer;

beforeAll(async () => {
  const loaded = loadConfig({ SANDBOX: 'on', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', WATCHERS_ENABLED: 'false' });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  server = await startServer({ config: loaded.config, logger: createLogger('silent') });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** Runs `npm run subscribe -- <args>` until the server counts its subscription, then Ctrl-C; returns the exit code. */
async function subscribeUntilCounted(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; output: string }> {
  const before = server.statusFeed!.subscriberCount;
  const proc = spawn('npm', ['run', '--silent', 'subscribe', '--', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  try {
    await waitFor(() => server.statusFeed!.subscriberCount > before || proc.exitCode !== null, { timeoutMs: 60_000, intervalMs: 50 });
    if (proc.exitCode !== null) return { code: proc.exitCode, output };
    proc.kill('SIGINT');
    return { code: await exited, output };
  } finally {
    proc.kill('SIGKILL');
  }
}

it('npm run subscribe -- <number> --url ws://host:port/graphql subscribes at that URL and Ctrl-C ends it with 0', async () => {
  const url = `ws://127.0.0.1:${server.port}/graphql`;
  const { code, output } = await subscribeUntilCounted(['100000000003', '--url', url]);
  expect(output).toContain(`subscribed at ${url}`);
  expect(code, output).toBe(0);
}, 90_000);

it('without --url, the URL follows PORT', async () => {
  const { code, output } = await subscribeUntilCounted(['100000000003'], { PORT: String(server.port), GRAPHQL_WS_URL: '' });
  expect(output).toContain(`subscribed at ws://localhost:${server.port}/graphql`);
  expect(code, output).toBe(0);
}, 90_000);
