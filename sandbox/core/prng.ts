/**
 * Deterministic randomness. Every sandbox datum and every injected fault comes from a seeded generator, so the same
 * sandbox seed gives the same shipments and the same fault sequence on every run (tests can compare answers).
 */

/** cyrb53-style 32-bit hash of the joined parts; stable across platforms and Node versions. */
export function hash32(...parts: readonly string[]): number {
  const text = parts.join('\u241f');
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** A small seeded generator (mulberry32) with the helpers the data builders need. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Generator seeded from a hash of the parts, e.g. `Rng.of(seed, 'carrierB', trackingNumber)`. */
  static of(...parts: readonly string[]): Rng {
    return new Rng(hash32(...parts));
  }

  /** The generator's state, to resume it later (a sandbox restarted on its saved state). */
  saved(): number {
    return this.state;
  }

  /** A generator continuing from a `saved()` state. */
  static resume(state: number): Rng {
    return new Rng(state);
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform float in [min, max). */
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick on an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** A string of `length` decimal digits. */
  digits(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += String(this.int(0, 9));
    return out;
  }

  /** A lowercase hex string of `length` characters (transaction ids). */
  hex(length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += this.int(0, 15).toString(16);
    return out;
  }
}

/** A version-4-shaped uuid drawn from `rng`, so transaction ids repeat with the seed. */
export function uuidFrom(rng: Rng): string {
  const h = rng.hex(32);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
