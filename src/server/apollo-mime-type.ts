import MIMEType from 'whatwg-mimetype';

/**
 * The `whatwg-mimetype` Apollo Server's bundled copy imports (scripts/bundle.mjs): the package's own MIMEType, with
 * `parse`'s answers remembered per string. Apollo parses the Content-Type of every request (its CSRF check, and a GET's
 * check) only to read its `essence`, and clients send a handful of values: the parse was about 7 us a request in a
 * profile of the distinct-numbers load. A remembered answer is one MIMEType shared by the requests that send that value;
 * Apollo only reads it (these imports are Apollo's alone: express and the rest keep the package).
 */

/** Distinct strings remembered; past this the memory starts over (a client population sends a handful). */
const VALUES_MAX = 256;
/** Strings longer than this are parsed every time, never kept. */
const LENGTH_MAX = 256;

const parsed = new Map<string, MIMEType | null>();

export default class RememberingMIMEType extends MIMEType {
  static override parse(string: string): MIMEType | null {
    if (typeof string !== 'string' || string.length > LENGTH_MAX) return MIMEType.parse(string);
    const known = parsed.get(string);
    if (known !== undefined) return known;
    const answer = MIMEType.parse(string);
    if (parsed.size >= VALUES_MAX) parsed.clear();
    parsed.set(string, answer);
    return answer;
  }
}
