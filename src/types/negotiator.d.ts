/** The part of negotiator's API used here (the package ships no types; src/server/apollo-negotiator.ts). */
declare module 'negotiator' {
  interface NegotiatorRequest {
    headers: Record<string, string | string[] | undefined>;
  }
  class Negotiator {
    constructor(request: NegotiatorRequest);
    charset(available?: string[]): string | undefined;
    charsets(available?: string[]): string[];
    encoding(available?: string[], options?: unknown): string | undefined;
    encodings(available?: string[], options?: unknown): string[];
    language(available?: string[]): string | undefined;
    languages(available?: string[]): string[];
    mediaType(available?: string[]): string | undefined;
    mediaTypes(available?: string[]): string[];
  }
  export default Negotiator;
}
