/**
 * A moment as a carrier reported it. `instant` (ISO 8601 with offset) only where the carrier gives an offset or its
 * parts; otherwise `localDateTime` (ISO 8601 without offset). We never guess a time zone (DESIGN.md, "Time").
 */
export interface CarrierTime {
  instant: string | null;
  localDateTime: string | null;
}

const OFFSET_RE = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

/** Reads an ISO 8601 string: with an offset it is an instant, without one a local date-time. */
export function carrierTimeFromIso(value: string | null | undefined): CarrierTime | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (OFFSET_RE.test(trimmed) && !Number.isNaN(Date.parse(trimmed))) {
    return { instant: normaliseOffset(trimmed), localDateTime: null };
  }
  if (LOCAL_RE.test(trimmed)) return { instant: null, localDateTime: padLocal(trimmed) };
  return null;
}

/** Completes a local value to `YYYY-MM-DDTHH:MM:SS` (a bare date reads as its start), the shape clients parse. */
function padLocal(value: string): string {
  if (value.length === 10) return `${value}T00:00:00`;
  if (value.length === 16) return `${value}:00`;
  return value;
}

/** Adds the colon to a `+0530` style offset so every instant reads `+05:30`. */
function normaliseOffset(value: string): string {
  // Already `+05:30` (or `Z`): nothing for the pattern to match, so no regex run and no copy (four times a track result).
  const last = value.length - 1;
  if (value.charCodeAt(last - 2) === 58 /* : */ || value.charCodeAt(last) > 57 /* not a digit */) return value;
  return value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
}

/** The instant's epoch milliseconds, or for a local date-time its reading as if UTC (ordering only, never shown). */
export function sortKeyOf(time: CarrierTime | null): number {
  if (!time) return Number.NEGATIVE_INFINITY;
  if (time.instant) return Date.parse(time.instant);
  if (time.localDateTime) return Date.parse(`${time.localDateTime}Z`);
  return Number.NEGATIVE_INFINITY;
}
