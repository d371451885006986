/**
 * Every block of the README, run as a reader pastes it, in the README's order, against the server `npm start` runs with
 * nothing configured (sandbox mode, in process here): each GraphQL document as one request per operation (a document
 * of several operations names each, and is sent whole with the operationName, as GraphiQL and curl users do), the
 * subscriptions over graphql-ws, the shell blocks with bash (curl and `npm run subscribe` against this server), the
 * JSON example parsed. The blocks that are not commands (router configuration, the source layout) are listed by name,
 * so a new block cannot go untested unnoticed.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { startServer, type StartedServer } from '../../src/server/start.js';
import { migratedDataDir } from '../support/database.js';
import { waitFor } from '../support/wait-for.js';
import { wsClient } from '../limits/support.js';

interface Block {
  lang: string;
  body: string;
  /** The block's first line: how it is named in failures and in NOT_COMMANDS. */
  title: string;
}

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const BLOCKS: Block[] = [...README.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)].map((m) => ({ lang: m[1]!, body: m[2]!, title: m[2]!.split('\n')[0]! }));

/** Blocks that are not something to run against the server, by language and first line. */
const NOT_COMMANDS: Array<{ lang: string; startsWith: string; why: string }> = [
  { lang: 'yaml', startsWith: 'headers:', why: "Apollo Router's configuration" },
  { lang: '', startsWith: 'schema/*.graphql', why: 'the source layout' },
  { lang: 'graphql', startsWith: "# Another subgraph's schema", why: "another subgraph's type definitions (composed by test/federation/partial-carrier-key.test.ts)" },
  { lang: 'ts', startsWith: '// examples/apollo-client.ts', why: 'run by test/clients/clients.test.ts' },
  { lang: 'ts', startsWith: '// examples/urql.ts', why: 'run by test/clients/clients.test.ts' },
];

let server: StartedServer;
let root: string;

beforeAll(async () => {
  ({ root } = await migratedDataDir('readme-blocks-'));
  const loaded = loadConfig({ SANDBOX: 'on', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', DATA_DIR: root, WATCH_POLL_TICK_MS: '100' });
  if (!loaded.ok) throw new Error(loaded.problems.join('; '));
  server = await startServer({ config: loaded.config, logger: createLogger('silent') });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

async function post(query: string, operationName?: string) {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, ...(operationName ? { operationName } : {}) }),
  });
  return (await response.json()) as { data?: any; errors?: unknown[] };
}

/** Runs a GraphQL block as pasted: one request per operation, with its name when the document holds several. */
async function runGraphQL(block: Block): Promise<Record<string, any>> {
  const operations = parse(block.body).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.length > 1) {
    const anonymous = operations.filter((o) => !o.name).length;
    expect(anonymous, `${block.title}: ${anonymous} of its ${operations.length} operations have no name, so the document cannot be run as pasted`).toBe(0);
  }
  const answers: Record<string, any> = {};
  for (const operation of operations) {
    const name = operations.length > 1 ? operation.name!.value : undefined;
    const answer = await post(block.body, name);
    expect(answer.errors, `${block.title} ${name ?? ''}: ${JSON.stringify(answer.errors)}`).toBeUndefined();
    expect(answer.data, block.title).toBeTruthy();
    answers[name ?? 'default'] = answer.data;
  }
  return answers;
}

/** Runs a shell block with bash against this server until `done(stdout)` says so (then stops it); its output. */
async function runShell(block: Block, done: (stdout: string) => boolean): Promise<string> {
  const port = new URL(server.url).port;
  const script = block.body.replaceAll('localhost:4000', `127.0.0.1:${port}`);
  const child = spawn('bash', ['-c', script], {
    env: { ...process.env, GRAPHQL_WS_URL: `ws://127.0.0.1:${port}/graphql`, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitFor(() => done(stdout), { timeoutMs: 30_000, intervalMs: 50 }).catch((error: Error) => {
      throw new Error(`${block.title}: ${error.message}\nstdout: ${stdout}\nstderr: ${stderr}`);
    });
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already ended
    }
    await exited;
  }
  return stdout;
}

describe('every README block works as pasted', () => {
  it('runs them all, in order, against npm start in sandbox mode', async () => {
    const ran: string[] = [];
    let bought: { id: string; trackingNumber: string } | null = null;
    for (const block of BLOCKS) {
      const skip = NOT_COMMANDS.find((n) => n.lang === block.lang && block.body.startsWith(n.startsWith));
      if (skip) continue;
      if (block.lang === 'graphql') {
        const answers = await runGraphQL(block);
        if (block.title.startsWith('# Shipping 1.')) bought = answers['default'].createShipment.purchase.label;
      } else if (block.lang === 'sh' && block.body.includes('npm install')) {
        // The quick start installs and starts: the scripts it names exist (npm start itself is run by
        // npm-scripts.process.test.ts, npm test is this suite).
        const scripts = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts as Record<string, string>;
        for (const [, script] of block.body.matchAll(/npm (?:run )?(\w[\w:-]*)/g)) if (script !== 'install') expect(scripts, script).toHaveProperty(script!);
      } else if (block.lang === 'sh') {
        // The real-time block: curl watches a number, npm run subscribe prints its recorded scans (--cursor 0).
        const stdout = await runShell(block, (out) => out.split('\n').some((line) => line.startsWith('{"cursor"') || /"trackingNumber":"\d+"/.test(line) && !line.includes('"data"')));
        expect(stdout).toContain('"watchShipment"');
      } else if (block.lang === 'text') {
        // The subscriptions, with the label bought by "Shipping 1" in place of their placeholders.
        expect(bought, 'Shipping 1 runs before the subscriptions').not.toBeNull();
        const client = wsClient(server.url.replace(/^http/, 'ws'));
        try {
          for (const line of block.body.split('\n').filter((l) => l.startsWith('subscription'))) {
            const query = line.replace('Label:<id from createShipment>', bought!.id).replace('<trackingNumber>', bought!.trackingNumber);
            const received: unknown[] = [];
            const errors: unknown[] = [];
            const stop = client.subscribe({ query }, { next: (value) => received.push(value), error: (error) => errors.push(error), complete: () => undefined });
            // labelUpdated answers the label at once; shipmentStatusChanged is live only (nothing new may come): no error.
            await new Promise((resolve) => setTimeout(resolve, 300));
            stop();
            expect(errors, line).toEqual([]);
            if (line.includes('labelUpdated')) expect(received[0], line).toMatchObject({ data: { labelUpdated: { trackingNumber: bought!.trackingNumber } } });
          }
        } finally {
          await client.dispose();
        }
      } else if (block.lang === 'json') {
        expect(() => JSON.parse(block.body), block.title).not.toThrow();
      } else {
        throw new Error(`README block "${block.title}" (${block.lang || 'no language'}) is neither run here nor listed in NOT_COMMANDS`);
      }
      ran.push(block.title);
    }
    expect(ran.length).toBe(BLOCKS.length - NOT_COMMANDS.length);
  }, 180_000);
});
