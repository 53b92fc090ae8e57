import { storedPdf } from '../orders/order-pdf.js';
import type { ProfileFields, ProfileKind } from './profile-kind.js';

/** A field by a path at most one object deep (`attachedPDF.file`). */
export function getPath(obj: Record<string, any>, path: string): unknown {
  const [head, tail] = path.split('.');
  return tail === undefined ? obj[head] : obj[head]?.[tail];
}

/** Sets a field by such a path, copying the inner object so the one it came from is not changed. */
export function setPath(obj: Record<string, any>, path: string, value: unknown): void {
  const [head, tail] = path.split('.');
  if (tail === undefined) obj[head] = value;
  else obj[head] = { ...obj[head], [tail]: value };
}

/**
 * A stored profile as the fields it was given, each stored PDF back in its request field as a
 * StoredPdf, which the order kinds take like an upload (orders/order-pdf.ts).
 */
export function profileFieldsOf(p: ProfileKind, doc: Record<string, unknown>): ProfileFields {
  const { id: _id, object: _object, live: _live, createdAt: _c, updatedAt: _u, ...fields } = doc;
  for (const pdf of p.pdfs) {
    const key = getPath(doc, pdf.link);
    if (typeof key !== 'string') continue;
    if (pdf.link !== pdf.field) delete fields[pdf.link];
    setPath(fields, pdf.field, storedPdf(key, key.slice(key.lastIndexOf('/') + 1)));
  }
  return fields;
}

/**
 * The fields as an order's request spells them. A profile's `description` says what the
 * profile is for, so its orders do not take it; its metadata they do, as the hosted service's
 * profiles preset it.
 */
export function orderFieldsOf(p: ProfileKind, fields: ProfileFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields))
    if (field !== 'description' && value !== undefined) body[p.renamed?.[field] ?? field] = value;
  return body;
}
