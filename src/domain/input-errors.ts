/**
 * Several refusals of one input at once (a tender naming three ineligible labels, a request failing several of the
 * carrier's required inputs). An InputError itself (the first refusal's field and message), so anything that maps
 * InputError to BAD_USER_INPUT keeps working; `errors` lists every refusal for callers that show them all.
 */
import { InputError } from './errors.js';

export class InputErrors extends InputError {
  readonly errors: readonly InputError[];
  constructor(errors: readonly InputError[]) {
    const first = errors[0];
    if (!first) throw new RangeError('InputErrors needs at least one error');
    super(first.field, errors.length === 1 ? stripField(first) : `${stripField(first)} (and ${errors.length - 1} more: ${errors.slice(1).map((e) => e.field).join(', ')})`);
    this.name = 'InputErrors';
    this.errors = errors;
  }
}

function stripField(error: InputError): string {
  const prefix = `${error.field}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

/** Throws nothing for an empty list, the error itself for one, InputErrors for several. */
export function throwInputErrors(errors: readonly InputError[]): void {
  if (errors.length === 1 && errors[0]) throw errors[0];
  if (errors.length > 1) throw new InputErrors(errors);
}
