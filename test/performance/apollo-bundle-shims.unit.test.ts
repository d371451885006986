/**
 * What Apollo Server's bundled copy imports in place of `negotiator`, `whatwg-mimetype` and `@apollo/utils.createhash`
 * (scripts/bundle.mjs): the same answers as the packages, with the per-request work Apollo repeats done once.
 */
import { createHash as nodeCreateHash } from 'node:crypto';
import Negotiator from 'negotiator';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MIMEType from 'whatwg-mimetype';
import RememberingNegotiator from '../../src/server/apollo-negotiator.js';
import { createHash } from '../../src/server/apollo-create-hash.js';
import RememberingMIMEType from '../../src/server/apollo-mime-type.js';

/** The lists Apollo Server 5 offers (requestPipeline, runHttpQuery, ApolloServer.chooseContentTypeForSingleResultResponse, prefersHTML). */
const APOLLO_LISTS = [
  ['multipart/mixed; incrementalSpec=v0.2', 'multipart/mixed; deferSpec=20220824'],
  ['application/json; charset=utf-8', 'application/graphql-response+json; charset=utf-8', 'application/json; callbackSpec=1.0; charset=utf-8'],
  ['multipart/mixed', 'multipart/mixed; incrementalSpec=v0.2', 'multipart/mixed; deferSpec=20220824'],
  ['application/json; charset=utf-8', 'application/graphql-response+json; charset=utf-8', 'multipart/mixed; deferSpec=20220824', 'multipart/mixed; incrementalSpec=v0.2', 'multipart/mixed', 'text/html'],
];

const ACCEPTS = [
  undefined,
  '',
  '*/*',
  'application/json',
  'application/graphql-response+json',
  'application/graphql-response+json, application/json;q=0.9',
  'application/json;q=0.1, application/graphql-response+json',
  'text/html',
  'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'multipart/mixed; deferSpec=20220824, application/json',
  'multipart/mixed; incrementalSpec=v0.2',
  'multipart/mixed',
  'application/*;q=0.5, text/plain',
  'garbage;;;q=x',
];

describe("Apollo's negotiator in the bundle (src/server/apollo-negotiator.ts)", () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers every Accept value and every list Apollo offers as negotiator does, the first time and when remembered', () => {
    for (let round = 0; round < 2; round++) {
      for (const accept of ACCEPTS) {
        for (const list of APOLLO_LISTS) {
          const expected = new Negotiator({ headers: { accept } }).mediaType([...list]);
          expect(new RememberingNegotiator({ headers: { accept } }).mediaType([...list]), `${accept} ${list.join(',')}`).toBe(expected);
        }
      }
    }
  });

  it('negotiates once per Accept value and list of offered types, not on every request', () => {
    const negotiated = vi.spyOn(Negotiator.prototype, 'mediaType');
    const accept = 'application/json;q=0.7, application/graphql-response+json;q=0.71';
    for (let request = 0; request < 50; request++) {
      for (const list of APOLLO_LISTS) new RememberingNegotiator({ headers: { accept } }).mediaType([...list]);
    }
    expect(negotiated).toHaveBeenCalledTimes(APOLLO_LISTS.length);
  });

  it('other questions (the full list, languages) are negotiator\'s own', () => {
    const accept = 'text/html;q=0.5, application/json';
    expect(new RememberingNegotiator({ headers: { accept } }).mediaTypes()).toEqual(new Negotiator({ headers: { accept } }).mediaTypes());
    const request = { headers: { 'accept-language': 'fr;q=0.4, en' } };
    expect(new RememberingNegotiator(request).languages()).toEqual(['en', 'fr']);
  });
});

describe("Apollo's createHash in the bundle (src/server/apollo-create-hash.ts)", () => {
  it("gives Node's digest for a query text (one update, hex or base64) and for any other use", () => {
    const text = '{ shipment(carrier: CARRIER_B, trackingNumber: "123456789012") { id status { status } } } é ✓';
    expect(createHash('sha256').update(text).digest('hex')).toBe(nodeCreateHash('sha256').update(text).digest('hex'));
    expect(createHash('sha256').update(text).digest('base64')).toBe(nodeCreateHash('sha256').update(text).digest('base64'));
    expect(createHash('sha256').update(text).digest()).toEqual(nodeCreateHash('sha256').update(text).digest());
    expect(createHash('sha256').update(text).digest('base64url')).toBe(nodeCreateHash('sha256').update(text).digest('base64url'));
    expect(createHash('sha256').update('a').update('b').digest('hex')).toBe(nodeCreateHash('sha256').update('ab').digest('hex'));
    expect(createHash('sha256').update(Buffer.from(text)).digest('hex')).toBe(nodeCreateHash('sha256').update(text).digest('hex'));
    expect(createHash('sha256').update('616263', 'hex').digest('hex')).toBe(nodeCreateHash('sha256').update('abc').digest('hex'));
    expect(createHash('sha512').update(text).digest('hex')).toBe(nodeCreateHash('sha512').update(text).digest('hex'));
    expect(createHash('sha256').digest('hex')).toBe(nodeCreateHash('sha256').digest('hex'));
  });

  it("gives Node's digest for texts asked again, over more texts than are kept and for a text too long to keep, and never mixes two texts up", () => {
    const texts = Array.from({ length: 3_000 }, (_, i) => `query Q${i} { shipment(carrier: CARRIER_B, trackingNumber: "${100000000000 + i}") { id } }`);
    // Twice over more texts than are kept: the first ones are forgotten and hashed again, the last ones remembered.
    for (let round = 0; round < 2; round++) {
      for (const text of texts) expect(createHash('sha256').update(text).digest('hex')).toBe(nodeCreateHash('sha256').update(text).digest('hex'));
    }
    // A text longer than is kept, and texts differing only at their end.
    const long = `{ __typename }${' '.repeat(70_000)}`;
    expect(createHash('sha256').update(long).digest('hex')).toBe(nodeCreateHash('sha256').update(long).digest('hex'));
    expect(createHash('sha256').update(`${long}x`).digest('hex')).toBe(nodeCreateHash('sha256').update(`${long}x`).digest('hex'));
    expect(createHash('sha256').update('{ a }').digest('hex')).not.toBe(createHash('sha256').update('{ a } ').digest('hex'));
  });
});

describe("Apollo's whatwg-mimetype in the bundle (src/server/apollo-mime-type.ts)", () => {
  afterEach(() => vi.restoreAllMocks());

  const VALUES = [
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset="UTF-8"',
    'application/graphql-response+json',
    'text/plain',
    'text/plain;charset=utf-8',
    'multipart/form-data; boundary=----x',
    'application/x-www-form-urlencoded',
    '',
    'garbage',
    'application/',
    ' application/json ',
    `application/json; x=${'y'.repeat(300)}`,
  ];

  it('answers every Content-Type value as the package does (essence, parts, parameters, text, or null), the first time and when remembered', () => {
    for (let round = 0; round < 2; round++) {
      for (const value of VALUES) {
        const expected = MIMEType.parse(value);
        const answer = RememberingMIMEType.parse(value);
        if (expected === null) {
          expect(answer, value).toBeNull();
          continue;
        }
        expect(answer, value).not.toBeNull();
        expect({ essence: answer!.essence, type: answer!.type, subtype: answer!.subtype, parameters: [...answer!.parameters], text: answer!.toString() }, value).toEqual({
          essence: expected.essence,
          type: expected.type,
          subtype: expected.subtype,
          parameters: [...expected.parameters],
          text: expected.toString(),
        });
      }
    }
  });

  it('parses each value once, not on every request; a value too long to keep every time', () => {
    const parse = vi.spyOn(MIMEType, 'parse');
    for (let request = 0; request < 50; request++) {
      RememberingMIMEType.parse('application/json; charset=utf-8; q=0.9');
      RememberingMIMEType.parse(`application/json; x=${'z'.repeat(300)}`);
    }
    expect(parse.mock.calls.filter(([value]) => value.startsWith('application/json; charset')).length).toBe(1);
    expect(parse.mock.calls.filter(([value]) => value.includes('zzz')).length).toBe(50);
  });
});
