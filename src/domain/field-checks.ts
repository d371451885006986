import { InputError } from './errors.js';
import { InputErrors, throwInputErrors } from './input-errors.js';

/**
 * Collects every refusal of one input, so a client learns all its bad fields in one answer (one userError each in a
 * mutation's payload, one GraphQL error listing them in `extensions.inputErrors` for a query), not one per round trip.
 *
 * `run` answers the check's value, or `undefined` once it refused (typed as the value: `done()` throws before a
 * caller returns anything built from it; code between them that reads a checked value tests `ok` or the value first).
 * A check that itself collects throws InputErrors, whose refusals are flattened here; anything else is no refusal and
 * is thrown as it is.
 */
export class FieldChecks {
  private readonly errors: InputError[] = [];

  run<T>(check: () => T): T {
    try {
      return check();
    } catch (error) {
      this.add(error);
      return undefined as T;
    }
  }

  /** Records a refusal found by the caller (a rule across fields). */
  fail(field: string, message: string): void {
    this.push(new InputError(field, message));
  }

  /** True while nothing was refused. */
  get ok(): boolean {
    return this.errors.length === 0;
  }

  /** Throws the refusals collected: none, the one InputError, or InputErrors for several. */
  done(): void {
    throwInputErrors(this.errors);
  }

  private add(error: unknown): void {
    if (error instanceof InputErrors) for (const one of error.errors) this.push(one);
    else if (error instanceof InputError) this.push(error);
    else throw error;
  }

  /** The same refusal found by two checks that share a rule (a field both read) is listed once. */
  private push(error: InputError): void {
    if (!this.errors.some((known) => known.field === error.field && known.message === error.message)) this.errors.push(error);
  }
}
