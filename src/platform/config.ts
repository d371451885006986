import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { authProblems } from './auth-config.js';
import { toPlatformConfig } from './config-read.js';
import { platformEnvShape } from './config-schema.js';
import { type EnvSection, groupProblems, optionalPositive, type RequiredGroup } from './env-schema.js';

/**
 * Configuration comes from the environment only, parsed once at start. A missing or malformed variable stops the
 * start with one line per problem naming the variable. This file holds what is not a carrier's: the platform's
 * variables (config-schema.ts, read in config-read.ts) and the rules that compose them with each carrier module's own
 * section (src/carriers/<name>/config.ts; src/config.ts lists them from the registry).
 */

/** The configuration of everything that is not a carrier (its type follows from config-read.ts). */
export type PlatformConfig = ReturnType<typeof toPlatformConfig>;

/**
 * Each carrier module adds its section(s) to this interface from its own config.ts (declaration merging), so the
 * platform names no carrier and `config.<section>` is typed wherever it is read.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CarrierSections {}

export interface Config extends PlatformConfig, CarrierSections {}

/** The analytics bridge: where shipment lifecycle events are exported (src/services/analytics/). */
export type AnalyticsConfig = NonNullable<PlatformConfig['analytics']>;

/** How long each kind of row is kept, and how the retention job purges (src/services/retention). */
export type RetentionConfig = PlatformConfig['retention'];

/**
 * A carrier's configuration section: its variables (every one under `prefix`), the groups that come together (a base
 * URL and its credentials), and how the parsed values become its section(s) of Config (null when not configured).
 */
export interface CarrierConfigSection<Shape extends z.ZodRawShape = z.ZodRawShape> extends EnvSection {
  readonly shape: Shape;
  read(env: z.output<z.ZodObject<Shape>>): Partial<CarrierSections>;
}

/** One upstream's own pool-size variable (UPSTREAM_POOL_CONNECTIONS_<NAME>), declared by the module that opens it. */
export interface PoolVariable {
  upstream: string;
  variable: string;
}

export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

export interface ConfigSections {
  carriers: readonly CarrierConfigSection[];
  pools: readonly PoolVariable[];
}

/** The platform's own groups: setting the first member of a group makes the others required. */
const PLATFORM_GROUPS: readonly RequiredGroup[] = [
  // All three together: export is on exactly when the bridge is configured.
  { base: 'ANALYTICS_BRIDGE_BASE_URL', required: ['ANALYTICS_PROJECT_TOKEN', 'ANALYTICS_SERVER_KEY'] },
  // Both or neither: either one set makes the other required (one line, not one per direction).
  { base: 'WEBHOOK_TLS_CERT_FILE', required: ['WEBHOOK_TLS_KEY_FILE'] },
];

const POOL_PREFIX = 'UPSTREAM_POOL_CONNECTIONS_';

/** The whole schema: the platform's variables, then each carrier's, then the upstreams' pool sizes. */
export function composedShape(sections: ConfigSections): z.ZodRawShape {
  const shape: Record<string, z.ZodType> = { ...platformEnvShape };
  const add = (key: string, schema: z.ZodType, owner: string) => {
    // Defect guards: a section's variable outside its prefix, or two owners of one name, is a bug, not a setting.
    if (key in shape) throw new Error(`configuration: ${key} is declared twice (${owner})`);
    shape[key] = schema;
  };
  for (const section of sections.carriers) {
    for (const [key, schema] of Object.entries(section.shape)) {
      if (!key.startsWith(section.prefix)) throw new Error(`configuration: ${key} is outside its section's prefix ${section.prefix}`);
      add(key, schema as z.ZodType, section.prefix);
    }
  }
  for (const pool of sections.pools) {
    if (!pool.variable.startsWith(POOL_PREFIX)) throw new Error(`configuration: ${pool.variable} must start with ${POOL_PREFIX}`);
    add(pool.variable, optionalPositive, pool.upstream);
  }
  return shape;
}

/**
 * `serves: false` is for commands that answer no request (the analytics backfill): the production rules about who may
 * reach /graphql (auth-config.ts) do not apply to them; every value is still checked.
 */
export function parseConfig(
  source: Record<string, string | undefined>,
  sections: ConfigSections,
  { serves = true }: { serves?: boolean } = {},
): ConfigResult {
  // An empty variable counts as unset, as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;
  const parsed = withoutJit(() => z.object(composedShape(sections)).safeParse(cleaned));
  const problems = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
  problems.push(...groupProblems([...sections.carriers.flatMap((s) => s.groups ?? []), ...PLATFORM_GROUPS], cleaned));
  problems.push(...tlsFileProblems(cleaned['WEBHOOK_TLS_CERT_FILE']?.trim(), cleaned['WEBHOOK_TLS_KEY_FILE']?.trim()));
  const env = parsed.success ? (parsed.data as Record<string, unknown>) : null;
  // The holder refreshes at least twice per stale window, so a live one never looks stale to another host.
  if (env && (env['DATA_DIR_LOCK_CHECK_MS'] as number) * 2 >= (env['DATA_DIR_LOCK_STALE_MS'] as number)) {
    problems.push('DATA_DIR_LOCK_CHECK_MS: must be under half of DATA_DIR_LOCK_STALE_MS');
  }
  problems.push(...authProblems(cleaned, { serves }));
  if (!env || problems.length > 0) return { ok: false, problems };
  const platform = toPlatformConfig(env as z.output<z.ZodObject<typeof platformEnvShape>>);
  const pools = sections.pools.filter((p) => env[p.variable] !== undefined).map((p) => [p.upstream, env[p.variable] as number] as const);
  // Each section's read fills its members of CarrierSections (the type cannot see which module declared which).
  const config = { ...platform, http: { ...platform.http, poolConnectionsByUpstream: Object.fromEntries(pools) } } as Config;
  for (const section of sections.carriers) Object.assign(config, section.read(env as never));
  return { ok: true, config };
}

/**
 * zod compiles an object schema's parser (`new Function`) on its first parse, which pays for a schema parsed many
 * times. The configuration's schema is built and parsed once a process, so it is parsed without (zod's `jitless`,
 * process-wide, set back right after): about 3 ms instead of 9-12 ms of a start. The upstream answers' schemas, parsed
 * on every call, keep their compiled parsers.
 */
function withoutJit<T>(parse: () => T): T {
  const previous = z.config().jitless;
  z.config({ jitless: true });
  try {
    return parse();
  } finally {
    z.config({ jitless: previous });
  }
}

/**
 * How many connections one upstream's pool may open: its own variable when set, else `ownDefault` where the upstream
 * has a smaller rule of its own (the dark store: one health read at a time, 2), else UPSTREAM_POOL_CONNECTIONS.
 */
export function poolConnectionsFor(http: Config['http'], upstream: string, ownDefault?: number): number {
  return http.poolConnectionsByUpstream?.[upstream] ?? ownDefault ?? http.poolConnections;
}

/**
 * WEBHOOK_TLS_CERT_FILE / WEBHOOK_TLS_KEY_FILE are read now, so an unreadable file, a file that is not a PEM
 * certificate or unencrypted private key, or a key that does not belong to the certificate stops the start with a
 * line naming the variable instead of an OpenSSL or ENOENT stack once everything else is up. The key's content is
 * never quoted.
 */
function tlsFileProblems(certFile: string | undefined, keyFile: string | undefined): string[] {
  const problems: string[] = [];
  const read = (variable: string, path: string): Buffer | null => {
    try {
      return readFileSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'a directory, not a file' : (code ?? 'unreadable');
      problems.push(`${variable}: cannot read ${path} (${reason})`);
      return null;
    }
  };
  const certPem = certFile ? read('WEBHOOK_TLS_CERT_FILE', certFile) : null;
  const keyPem = keyFile ? read('WEBHOOK_TLS_KEY_FILE', keyFile) : null;
  let cert: X509Certificate | null = null;
  if (certPem) {
    try {
      cert = new X509Certificate(certPem);
    } catch {
      problems.push(`WEBHOOK_TLS_CERT_FILE: ${certFile} is not a PEM certificate`);
    }
  }
  let key: KeyObject | null = null;
  if (keyPem) {
    try {
      key = createPrivateKey(keyPem);
    } catch {
      problems.push(`WEBHOOK_TLS_KEY_FILE: ${keyFile} is not an unencrypted PEM private key`);
    }
  }
  if (cert && key && !cert.checkPrivateKey(key)) {
    problems.push(`WEBHOOK_TLS_KEY_FILE: the key in ${keyFile} does not belong to the certificate in ${certFile}`);
  }
  return problems;
}
