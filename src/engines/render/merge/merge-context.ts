/** The contact fields a template can reach as `{{to.x}}` / `{{from.x}}`. */
export const CONTACT_MERGE_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'companyName',
  'jobTitle',
  'email',
  'phoneNumber',
  'addressLine1',
  'addressLine2',
  'city',
  'provinceOrState',
  'postalOrZip',
  'countryCode',
  'description',
] as const;

export type MergeContact = Partial<Record<(typeof CONTACT_MERGE_FIELDS)[number], string | null>> & {
  metadata?: Record<string, unknown> | null;
  [extra: string]: unknown;
};

export type MergeContext = Record<string, unknown>;

/**
 * mergeVariables plus the letter's contacts as `to` and `from`. The contacts win over
 * merge variables of the same name, since they are what is printed on the envelope.
 * Every known contact field is present (empty string when the contact lacks it), so a
 * shared template using `{{to.companyName}}` works for contacts with and without one;
 * metadata keys are the caller's own and are only present when set.
 */
export function buildMergeContext(
  mergeVariables: Record<string, unknown> | null | undefined,
  to: MergeContact,
  from?: MergeContact | null,
): MergeContext {
  const context: MergeContext = { ...(mergeVariables ?? {}) };
  context.to = contactScope(to);
  if (from) context.from = contactScope(from);
  return context;
}

function contactScope(contact: MergeContact): Record<string, unknown> {
  const scope: Record<string, unknown> = { ...contact };
  for (const field of CONTACT_MERGE_FIELDS) scope[field] ??= '';
  scope.metadata ??= {};
  return scope;
}
