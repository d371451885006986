/**
 * `memory.rss`: "resident memory with a unit suffix" (seed 002 A); which suffixes and which base: not shown
 * (docs/assumptions.md DS2). We read a number (decimal point allowed), optional spaces, then a unit, case-insensitive:
 *
 * - `B`, `byte`, `bytes`: bytes;
 * - `KiB`, `MiB`, `GiB`, `TiB` (IEC) and `KB`, `MB`, `GB`, `TB`, `K`, `M`, `G`, `T`: powers of 1024. The short forms
 *   are read as binary too because that is what a Node service prints: `Math.round(rss / 1024 / 1024) + 'MB'` is
 *   the usual way a `/health` handler renders `process.memoryUsage().rss`. Read as decimal instead, a value would be
 *   off by 2.4 % (K) to 10 % (T); the text is kept beside the bytes, so nothing is lost either way.
 *
 * Anything else (a bare number, `Mb`-style bits are not distinguished, an unknown word) is not a unit we read:
 * bytes null, and the text stays as given.
 */
const UNIT_BYTES = new Map([
    ['b', 1],
    ['byte', 1],
    ['bytes', 1],
    ...['k', 'm', 'g', 't'].flatMap((prefix, i) => {
        const factor = 1024 ** (i + 1);
        return [
            [prefix, factor],
            [`${prefix}b`, factor],
            [`${prefix}ib`, factor],
        ];
    }),
]);
const MEMORY_RE = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i;
/** `183MB` -> 191889408; `1.2GB` -> 1288490189; `300 MiB` -> 314572800; `123456 B` -> 123456; unknown unit -> null. */
export function parseMemoryRss(text) {
    const match = MEMORY_RE.exec(text);
    if (!match)
        return null;
    const factor = UNIT_BYTES.get(match[2].toLowerCase());
    if (factor === undefined)
        return null;
    const bytes = Math.round(Number(match[1]) * factor);
    return Number.isSafeInteger(bytes) ? bytes : null;
}
