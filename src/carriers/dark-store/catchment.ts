import { readFileSync } from 'node:fs';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import type { DarkStoreConfig } from './config.js';

/**
 * The catchment: the pincodes the dark stores serve (seed 002 A: "An order is routed to the network when the buyer's
 * pincode lies in a served catchment"; the brand and the provider "agree pincodes" at onboarding, no interface
 * publishes them). So it is configuration: DARK_STORE_PINCODES (comma-separated) and DARK_STORE_PINCODES_FILE (one
 * per line, `#` starts a comment), merged, checked at start. docs/assumptions.md DS4.
 */
export class Catchment {
  private readonly pincodes: ReadonlySet<string>;

  constructor(
    readonly country: string,
    pincodes: Iterable<string>,
  ) {
    this.pincodes = new Set(pincodes);
  }

  get size(): number {
    return this.pincodes.size;
  }

  /** Whether a destination postal code of the store's country lies in the catchment (`560 001` reads as `560001`). */
  serves(postalCode: string | null): boolean {
    if (postalCode === null) return false;
    return this.pincodes.has(normalisePincode(postalCode, this.country));
  }

  list(): string[] {
    return [...this.pincodes].sort();
  }
}

/** The catchment configuration is wrong; every problem names its variable (and the file line). */
export class CatchmentConfigError extends Error {
  override readonly name = 'CatchmentConfigError';
  constructor(readonly problems: string[]) {
    super(`dark-store catchment: ${problems.join('; ')}`);
  }
}

export type CatchmentSources = Pick<DarkStoreConfig, 'pincodes' | 'pincodesFile' | 'country'>;

/** Reads both sources; throws CatchmentConfigError listing every bad entry, an unreadable file, or an empty catchment. */
export function loadCatchment(sources: CatchmentSources, readFile: (path: string) => string = (path) => readFileSync(path, 'utf8')): Catchment {
  const problems: string[] = [];
  const pincodes: string[] = [];
  const take = (raw: string, where: string) => {
    const pincode = normalisePincode(raw, sources.country);
    if (isPincodeOf(pincode, sources.country)) pincodes.push(pincode);
    else problems.push(`${where}: '${raw.slice(0, 40)}' is not ${shapeOf(sources.country)}`);
  };
  if (sources.pincodes !== null) {
    sources.pincodes
      .split(',')
      .map((entry) => entry.trim())
      .forEach((entry, i) => {
        if (entry !== '') take(entry, `DARK_STORE_PINCODES (entry ${i + 1})`);
      });
  }
  if (sources.pincodesFile !== null) {
    let text: string | null = null;
    try {
      text = readFile(sources.pincodesFile);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      problems.push(`DARK_STORE_PINCODES_FILE: cannot read ${sources.pincodesFile} (${code === 'ENOENT' ? 'no such file' : (code ?? 'unreadable')})`);
    }
    text?.split(/\r?\n/).forEach((line, i) => {
      const entry = line.replace(/#.*$/, '').trim();
      if (entry !== '') take(entry, `DARK_STORE_PINCODES_FILE line ${i + 1}`);
    });
  }
  if (problems.length === 0 && pincodes.length === 0) {
    problems.push('DARK_STORE_PINCODES or DARK_STORE_PINCODES_FILE: required when DARK_STORE_BASE_URL is set (the catchment has no pincode)');
  }
  if (problems.length > 0) throw new CatchmentConfigError(problems);
  return new Catchment(sources.country, pincodes);
}

/** Upper case, no spaces inside (Indian PINs are often written `560 001`). */
export function normalisePincode(value: string, _country: string): string {
  return value.trim().replace(/\s+/g, '').toUpperCase();
}

/**
 * India: six digits, the first 1-9 (the PIN's first digit is its region; none is 0). Elsewhere the country's postal
 * code shape from postcode-validator, or 2-10 letters and digits when it knows none.
 */
export function isPincodeOf(pincode: string, country: string): boolean {
  if (country === 'IN') return /^[1-9]\d{5}$/.test(pincode);
  if (postcodeValidatorExistsForCountry(country)) return postcodeValidator(pincode, country);
  return /^[A-Z0-9-]{2,10}$/.test(pincode);
}

function shapeOf(country: string): string {
  return country === 'IN' ? 'a 6-digit Indian PIN (first digit 1-9)' : `a postal code of ${country}`;
}
