/** Validation of a client's status-change filter, shared by the subscription and the paged query. */
import { InputError } from '../../domain/errors.js';
import { checkText } from '../../domain/text-bounds.js';
import { FieldChecks } from '../../domain/field-checks.js';
import type { StatusChangeFilter } from '../../domain/status-change.js';
import type { StatusChangeFilter as StatusChangeFilterInput } from '../../generated/graphql.js';

/** Most tracking numbers one filter may name. */
export const MAX_FILTER_TRACKING_NUMBERS = 1_000;

/**
 * The schema: "At least one member must be given". An empty list or a blank reference names nothing, so a filter of
 * only those is as empty as `{}` and is refused on `filter` before anything is subscribed or read. Each number and
 * the reference are held to their rules (src/domain/text-bounds.ts: a tracking number, a reference), each refusal
 * naming its own path (`filter.trackingNumbers.3`, `filter.reference`), all in one answer, before the store is asked
 * anything.
 */
export function validateStatusChangeFilter(raw: StatusChangeFilterInput, field = 'filter'): StatusChangeFilter {
  const listed = raw.trackingNumbers ?? [];
  // Counted before each is checked, so a list of a million numbers is refused without reading them all.
  if (listed.length > MAX_FILTER_TRACKING_NUMBERS) {
    throw new InputError(`${field}.trackingNumbers`, `at most ${MAX_FILTER_TRACKING_NUMBERS} tracking numbers per filter`);
  }
  // Every bad number and the reference in one answer.
  const checks = new FieldChecks();
  const trackingNumbers = listed.flatMap((n, index) =>
    n.trim().length === 0 ? [] : [checks.run(() => checkText(n, `${field}.trackingNumbers.${index}`, 'trackingNumber'))],
  );
  const carriers = raw.carriers ? [...new Set(raw.carriers)] : [];
  const reference = raw.reference?.trim() ? checks.run(() => checkText(raw.reference, `${field}.reference`, 'referenceValue')) : '';
  checks.done();
  if (trackingNumbers.length === 0 && carriers.length === 0 && reference.length === 0) {
    throw new InputError(field, 'empty filter: give at least one of trackingNumbers, carriers or reference');
  }
  return {
    trackingNumbers: trackingNumbers.length > 0 ? [...new Set(trackingNumbers)] : null,
    carriers: carriers.length > 0 ? carriers : null,
    reference: reference.length > 0 ? reference : null,
  };
}
