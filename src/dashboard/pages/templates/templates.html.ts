import type { Template } from '../../../api/print-mail/templates/template.schema.js';
import { pager, query, when } from '../../format.js';
import { type Html, html } from '../../html.js';
import { csrfField, postButton } from '../../page.js';
import { DASHBOARD_PATH } from '../../session/session-token.js';

const D = DASHBOARD_PATH;

export function templatesListHtml(
  list: { search: string; pageNo: number; totalCount: number; templates: Template[] },
  limit: number,
  csrf: string,
  sent: Record<string, unknown>,
  problem?: string,
): Html {
  const text = (name: string) => (typeof sent[name] === 'string' ? (sent[name] as string) : '');
  return html`
<form method="get" action="${D}/templates" class="filters" role="search" aria-label="Search templates">
  <div class="field grow"><label for="q">Search</label><input id="q" name="q" type="search" value="${list.search}"></div>
  <button type="submit">Search</button>
</form>
${
  list.templates.length === 0
    ? html`<p class="empty">No templates.</p>`
    : html`<div class="table-wrap"><table><caption class="visually-hidden">Templates</caption>
<thead><tr><th scope="col">Template</th><th scope="col">Description</th><th scope="col">Updated</th></tr></thead>
<tbody>${list.templates.map(
        (t) =>
          html`<tr><td><a href="${D}/templates/${t.id}">${t.id}</a></td><td>${t.description ?? ''}</td><td>${when(t.updatedAt)}</td></tr>`,
      )}</tbody></table></div>`
}
${pager(list.totalCount, list.pageNo, limit, (p) => `${D}/templates${query({ q: list.search, page: p })}`)}
<form method="post" action="${D}/templates" class="card" aria-labelledby="new-template-h">
  <h2 id="new-template-h">New template</h2>
  ${problem ? html`<p class="error" role="alert">${problem}</p>` : ''}
  ${csrfField(csrf)}
  <div class="field"><label for="description">Description</label><input id="description" name="description" type="text" value="${text('description')}"></div>
  <div class="field"><label for="html">HTML</label><textarea id="html" name="html" rows="6" spellcheck="false" aria-describedby="html-hint">${text('html')}</textarea>
  <small id="html-hint" class="hint">Merge variables are written {{to.firstName}}, {{myVariable}}…</small></div>
  <button type="submit">Create template</button>
</form>`;
}

export function templateHtml(t: Template, csrf: string): Html {
  return html`
<p><a href="${D}/templates">← All templates</a></p>
<div class="actions">${postButton(csrf, `${D}/templates/${t.id}/edit`, 'Edit in the template editor')}</div>
<div class="columns">
<section class="card" aria-labelledby="preview-h"><h2 id="preview-h">Preview with sample values</h2>
  <div class="pdf" data-pdf-url="${D}/templates/${t.id}/preview" role="region" aria-label="Preview of the template as a letter"><p class="muted">Rendering the preview…</p></div>
</section>
<section class="card" aria-labelledby="src-h"><h2 id="src-h">HTML</h2>
  <p class="muted">${t.id}, updated ${when(t.updatedAt)}</p>
  <pre class="json">${t.html ?? ''}</pre>
</section>
</div>
<script type="module" src="${D}/assets/pdf-viewer.js"></script>`;
}
