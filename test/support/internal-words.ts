/**
 * What a frontend developer reading the schema cannot follow: our issue numbers, the upstream specification's file
 * names ("seed 001"), the ids of our recorded choices (RT3, PK4, ...), our docs' paths and anything outside the
 * repository. The ids are one to three capitals and a number, as docs/assumptions.md writes them; the few technical
 * names of that shape a reader knows (ISO 3166, a Code 128 barcode, the OAuth 2 flow, the V8 engine...) are not ids.
 */
export const INTERNAL_WORDS: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'an issue number', pattern: /\bissues? ?#?\d+/i },
  { what: 'a seed (the specification files)', pattern: /\bseeds?\b/i },
  { what: 'our assumptions file', pattern: /assumptions(\.md)?\b/i },
  { what: 'a path outside the repository', pattern: /\.\.\/shared|\bDESIGN\.md\b|\bSTYLE\.md\b/ },
  { what: 'an assumption id', pattern: /\b(?!ISO\b|UTC\b|API\b|V8\b)[A-Z]{1,3}\d{1,2}(?:-[A-Z]{1,3}\d{1,2})?\b(?!:)/ },
];

export function internalWordsIn(text: string): string[] {
  return INTERNAL_WORDS.flatMap(({ what, pattern }) => {
    const match = pattern.exec(text);
    return match ? [`${what} ("${match[0]}")`] : [];
  });
}

