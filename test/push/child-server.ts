import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A server started as its own process (`tsx src/main.ts`), as an operator would run a replica. */
export interface ChildServer {
  origin: string;
  port: number;
  process: ChildProcess;
  /** SIGKILL to the whole process group (tsx runs the server in a child node process). */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startChildServer(env: Record<string, string>, port?: number): Promise<ChildServer> {
  const listenPort = port ?? (await freePort());
  const proc = spawn('node_modules/.bin/tsx', ['src/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: String(listenPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('carrier-subgraph ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return {
    origin: `http://127.0.0.1:${listenPort}`,
    port: listenPort,
    process: proc,
    async kill() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {
        return;
      }
      await exited;
    },
  };
}
