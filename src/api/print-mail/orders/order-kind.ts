import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import type { Statement } from '../../../db/statement.js';
import type { MergeContext, RenderJob } from '../../../engines/render/index.js';
import type { DataKeys } from '../../../platform/data-keys.js';
import type { ApiError } from '../../../platform/errors.js';
import type { BlobStore } from '../../../storage/blob-store.js';
import type { AppDeps } from '../../deps.js';
import type { Contact } from '../contacts/contact.schema.js';
import type { EventType } from '../events/event-types.js';
import type { ProfileSpec } from '../order-profiles/profile-kind.js';
import type { OrderCreateBase } from './order-base.schema.js';
import type { OrderRow } from './orders.repo.js';

/**
 * One kind of order (letter, postcard, self mailer, ...): everything the shared order code
 * (routes, create flow, lifecycle, render job, print batches) needs to serve it. A kind's
 * folder holds its descriptor (`<kind>.kind.ts`), its schema and its content and render
 * steps; order-kinds.ts registers it, and a migration line makes its table.
 */
/** `Content` is the kind's stored content; an uploaded content PDF in it is `pdf.blobKey` (StoredContent). */
export interface OrderKind<Input extends OrderCreateBase = any, Content = any> {
  /** The `object` value, the id prefix and the events' prefix (`<name>.created`). */
  name: string;
  /** Its table, with the layout every order table has (create_order_table() in the migrations). */
  table: string;
  created: EventType;
  updated: EventType;
  /** Collection paths under /print-mail/v1; the first is the one documented. */
  paths: readonly [string, ...string[]];
  /** Its section in /docs. */
  tag: string;
  /** The request body and the order as stored and returned, composed from order-base.schema.ts. */
  schemas: { create: TSchema; stored: TSchema };
  /** Whether a sender is required (a postcard may have none). */
  fromRequired: boolean;
  /** Contact fields beside `to` and `from`, optional, prepared and stored the same way (a cheque's `redirectTo`). */
  otherContacts?: readonly string[];
  /** Checks that need no read (exactly one content source, ...): they run first, a 400 before any work. */
  check(input: Input): void;
  /**
   * What the render job will render, fixed at create: templates read, HTML checked and merge
   * variables found, uploaded or fetched PDFs checked and kept in the blob store.
   */
  content(input: Input, ctx: ContentContext): Promise<Content>;
  /** The kind's own fields of the stored doc; orderDoc adds those every order shares. */
  fields(input: Input, content: Content, contacts: Record<string, Contact>): Record<string, unknown>;
  /** Doc fields left out of free-text search (markup would match nearly any word). */
  unsearchable: readonly string[];
  /** How a stored order becomes the render engine's job (HTML merged over its own snapshot). */
  renderJob(row: OrderRow, ctx: RenderJobContext): Promise<RenderJob>;
  print: PrintSetup;
  /**
   * Rows the order takes as it is created (a letter's return envelope), written in its create
   * statement: each must change exactly one row, or nothing is created and `refused` answers.
   */
  claims?(order: { id: string; input: Input; content: Content }, scope: Scope, now: Date): OrderClaim[];
  /** Gives back what the order took, when it is cancelled (in the cancel's transaction). */
  release?(db: Queryable, row: OrderRow, now: Date): Promise<void>;
  /** Routes of its own beside the shared ones (snap packs' `/capabilities`). */
  routes?: FastifyPluginAsyncTypebox<{ deps: AppDeps }>;
  /** Its create request in the API reference: one that works as it stands with a test key, ids aside (order-examples.ts). */
  example?: Readonly<Record<string, unknown>>;
  /** Mailed as a parcel, not sorted as mail: it carries no Intelligent Mail barcode (boxes). */
  parcel?: boolean;
  /** Its order profiles (and so campaigns), if it has them: order-profiles/ serves each kind that has one. */
  profile?: ProfileSpec;
  /** Its own columns in its report view beside those every order view has (a cheque's `amount`). */
  reportColumns?: Readonly<Record<string, string>>;
}

/** A descriptor as a kind's folder writes it: what follows from `name` may be left out. */
export type OrderKindSpec<Input extends OrderCreateBase = any, Content = any> = Omit<
  OrderKind<Input, Content>,
  'table' | 'created' | 'updated'
> & { table?: string };

/** A kind's descriptor, its table `<name>s` unless it says otherwise (`boxes`) and its events `<name>.created` and `.updated`. */
export function defineOrderKind<Input extends OrderCreateBase, Content, const Name extends string = string>(
  spec: OrderKindSpec<Input, Content> & { name: Name },
): OrderKind<Input, Content> & { name: Name } {
  const { name } = spec;
  return { ...spec, table: spec.table ?? `${name}s`, created: `${name}.created`, updated: `${name}.updated` };
}

export interface OrderClaim {
  /** An UPDATE ... RETURNING that changes one row when the claim holds, none otherwise. */
  statement: Statement;
  refused: ApiError;
}

/** What a kind may read to make a render job: its stored files, and sealed secrets (a cheque's account). */
export interface RenderJobContext {
  blobs: BlobStore;
  db: Queryable;
  dataKeys: DataKeys;
  /** Merge values the server fills in for this order (its trackers' URLs): see orderMergeContext. */
  serverValues: MergeContext;
}

/** What every kind's stored content has in common: an uploaded PDF, if any, is `pdf.blobKey`. */
export interface StoredContent {
  pdf?: { blobKey: string; pageCount?: number };
}

/** What a kind's content step gets: whose order, and its contacts as they will be stored. */
export interface ContentContext {
  db: Queryable;
  scope: Scope;
  orderId: string;
  to: Contact;
  from?: Contact;
  blobs: BlobStore;
  allowPrivate: boolean;
}

/**
 * How a kind is printed. Orders that share a setup share a print batch (one press and one
 * finishing setup, never changed mid-batch); the manifest tells the shop what to do with each.
 */
export interface PrintSetup {
  setup(doc: OrderDoc): BatchSetup;
  /** The kind's columns of a manifest line, between the shared ones and the production notes. */
  manifestLine(doc: OrderDoc, companions: CompanionPages): Record<string, string | number | null>;
  /** Everything beyond printing the pages, in words; empty when nothing special. */
  productionNotes(doc: OrderDoc): string;
  /** Files rendered beside an order's PDF that the shop needs too (a letter's `card`), and whether this order has each. */
  companions: readonly string[];
  hasCompanion(doc: OrderDoc, name: string): boolean;
  /** False for an order that is never printed (a digital-only cheque): live, it completes when it would print. */
  printed?(doc: OrderDoc): boolean;
}

export interface BatchSetup {
  size: string;
  color: boolean;
  doubleSided: boolean;
  mailingClass: string;
  /** Stock, folding, inserting: anything else the shop sets up once per batch. */
  finishing: Record<string, string | boolean>;
}

/** Where each of an order's companion files sits in its batch's combined file of that name. */
export type CompanionPages = Record<string, { firstPage: number; pageCount: number } | null>;

export type OrderDoc = Record<string, any>;
