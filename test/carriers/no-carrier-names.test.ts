/**
 * Services, resolvers, store and server name no carrier and no division: what differs per carrier is asked of its
 * module (src/carriers/<name>), through the registry. This reads every .ts file under those folders, comments
 * removed, and fails on any carrier or division name outside the allow-list below (each entry with its reason).
 * SQL migrations are history (applied as written) and are not read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['src/services', 'src/graphql', 'src/store', 'src/server'];

/**
 * Carrier names as code writes them: enum values, interface names, configuration sections, the names in messages, and
 * division names as string values. Chosen so a word that only looks alike does not match: the `express` package is an
 * import specifier (dropped before matching), `ecommerceIdType` is a field of the schema, not a division value.
 */
const NAMES = new RegExp(
  [
    String.raw`\b(?:CARRIER_B|GROUP_A|DARK_STORE|TEST_FOURTH)\b`,
    String.raw`\b(?:carrier-b|group-a|dark-store|test-fourth)\b`,
    String.raw`\b(?:carrierB|groupA[A-Z]\w*|darkStore\w*)\b`,
    String.raw`\b(?:Group A|Carrier B)\b`,
    String.raw`['"\x60](?:express|ecommerce|e-commerce|freight|parcel-\w+)['"\x60]`,
    String.raw`\be-commerce\b`,
  ].join('|'),
  'g',
);

const PROMISE = "the schema's delivery promise names the dark store (DeliveryPromise.darkStore, Query.darkStoreHealth): an API feature, not a carrier rule";

/**
 * Files that may still name a carrier, and why.
 */
const ALLOWED: Record<string, string> = {
  'src/graphql/inputs/landed-cost.ts': "the input field `freight` (the freight charge declared for duties), not the freight division",
  'src/services/promise/delivery-promise-service.ts': PROMISE,
  'src/services/promise/types.ts': PROMISE,
  'src/graphql/resolvers/promise.ts': PROMISE,
  'src/server/landing-page.ts': "the landing page's example query (a shipment the sandbox always knows): text shown to a person, not a rule",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The code of a file: block and line comments blanked, import specifiers dropped (the `express` package). */
export function codeOf(text: string): string[] {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .split('\n')
    .map((line) => line.replace(/(^|\s)\/\/.*$/, '$1').replace(/\b(from|import)\s*\(?\s*(['"])[^'"]+\2/g, '$1'));
}

/** `file:line: name` for every carrier or division name in code. */
export function carrierNames(file: string, text: string): string[] {
  return codeOf(text).flatMap((line, index) => [...line.matchAll(NAMES)].map((match) => `${file}:${index + 1}: ${match[0]}`));
}

describe('services, resolvers, store and server name no carrier (each carrier is a module)', () => {
  it('no carrier or division name appears in code under src/services, src/graphql, src/store or src/server outside the allow-list', () => {
    const files = SCANNED.flatMap(sourceFiles).map((file) => relative(ROOT, join(ROOT, file)));
    expect(files.length).toBeGreaterThan(50);
    const found = files.filter((file) => !(file in ALLOWED)).flatMap((file) => carrierNames(file, readFileSync(join(ROOT, file), 'utf8')));
    expect(found, 'carrier names in code: ask the carrier module (src/carriers/types.ts CarrierModule) instead').toEqual([]);
  });

  it('every allow-list entry is a file that exists and still names a carrier (a stale entry is removed)', () => {
    for (const [file, reason] of Object.entries(ALLOWED)) {
      expect(reason.length, file).toBeGreaterThan(10);
      expect(carrierNames(file, readFileSync(join(ROOT, file), 'utf8')).length, `${file} names no carrier any more: remove its entry`).toBeGreaterThan(0);
    }
  });

  it('the check finds what it must and ignores comments, import specifiers and look-alikes', () => {
    const text = [
      "import express from 'express';",
      '// Carrier B takes 30 numbers a call',
      '/** GROUP_A only */',
      "const ok = request.ecommerceIdType === 'PACKAGE_ID';",
      "if (request.carrier === 'CARRIER_B') size = 30;",
      "if (route.name === 'group-a/tracking') return;",
      "const d = request.division === 'express';",
      'const c = config.carrierB;',
      "throw new Error('Group A push is not configured');",
    ].join('\n');
    expect(carrierNames('example.ts', text)).toEqual([
      'example.ts:5: CARRIER_B',
      'example.ts:6: group-a',
      "example.ts:7: 'express'",
      'example.ts:8: carrierB',
      'example.ts:9: Group A',
    ]);
  });
});
