import type { Queryable } from '../../../db/pool.js';
import type { Scope } from '../../../db/scope.js';
import type { DataKeys } from '../../../platform/data-keys.js';
import { invalid } from '../../../platform/errors.js';
import { ID_PREFIX, isId, newId } from '../../../platform/ids.js';
import { searchTextOf } from '../../../platform/lists.js';
import { getTemplateDoc } from '../templates/templates.repo.js';
import { existingTrackers } from '../trackers/tracker-visits.repo.js';
import {
  EDITOR_SESSION_TTL_MS,
  type EditorSession,
  type EditorSessionCreate,
  type StoredEditorSession,
} from './editor-session.schema.js';
import { insertSession, type SessionRow } from './editor-sessions.repo.js';
import { editorTokenHash, editorUrl, newEditorToken } from './editor-token.js';

export interface SessionContext {
  now: Date;
  dataKeys: DataKeys;
  publicUrl: string;
}

/**
 * A new session for one of the caller's templates, written in the caller's transaction. Its
 * token is kept as a hash (to find the session) and sealed (to answer its url on reads).
 */
export async function createEditorSession(
  db: Queryable,
  scope: Scope,
  input: EditorSessionCreate,
  ctx: SessionContext,
): Promise<EditorSession> {
  const template = input.template.trim();
  if (!isId(ID_PREFIX.template, template)) throw invalid('template', 'must be a template id (template_...).');
  if (!(await getTemplateDoc(db, scope, template)))
    throw invalid('template', `refers to template ${template}, which does not exist.`);
  const backURL = input.backURL?.trim() ? checkBackUrl(input.backURL.trim()) : undefined;
  const title = input.title?.trim();
  const trackers = Array.isArray(input.trackers)
    ? await checkTrackers(db, scope, input.trackers)
    : input.trackers;
  const token = newEditorToken();
  const doc: StoredEditorSession = {
    id: newId(ID_PREFIX.templateEditorSession),
    object: 'template_editor_session',
    live: scope.live,
    template,
    ...(backURL ? { backURL } : {}),
    ...(title ? { title } : {}),
    ...(input.styles ? { styles: input.styles } : {}),
    ...(trackers ? { trackers } : {}),
    createdAt: ctx.now.toISOString(),
    expiresAt: new Date(ctx.now.getTime() + EDITOR_SESSION_TTL_MS).toISOString(),
  };
  const sealed = ctx.dataKeys.seal(token);
  await insertSession(db, scope, doc, { hash: editorTokenHash(token), sealed }, searchText(doc)).catch(
    (err) => {
      // The template was deleted between the check and the insert (its foreign key).
      if ((err as { code?: string }).code === '23503')
        throw invalid('template', `refers to template ${template}, which does not exist.`);
      throw err;
    },
  );
  return presentSession({ doc, sealed }, ctx);
}

/** A session as the API answers it: the stored doc with its url, made from the sealed token. */
export function presentSession(
  row: SessionRow,
  ctx: Pick<SessionContext, 'dataKeys' | 'publicUrl'>,
): EditorSession {
  const { id, object, live, template, ...rest } = row.doc;
  return {
    id,
    object,
    live,
    template,
    url: editorUrl(ctx.publicUrl, ctx.dataKeys.open(row.sealed)),
    ...rest,
  };
}

/** Only http(s): the page navigates there after a save, and a `javascript:` URL would run in it. */
function checkBackUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('backURL', 'must be an absolute http(s) URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw invalid('backURL', 'must be an http(s) URL.');
  return raw;
}

async function checkTrackers(db: Queryable, scope: Scope, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids.map((id) => id.trim()))];
  const badShape = unique.find((id) => !isId(ID_PREFIX.tracker, id));
  if (badShape !== undefined)
    throw invalid('trackers', `must be "all", "none" or tracker ids; "${badShape}" is not one.`);
  const found = unique.length ? await existingTrackers(db, scope, unique) : new Set<string>();
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw invalid('trackers', `names ${missing}, which is not one of your trackers.`);
  return unique;
}

const searchText = (doc: StoredEditorSession) => searchTextOf({ id: doc.id, t: doc.template, n: doc.title });
