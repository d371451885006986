import Negotiator from 'negotiator';

/**
 * The `negotiator` Apollo Server's bundled copy imports (scripts/bundle.mjs): negotiator itself, with `mediaType`'s
 * answers remembered per Accept value and list of offered types. Apollo asks on every request, with the same
 * three fixed lists (whether the client takes the legacy incremental format, which JSON type to answer, whether it takes
 * multipart), and negotiator parses the Accept header and every offered type each time: about 3 us a request with no
 * Accept header at all, 4-5 us more with one. The answer depends on nothing else, so it is the same remembered.
 */

/** Distinct Accept values remembered; past this the memory starts over (a client population sends a handful). */
const ACCEPT_VALUES_MAX = 256;
/** Offered lists remembered per Accept value (Apollo offers three); past this that value's memory starts over. */
const LISTS_MAX = 8;
/** Accept values longer than this are negotiated every time, never kept. */
const ACCEPT_LENGTH_MAX = 1024;

interface Chosen {
  offered: readonly string[];
  chosen: string | undefined;
}

const byAccept = new Map<string | undefined, Chosen[]>();

export default class RememberingNegotiator extends Negotiator {
  private readonly accept: string | string[] | undefined;

  constructor(request: { headers: Record<string, string | string[] | undefined> }) {
    super(request);
    this.accept = request.headers['accept'];
  }

  override mediaType(available?: string[]): string | undefined {
    const accept = this.accept;
    if (!available || (accept !== undefined && (typeof accept !== 'string' || accept.length > ACCEPT_LENGTH_MAX))) return super.mediaType(available);
    let remembered = byAccept.get(accept);
    if (remembered) {
      for (const entry of remembered) if (sameList(entry.offered, available)) return entry.chosen;
    }
    const chosen = super.mediaType(available);
    if (!remembered || remembered.length >= LISTS_MAX) {
      if (!remembered && byAccept.size >= ACCEPT_VALUES_MAX) byAccept.clear();
      remembered = [];
      byAccept.set(accept, remembered);
    }
    remembered.push({ offered: [...available], chosen });
    return chosen;
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
