import type { Queryable } from '../../../db/pool.js';
import { newId } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import type { UrlSigner } from '../../../platform/signed-url.js';
import type { DocumentResource, StoredDoc } from '../documents/document-resource.js';
import { type KeptForOrders, type KeptRow, stillToPrint } from '../documents/kept-for-orders.js';
import { applyRemovableFields } from '../documents/update-fields.js';
import { profileFields, profileSchemas } from './profile.schema.js';
import { getPath, profileFieldsOf, setPath } from './profile-fields.js';
import type { ProfileFields, ProfileKind } from './profile-kind.js';
import { PROFILE_KINDS } from './profile-kinds.js';
import { settleProfile } from './profile-settle.js';

type ProfileDoc = StoredDoc & { live: boolean } & ProfileFields;

/** The doc as answered: each stored PDF's key becomes a signed link to it, fresh on every read. */
function withSignedLinks(p: ProfileKind, doc: ProfileDoc, signer: UrlSigner): ProfileDoc {
  const shown = { ...doc };
  for (const { link } of p.pdfs) {
    const key = getPath(doc, link);
    if (typeof key === 'string') setPath(shown, link, signer.urlFor(key));
  }
  return shown;
}

/**
 * What a deleted profile leaves to its orders: its PDFs, which the orders made from it (a
 * campaign's) use where they are, uncopied, and read when they render. Kept while such an order
 * is still to print, its content naming one of the profile's files (each stored under
 * `uploads/{mode}/{profile id}-...`). Then each file goes, except one that orders answer as
 * their `uploadedPDF`: that is their content as much as an upload of their own would be, and
 * the hosted rule is that deleting a profile does not affect its orders.
 */
function keptPdfs(p: ProfileKind): KeptForOrders<ProfileDoc> {
  const { table } = p.kind;
  const exists = async (db: Queryable, kept: KeptRow, where: string, value: string) => {
    const res = await db.query(
      `SELECT EXISTS (SELECT 1 FROM ${table}
         WHERE org_id = $1 AND live = $2 AND created_at >= $3 AND ${where}) AS found`,
      [kept.orgId, kept.live, kept.createdAt, value],
    );
    return res.rows[0].found as boolean;
  };
  return {
    files: (doc) =>
      p.pdfs.flatMap(({ link }) => {
        const key = getPath(doc, link);
        return typeof key === 'string' ? [key] : [];
      }),
    needed: (db, kept) =>
      exists(
        db,
        kept,
        `${stillToPrint(kept.live)} AND strpos(content::text, $4) > 0`,
        `uploads/${kept.live ? 'live' : 'test'}/${kept.id}-`,
      ),
    answeredByOrders: (db, kept, key) => exists(db, kept, `content #>> '{pdf,blobKey}' = $4`, key),
  };
}

/**
 * A kind of order profile as a plain document resource: create, list, get, update (only the
 * fields given change; null removes an optional one) and delete. Every save checks the whole
 * profile again (settleProfile), so an update cannot leave one that its orders would refuse.
 */
export function profileResource(p: ProfileKind): DocumentResource<ProfileDoc> {
  const names = profileFields(p);
  // Markup would match nearly any word; stored files' keys say nothing a client searches for.
  const unsearchable = new Set([...p.html, ...p.pdfs.map((f) => f.link.split('.')[0])]);
  const given = (base: ProfileFields, input: Record<string, unknown>) => {
    applyRemovableFields(base, input, names);
    return base;
  };
  // A form client sends `field=` for a field it leaves blank: no value, in a create.
  const blankless = (input: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(input).filter(([, v]) => v !== ''));
  return {
    object: p.object,
    table: p.table,
    path: p.path,
    tag: 'Order profiles',
    schemas: profileSchemas(p),

    async create(input, ctx) {
      const id = newId(p.object);
      const sent = blankless(input);
      const doc = await settleProfile(p, id, given({}, sent), ctx, new Set(Object.keys(sent)));
      const stamp = ctx.now.toISOString();
      return { id, object: p.object, live: ctx.scope.live, ...doc, createdAt: stamp, updatedAt: stamp };
    },

    async update(current, input, ctx) {
      const merged = given(profileFieldsOf(p, current), input);
      const doc = await settleProfile(p, current.id, merged, ctx, new Set(Object.keys(input)));
      const { id, object, live, createdAt } = current;
      return { id, object, live, ...doc, createdAt, updatedAt: ctx.now.toISOString() };
    },

    present: (doc, signer) => withSignedLinks(p, doc, signer),

    keptForOrders: keptPdfs(p),

    searchText: (doc) =>
      searchTextOf(Object.fromEntries(Object.entries(doc).filter(([k]) => !unsearchable.has(k)))),
  };
}

/** One document resource per kind of profile, for the route registry. */
export const orderProfileResources = PROFILE_KINDS.map(profileResource);
