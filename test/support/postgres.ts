/**
 * A real, throwaway PostgreSQL server for the test suite, built from the machine's own binaries: initdb into a fresh
 * temp dir, listen on 127.0.0.1 on a port the OS says is free, fsync off. Used by global-setup.ts (one server per
 * run); each test file then takes its own database with createTestDatabase().
 * initdb and postgres refuse to run as root, and CI runs as root: then the binaries run as the `postgres` OS user.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

export interface PostgresServer {
  /** Superuser URL of the `postgres` database, trust auth, e.g. postgres://postgres@127.0.0.1:54321/postgres */
  url: string;
  stop(): Promise<void>;
  /** For process 'exit' handlers, where nothing async runs. */
  stopSync(): void;
}

interface RunAs {
  uid: number;
  gid: number;
}

/** The newest server bin dir: $PG_BINDIR, then `pg_config --bindir`, then /usr/lib/postgresql/<version>/bin. */
export function findPostgresBinDir(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // pg_config missing (or libpq-dev only): fall through to the Debian layout.
  }
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => join(debianRoot, v, 'bin')));
  }
  // pg_config from libpq-dev alone names /usr/bin, which has psql but no initdb: require the server binaries.
  return candidates.find((dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')));
}

/** When root, the uid/gid to drop to (creating a `postgres` system user if the machine has none). */
function unprivilegedUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  let entry = passwdEntry('postgres');
  if (!entry) {
    try {
      execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'ignore' });
    } catch (err) {
      throw new Error(`tests run as root, and initdb refuses root; no 'postgres' user exists and useradd failed: ${String(err)}`);
    }
    entry = passwdEntry('postgres');
    if (!entry) throw new Error("created the 'postgres' user but cannot find it in /etc/passwd");
  }
  return entry;
}

function passwdEntry(user: string): RunAs | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${user}:`));
  const fields = line?.split(':');
  if (!fields?.[2] || !fields[3]) return undefined;
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

/** Node drops to uid/gid itself (and clears supplementary groups), so neither runuser nor su is needed. */
async function run(binary: string, args: string[], as: RunAs | undefined): Promise<void> {
  await execFileAsync(binary, args, { ...as, env: { ...process.env, LC_ALL: 'C' }, timeout: 120_000 });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('the OS gave no port'))));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    throw new Error(
      'No PostgreSQL server binaries (initdb, pg_ctl) found via $PG_BINDIR, pg_config --bindir or /usr/lib/postgresql/*/bin. ' +
        'The store tests need a real PostgreSQL: run `bash scripts/install-postgres.sh` (apt-get install postgresql), ' +
        'or set TEST_DATABASE_URL to an existing server.',
    );
  }
  const as = unprivilegedUser();
  const root = await mkdtemp(join(tmpdir(), 'carrier-pg-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'postgres.log');
  const pgCtl = join(binDir, 'pg_ctl');
  try {
    if (as) await chown(root, as.uid, as.gid);
    await run(join(binDir, 'initdb'), ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], as);
    const port = await startOnFreePort(pgCtl, dataDir, root, logFile, as);
    let stopped = false;
    const stopArgs = ['-D', dataDir, '-m', 'immediate', '-w', 'stop'];
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        if (stopped) return;
        stopped = true;
        await run(pgCtl, stopArgs, as).catch(() => undefined);
        await rm(root, { recursive: true, force: true });
      },
      stopSync() {
        if (stopped) return;
        stopped = true;
        spawnSync(pgCtl, stopArgs, { ...as, stdio: 'ignore' });
        spawnSync('rm', ['-rf', root], { stdio: 'ignore' });
      },
    };
  } catch (err) {
    const log = await readFile(logFile, 'utf8').catch(() => '');
    await rm(root, { recursive: true, force: true });
    throw new Error(`could not start a test PostgreSQL from ${binDir}: ${String(err)}\n${log.slice(-2000)}`, { cause: err });
  }
}

/* Another process can take the port between our probe and postgres binding it: try a few. */
async function startOnFreePort(pgCtl: string, dataDir: string, socketDir: string, logFile: string, as: RunAs | undefined): Promise<number> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const port = await freePort();
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-k ${socketDir}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    try {
      await run(pgCtl, ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start'], as);
      return port;
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

/** A new, empty database on the server at `baseUrl`; returns its URL. One per test file keeps files independent. */
export async function createTestDatabase(baseUrl: string): Promise<string> {
  return createDatabase(baseUrl, null);
}

/** A new database on the server at `baseUrl` cloned from `template` (CREATE DATABASE ... TEMPLATE); returns its URL. */
export async function createTestDatabaseFrom(baseUrl: string, template: string): Promise<string> {
  return createDatabase(baseUrl, template);
}

async function createDatabase(baseUrl: string, template: string | null): Promise<string> {
  const name = `test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
