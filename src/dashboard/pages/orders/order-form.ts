import type { TSchema } from '@sinclair/typebox';
import type { OrderKind } from '../../../api/print-mail/orders/order-kind.js';
import { ORDER_KINDS } from '../../../api/print-mail/orders/order-kinds.js';
import { invalid } from '../../../platform/errors.js';
import { checkBody } from '../../../platform/request-schema.js';
import { type Html, html } from '../../html.js';

/**
 * The create form of any order kind, made from the kind's own create schema (no per-kind page
 * code): contacts as contact ids, enums as selects, markup fields as text areas, objects and
 * arrays as JSON. The submitted form is turned back into the API's body and checked by the
 * same schema the API checks, so a bad value gets the API's message naming the field.
 */
interface FormField {
  name: string;
  type: 'contact' | 'text' | 'markup' | 'number' | 'boolean' | 'choice' | 'json';
  required: boolean;
  choices?: string[];
  description?: string;
}

/** The kind a form or link names; the registry's first (letters) when it names none. */
export const kindNamed = (name: string): OrderKind =>
  ORDER_KINDS.find((k) => k.name === name) ?? ORDER_KINDS[0];

const CONTACT_FIELDS = new Set(['to', 'from']);
const isMarkup = (name: string) => name === 'html' || /HTML$/.test(name);

function fieldOf(name: string, schema: TSchema, required: boolean): FormField | undefined {
  const description = typeof schema.description === 'string' ? schema.description : undefined;
  const base = { name, required, ...(description ? { description } : {}) };
  if (CONTACT_FIELDS.has(name)) return { ...base, type: 'contact' };
  if (Array.isArray(schema.enum)) return { ...base, type: 'choice', choices: schema.enum.map(String) };
  switch (schema.type) {
    case 'string':
      return { ...base, type: isMarkup(name) ? 'markup' : 'text' };
    case 'integer':
    case 'number':
      return { ...base, type: 'number' };
    case 'boolean':
      return { ...base, type: 'boolean' };
    case 'object':
    case 'array':
      return { ...base, type: 'json' };
    default:
      // A file upload or a union: only the API takes those (a PDF URL is a text field above).
      return schema.anyOf && !required ? undefined : { ...base, type: 'text' };
  }
}

export function formFields(kind: OrderKind): FormField[] {
  const schema = kind.schemas.create as TSchema & {
    properties: Record<string, TSchema>;
    required?: string[];
  };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties)
    .map(([name, prop]) => fieldOf(name, prop, required.has(name)))
    .filter((f): f is FormField => f !== undefined)
    .sort((a, b) => Number(b.required) - Number(a.required));
}

/** The API body a submitted form stands for, checked by the kind's create schema. */
export function inputOf(kind: OrderKind, form: Record<string, unknown>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const f of formFields(kind)) {
    const value = form[f.name];
    if (f.type === 'boolean') {
      if (value === 'true' || value === 'false') input[f.name] = value === 'true';
      continue;
    }
    if (typeof value !== 'string' || value.trim() === '') continue;
    if (f.type === 'json') {
      try {
        input[f.name] = JSON.parse(value);
      } catch {
        throw invalid(f.name, 'must be JSON.');
      }
    } else if (f.type === 'number') input[f.name] = Number(value);
    else input[f.name] = f.type === 'markup' ? value : value.trim();
  }
  return checkBody(kind.schemas.create, input);
}

const label = (name: string) =>
  name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/** The form's fields, filled with what was sent (after a refused create). */
export function renderFields(
  kind: OrderKind,
  sent: Record<string, unknown>,
  contacts: Array<{ id: string; label: string }>,
): Html[] {
  return formFields(kind)
    .map((f) => {
      const id = `f-${f.name}`;
      const value = typeof sent[f.name] === 'string' ? (sent[f.name] as string) : '';
      const hintId = f.description ? `${id}-hint` : undefined;
      const common = html`id="${id}" name="${f.name}"${f.required ? html` required` : ''}${hintId ? html` aria-describedby="${hintId}"` : ''}`;
      const hint = f.description ? html`<small id="${hintId}" class="hint">${f.description}</small>` : '';
      const caption = html`<label for="${id}">${label(f.name)}${f.required ? ' (required)' : ''}</label>`;
      switch (f.type) {
        case 'contact':
          return html`<div class="field">${caption}<input ${common} list="contact-ids" value="${value}" placeholder="contact_…" autocomplete="off">${hint}</div>`;
        case 'markup':
        case 'json':
          return html`<div class="field wide">${caption}<textarea ${common} rows="${f.type === 'markup' ? 8 : 3}" spellcheck="false">${value}</textarea>${hint}</div>`;
        case 'choice':
          return html`<div class="field">${caption}<select ${common}>${f.required ? '' : html`<option value="">(default)</option>`}${f.choices!.map(
            (c) => html`<option${c === value ? html` selected` : ''}>${c}</option>`,
          )}</select>${hint}</div>`;
        case 'boolean':
          return html`<div class="field">${caption}<select ${common}><option value="">(default)</option>${[
            'true',
            'false',
          ].map(
            (c) => html`<option${c === value ? html` selected` : ''}>${c}</option>`,
          )}</select>${hint}</div>`;
        default:
          return html`<div class="field">${caption}<input ${common} type="${f.type === 'number' ? 'number' : 'text'}" value="${value}">${hint}</div>`;
      }
    })
    .concat(
      html`<datalist id="contact-ids">${contacts.map((c) => html`<option value="${c.id}">${c.label}</option>`)}</datalist>`,
    );
}
