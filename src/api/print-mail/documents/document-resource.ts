import type { TSchema } from '@sinclair/typebox';
import type pg from 'pg';
import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import type { ApiError } from '../../../platform/errors.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import type { AppDeps } from '../../deps.js';
import type { KeptForOrders } from './kept-for-orders.js';

/**
 * A plain document resource (templates; bank accounts, trackers, mailing lists... to come):
 * a table of docs with the shared layout, and what is its own. documentRoutes serves create,
 * list, get, update (`POST /{path}/{id}`, if it has one) and delete for it, on the shared SQL
 * in db/resources.repo.ts.
 */
export interface DocumentResource<Doc extends StoredDoc = StoredDoc, Create = any, Update = any> {
  /** The `object` value and the id prefix. */
  object: string;
  table: string;
  /** Collection path under /print-mail/v1. */
  path: string;
  /** Its section in /docs. */
  tag: string;
  schemas: { create: TSchema; update?: TSchema; stored: TSchema };
  /** A new doc from a checked request: id, fields, timestamps (nothing written to the database yet). */
  create(input: Create, ctx: DocumentContext): Promise<Doc> | Doc;
  /** Writes what belongs to the new doc but not in it (a sealed secret), in the create's transaction. */
  afterCreate?(db: Queryable, scope: Scope, doc: Doc, input: Create, ctx: DocumentContext): Promise<void>;
  /** The doc after an update (`null` in the request removes an optional field); no update route without it. */
  update?(current: Doc, input: Update, ctx: DocumentContext): Promise<Doc> | Doc;
  /** What free-text search looks through (never big markup: it would match any word). */
  searchText(doc: Doc): string;
  /** The doc as a read answers it, when that is not the stored doc as it is (a link signed afresh). */
  present?(doc: Doc, signer: UrlSigner): Doc;
  /** Runs in the delete's transaction before the row goes: throw to refuse (a resource still in use). */
  beforeDelete?(
    db: pg.PoolClient,
    scope: Scope,
    id: string,
    ctx: { now: Date; deps: AppDeps },
  ): Promise<void>;
  /**
   * What its orders read of it when they render, which its delete leaves for the orders still
   * to print until none needs it (kept-for-orders.ts). Without it the delete removes the row alone.
   */
  keptForOrders?: KeptForOrders<Doc>;
  /** False: no delete route (return envelopes). */
  deletable?: boolean;
  /** The error for a create that a unique index of the table refuses (one return envelope per contact). */
  conflict?(doc: Doc): ApiError;
}

export interface StoredDoc {
  id: string;
  object: string;
  createdAt: string;
  updatedAt: string;
}

export interface DocumentContext {
  /** The request's transaction: what a hook writes (jobs, events) commits with the doc. */
  db: pg.PoolClient;
  scope: Scope;
  /** The caller organization's country, the default of contacts without one. */
  orgCountryCode: string;
  now: Date;
  deps: AppDeps;
}
