/** Where an error is reported (spec 2.4). */
export type ErrorField = 'line1' | 'line2' | 'city' | 'provinceOrState' | 'postalOrZip' | 'generic';

/** The primary words of wire-compat errors ("<Primary>: <Secondary>"). */
export type ErrorPrimary =
  | 'Alternate'
  | 'Would not fit'
  | 'Incorrect Value'
  | 'Missing Value'
  | 'Typo in Value'
  | 'Verbosity';

export type ErrorsObject = Partial<Record<ErrorField, string[]>>;

/**
 * The errors of one verification. A correction was fixed (status `corrected`); a failure
 * could not be (status `failed`); both are reported the same way.
 */
export class Findings {
  readonly errors: ErrorsObject = {};
  failed = false;

  correction(field: ErrorField, primary: ErrorPrimary, secondary: string): void {
    const list = this.errors[field] ?? [];
    const text = `${primary}: ${secondary}`;
    if (!list.includes(text)) list.push(text);
    this.errors[field] = list;
  }

  failure(field: ErrorField, primary: ErrorPrimary, secondary: string): void {
    this.correction(field, primary, secondary);
    this.failed = true;
  }

  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}

/** Contacts store the errors as one string: "line1: Incorrect Value: Suite identifier; city: ...". */
export function errorsAsText(errors: ErrorsObject): string {
  return Object.entries(errors)
    .flatMap(([field, list]) => (list ?? []).map((e) => `${field}: ${e}`))
    .join('; ');
}
