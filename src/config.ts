import { CARRIER_MODULES } from './carriers/registry.js';
import type { CarrierModule } from './carriers/module-contract.js';
import { composedShape, parseConfig, type Config, type ConfigResult, type ConfigSections } from './platform/config.js';

export type { CarrierSections, Config, ConfigResult, PlatformConfig } from './platform/config.js';

/**
 * The whole configuration: the platform's variables (src/platform/config.ts) and each carrier module's own section
 * with its upstreams' pool sizes, from the modules the registry lists. A start with a fourth carrier reads its
 * variables by the same path, with nothing here naming it.
 */
export function configSections(modules: readonly CarrierModule[] = CARRIER_MODULES): ConfigSections {
  return {
    carriers: modules.map((module) => module.config),
    pools: modules.flatMap((module) => module.upstreams.map((upstream) => ({ upstream: upstream.name, variable: upstream.poolVariable }))),
  };
}

/**
 * Parses the environment once at start; a missing or malformed variable stops it with one line per problem naming the
 * variable. `serves: false` is for commands that answer no request (the analytics backfill); `modules` defaults to
 * the registry's list (tests building a server with a module of their own pass theirs).
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  { serves = true, modules = CARRIER_MODULES }: { serves?: boolean; modules?: readonly CarrierModule[] } = {},
): ConfigResult {
  return parseConfig(source, configSections(modules), { serves });
}

/** Every variable the server reads with these modules (each is documented in .env.example; a test keeps them in step). */
export function configVariables(modules: readonly CarrierModule[] = CARRIER_MODULES): string[] {
  return Object.keys(composedShape(configSections(modules)));
}

export const CONFIG_VARIABLES: readonly string[] = configVariables();

/** True when none of the modules' upstreams is configured: the sandbox then stands in for all of them. */
export function noUpstreamConfigured(config: Config, modules: readonly CarrierModule[] = CARRIER_MODULES): boolean {
  return modules.every((module) => module.upstreams.every((upstream) => !upstream.configured(config)));
}
