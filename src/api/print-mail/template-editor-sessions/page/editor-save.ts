import { withTransaction } from '../../../../db/tx.js';
import type { AppDeps } from '../../../deps.js';
import { updateDocument } from '../../documents/document-update.js';
import { templateResource } from '../../templates/template.resource.js';
import type { Template } from '../../templates/template.schema.js';
import type { SessionByToken } from '../editor-sessions.repo.js';

/**
 * A save from the editor: the session's template gets the edited HTML (replacing what it had,
 * as the spec says) through the same update as `POST /templates/{id}`, so the same checks
 * (syntax, size) apply and a bad template is a 400 naming `html` with nothing changed.
 */
export function saveTemplateHtml(deps: AppDeps, session: SessionByToken, html: string): Promise<Template> {
  const scope = { orgId: session.orgId, live: session.live };
  return withTransaction(deps.pool, (tx) =>
    updateDocument(
      templateResource,
      tx,
      session.doc.template,
      { html },
      {
        db: tx,
        scope,
        orgCountryCode: session.orgCountryCode,
        now: deps.clock.now(),
        deps,
      },
    ),
  );
}
