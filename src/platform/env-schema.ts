import { z } from 'zod';

/**
 * The value shapes every configuration section uses (the platform's in config.ts, each carrier's in its own folder),
 * so a flag, a duration or a URL reads and fails the same way whoever declares it.
 */
export const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
export const ms = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);
export const positive = (fallback: number) => z.coerce.number().int().positive().default(fallback);
export const optionalPositive = z.coerce.number().int().positive().optional();
export const url = z.url({ protocol: /^https?$/ });
export const list = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean));
export const optionalText = z.string().trim().min(1).optional();
export const decimalAmount = (fallback: string) =>
  z.string().trim().regex(/^\d{1,9}(\.\d{1,4})?$/, 'a non-negative decimal amount such as 0.30').default(fallback);
export const headerName = z.string().regex(/^[A-Za-z0-9-]+$/, 'an HTTP header name');

/** Setting any variable of a group makes every other one of it required (a base URL and its credentials). */
export interface RequiredGroup {
  base: string;
  required: string[];
}

/**
 * The variables one part of the service reads: its zod shape (each key a full variable name), the groups whose
 * members come together, and checks across its variables. Problems are reported as `VARIABLE: what is wrong`.
 */
export interface EnvSection {
  /** Every variable of the section starts with it (a carrier's `CARRIER_B_`); checked when the schema is composed. */
  readonly prefix: string;
  readonly shape: z.ZodRawShape;
  readonly groups?: readonly RequiredGroup[];
}

/** Lines naming each missing member of a group any of whose members is set. */
export function groupProblems(groups: readonly RequiredGroup[], cleaned: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  // Missing members are reported beside malformed values, so one start names every problem at once.
  for (const group of groups) {
    const setKeys = [group.base, ...group.required].filter((key) => cleaned[key] !== undefined);
    if (setKeys.length === 0) continue;
    for (const key of [group.base, ...group.required]) {
      if (cleaned[key] === undefined) problems.push(`${key}: required when ${setKeys[0]} is set`);
    }
  }
  return problems;
}

/**
 * A section's type as its `read` builds it, with the members that may be undefined made optional (configurations
 * built by hand in tests leave those out). Keeps each carrier setting written twice (schema, read), not three times.
 */
export type SectionOf<T> = T extends null | undefined
  ? never
  : { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & { [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined> };
