import { describe, expect, it } from 'vitest';
import { DocumentLinks, documentLinksFrom } from '../../src/services/shipping/document-links.js';

const SECRET = 'a-document-url-secret-of-32-chars!!';
const ID = 'doc_q1w2e3r4t5y6u7i8o9p0aa';

function linksAt(clock: { ms: number }, secret = SECRET, baseUrl = 'https://subgraph.example'): DocumentLinks {
  return new DocumentLinks({ secret, ttlSeconds: 900, baseUrl, now: () => clock.ms });
}

/** The id, `expires` and `signature` of a signed URL, as the route reads them. */
function partsOf(url: string): { id: string; expires: string; signature: string } {
  const parsed = new URL(url);
  return {
    id: decodeURIComponent(parsed.pathname.split('/').at(-1) ?? ''),
    expires: parsed.searchParams.get('expires') ?? '',
    signature: parsed.searchParams.get('signature') ?? '',
  };
}

describe('signed document URLs', () => {
  it('a signed URL is absolute, under /documents/{id}, expires after the TTL and verifies', () => {
    const clock = { ms: Date.UTC(2026, 10, 25, 8, 0, 0) };
    const links = linksAt(clock);
    const signed = links.sign(ID);
    expect(signed.url.startsWith(`https://subgraph.example/documents/${ID}?expires=`)).toBe(true);
    expect(signed.expiresAt.getTime()).toBe(clock.ms + 900_000);
    const { id, expires, signature } = partsOf(signed.url);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(links.verify(id, expires, signature)).toEqual({ ok: true, expiresAt: clock.ms + 900_000 });
  });

  it('a tampered id is a bad signature', () => {
    const links = linksAt({ ms: Date.now() });
    const { expires, signature } = partsOf(links.sign(ID).url);
    expect(links.verify(`${ID.slice(0, -1)}b`, expires, signature)).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  it('another spelling of the same HMAC (the last character\'s 2 unused bits changed) is a bad signature', () => {
    const links = linksAt({ ms: Date.now() });
    const { id, expires, signature } = partsOf(links.sign(ID).url);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1)!);
    // The 43rd character holds the HMAC's last 4 bits in its high bits; its low 2 bits are padding.
    const respelled = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(respelled, 'base64url').equals(Buffer.from(signature, 'base64url'))).toBe(true);
    expect(links.verify(id, expires, respelled)).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    expect(links.verify(id, expires, signature).ok).toBe(true);
  });

  it('a tampered expiry (moved later) is a bad signature, not a longer life', () => {
    const links = linksAt({ ms: Date.now() });
    const { id, expires, signature } = partsOf(links.sign(ID).url);
    expect(links.verify(id, String(Number(expires) + 3600), signature)).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  it('a URL past its expiry is EXPIRED (only once the signature is ours)', () => {
    const clock = { ms: Date.now() };
    const links = linksAt(clock);
    const { id, expires, signature } = partsOf(links.sign(ID).url);
    clock.ms += 899_000;
    expect(links.verify(id, expires, signature).ok).toBe(true);
    clock.ms += 1_000;
    expect(links.verify(id, expires, signature)).toEqual({ ok: false, reason: 'EXPIRED' });
    // A forged signature on an expired URL says nothing about expiry.
    expect(links.verify(id, expires, 'A'.repeat(43))).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  it('a URL signed with another secret (another replica without the shared secret) is a bad signature', () => {
    const clock = { ms: Date.now() };
    const { id, expires, signature } = partsOf(linksAt(clock, 'another-secret-of-at-least-32-characters').sign(ID).url);
    expect(linksAt(clock).verify(id, expires, signature)).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  it('a missing or malformed expiry or signature is a bad signature', () => {
    const links = linksAt({ ms: Date.now() });
    const { id, expires, signature } = partsOf(links.sign(ID).url);
    expect(links.verify(id, undefined, signature).ok).toBe(false);
    expect(links.verify(id, expires, undefined).ok).toBe(false);
    expect(links.verify(id, ['1', '2'], signature).ok).toBe(false);
    expect(links.verify(id, `${expires}.0`, signature).ok).toBe(false);
    expect(links.verify(id, expires, `${signature}=`).ok).toBe(false);
    expect(links.verify(id, expires, signature.slice(1)).ok).toBe(false);
  });

  it('without DOCUMENT_URL_SECRET a random per-process key signs, with a warning naming the variable', () => {
    const warnings: unknown[][] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) };
    const settings = { urlSecret: null, urlTtlSeconds: 60, publicBaseUrl: null };
    const first = documentLinksFrom(settings, () => 'http://127.0.0.1:4000', logger);
    const second = documentLinksFrom(settings, () => 'http://127.0.0.1:4000', logger);
    expect(warnings).toHaveLength(2);
    expect(JSON.stringify(warnings[0])).toContain('DOCUMENT_URL_SECRET');
    const signed = first.sign(ID);
    expect(signed.url.startsWith(`http://127.0.0.1:4000/documents/${ID}?`)).toBe(true);
    const { id, expires, signature } = partsOf(signed.url);
    expect(first.verify(id, expires, signature).ok).toBe(true);
    // Two processes (two random keys) do not accept each other's URLs: what the warning is about.
    expect(second.verify(id, expires, signature)).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
  });

  it('with DOCUMENT_URL_SECRET and PUBLIC_BASE_URL, replicas accept each other\'s URLs and nothing is warned', () => {
    const warnings: unknown[] = [];
    const logger = { warn: (...args: unknown[]) => warnings.push(args) };
    const settings = { urlSecret: SECRET, urlTtlSeconds: 60, publicBaseUrl: 'https://api.example/sub/' };
    const one = documentLinksFrom(settings, () => 'http://10.0.0.1:4000', logger);
    const two = documentLinksFrom(settings, () => 'http://10.0.0.2:4000', logger);
    const signed = one.sign(ID);
    expect(signed.url.startsWith(`https://api.example/sub/documents/${ID}?`)).toBe(true);
    const { id, expires, signature } = partsOf(signed.url);
    expect(two.verify(id, expires, signature).ok).toBe(true);
    expect(warnings).toEqual([]);
  });
});
