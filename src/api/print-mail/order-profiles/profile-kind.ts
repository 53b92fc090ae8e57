import type { PDFDocument } from 'pdf-lib';
import type { DocumentContext } from '../documents/document-resource.js';
import type { OrderKind } from '../orders/order-kind.js';

/** A profile's fields while it is checked: request field names, PDFs as supplied or as stored (StoredPdf). */
export type ProfileFields = Record<string, any>;

/**
 * What makes a kind's order profiles themselves, written beside the kind (its descriptor's
 * `profile`). Everything else (schemas, checks, routes, the order body) is made from this and
 * the order kind it describes, so a profile is checked by the rules its orders will be: field
 * shapes from the kind's create schema, content by the kind's own `check`, templates, PDFs and
 * references by the functions the kind's content uses.
 */
export interface ProfileSpec {
  /** The kind's request fields a profile keeps (besides mailingClass, mergeVariables, metadata, description). */
  fields: readonly string[];
  /** Of those, the ones every profile has (null cannot remove them). */
  required: readonly string[];
  /** Template-id fields and HTML fields of the kind's content. */
  templates: readonly string[];
  html: readonly string[];
  pdfs: readonly ProfilePdf[];
  /** Profile fields that the order spells otherwise (a cheque profile's `logo` is the cheque's `logoURL`). */
  renamed?: Readonly<Record<string, string>>;
  /**
   * Reads of the kind's own references: a letter's return envelope, a cheque's bank account.
   * `given` is the fields this request sets (a remote file is fetched only when it changes).
   */
  checkRefs?(profile: ProfileFields, ctx: DocumentContext, given: ReadonlySet<string>): Promise<void>;
  /** Checks over the stored PDFs together (a letter's pages with its attachment), by request field. */
  checkPages?(pages: Readonly<Record<string, number>>): void;
  /**
   * What a campaign's order for one contact takes from the contact beyond `to`, `from` and
   * merge variables, set on the order's request (a cheque's amount, from its metadata).
   */
  campaignInput?(body: Record<string, unknown>, contact: { metadata?: Record<string, unknown> }): void;
}

/** A kind of order profile: the kind's spec, and what follows from the kind's name and path. */
export interface ProfileKind extends ProfileSpec {
  /** The order kind whose orders the profile makes. */
  kind: OrderKind;
  /** The `object` value and the id prefix: `<kind>_profile`. */
  object: string;
  /** `<kind>_profiles`. */
  table: string;
  /** Collection path under /print-mail/v1: `/order_profiles<the kind's path>`. */
  path: string;
  /** The campaign field that names such a profile: `letterProfile`, `selfMailerProfile`. */
  campaignField: `${string}Profile`;
}

/** A PDF a profile keeps for its orders: uploaded or fetched once, checked, stored, reused by each order. */
export interface ProfilePdf {
  /** The request field, dotted inside an object (`attachedPDF.file`). */
  field: string;
  /** Where the profile keeps the stored file's key, answered as a signed link (`uploadedPDF`). */
  link: string;
  /** The last part of the stored file's name. */
  name: string;
  /** The kind's page checks for it, at the profile's size. */
  check(bytes: Uint8Array, profile: ProfileFields): Promise<PDFDocument>;
}
