import { createHash } from 'node:crypto';
import type { RateRequest } from '../../domain/rating.js';

/**
 * The identity of a validated rate request for coalescing and caching: canonical JSON (keys sorted at every level,
 * so two requests that differ only in the order a client wrote its fields are one), hashed so a key stays short and
 * holds no address text in memory dumps. Filters and strategy are not part of it: they choose among and order the
 * same carrier answers, so a FASTEST request after a CHEAPEST one reuses the quotes.
 */
export function rateRequestKey(request: RateRequest): string {
  return createHash('sha256').update(canonicalJson(request)).digest('base64url');
}

/**
 * JSON with every object's keys in code-unit order and undefined members left out. Built by concatenation: one shop
 * computes it once, and the map, filter, sort and join over entries it was written with allocated about a twentieth
 * of a rate shop's memory.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
    return `${out}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    let out = '{';
    for (const key of Object.keys(record).sort()) {
      const member = record[key];
      if (member === undefined) continue;
      out += `${out.length === 1 ? '' : ','}${JSON.stringify(key)}:${canonicalJson(member)}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value ?? null);
}
