import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { seedDataDir } from '../support/database.js';
import { ensureBuilt } from '../production/build.js';
import { startProdNodeArgs } from '../production/node-flags.js';

/**
 * A server started as its own process (by default the compiled build, with start:prod's node command line), as an
 * operator would run a replica.
 */
export interface ChildServer {
  origin: string;
  port: number;
  process: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process exits, with its exit code (null when a signal ended it) and that signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL to the whole process group (`npm start` and tsx run the server in a child node process). */
  kill(): Promise<void>;
}

export interface ChildServerOptions {
  /**
   * The command line, as an operator would start it: `['npm', 'start']`, `['npm', 'run', 'start:prod']`,
   * `['node', 'dist/src/main.js']`. Default: the project's node with start:prod's arguments (the compiled build, built
   * first when src/ is newer than dist/): what production runs, and a start of about one second where `tsx src/main.ts`
   * transpiles for two.
   */
  command?: string[];
  /** Working directory (default: the project root, where the tests run). */
  cwd?: string;
  /** Start timeout (default 45 s). */
  startTimeoutMs?: number;
  /**
   * Start on an empty DATA_DIR as it is: PGlite's initdb and every migration in the child (tens of seconds on a busy
   * machine). By default an absent or empty DATA_DIR gets a copy of the run's migrated template first, as a directory
   * is after its first start, since few tests are about the first start.
   */
  firstStart?: boolean;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The port the server says it listens on, in its 'carrier-subgraph ready' line (JSON or pretty). */
function readyPort(output: string): number | null {
  const at = output.indexOf('carrier-subgraph ready');
  if (at === -1) return null;
  const ports = [...output.matchAll(/http:\/\/127\.0\.0\.1:(\d+)\/healthz/g)];
  const last = ports.at(-1);
  return last ? Number(last[1]) : null;
}

/**
 * Starts the server as its own process. Without `port` it listens on port 0 and the port is read from its ready line:
 * a port picked beforehand and handed over can be taken by another process in between (four workers open sockets all
 * the time). Pass `port` only when a test restarts a server on the same port.
 */
export async function startChildServer(env: Record<string, string>, port?: number, options: ChildServerOptions = {}): Promise<ChildServer> {
  let listenPort = port ?? 0;
  if (!options.command) await ensureBuilt();
  const [command, ...args] = options.command ?? [resolve('node_modules/.bin/node'), ...startProdNodeArgs()];
  const dataDir = env['DATA_DIR'];
  if (!options.firstStart && dataDir && !dataDir.startsWith('memory://') && !env['DATABASE_URL']) {
    await seedDataDir(options.cwd ? resolve(options.cwd, dataDir) : dataDir);
  }
  const proc = spawn(command!, args, {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: String(listenPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let output = '';
  proc.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      // A server that did not come up in time must not outlive the test: kill its whole process group.
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      reject(new Error(`server did not start:\n${output}`));
    }, options.startTimeoutMs ?? 45_000);
    proc.stdout!.on('data', () => {
      const ready = readyPort(output);
      if (ready !== null) {
        listenPort = port ?? ready;
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}):\n${output}`));
    });
  });
  return {
    origin: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    process: proc,
    output: () => output,
    exited,
    async kill() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {
        return;
      }
      await exited;
    },
  };
}
