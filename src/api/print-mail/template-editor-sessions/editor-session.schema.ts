import { type Static, Type } from '@sinclair/typebox';

/** How long an editor session's link works (the spec's limits table). */
export const EDITOR_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** A CSS colour the editor page may apply: a name, #hex, or rgb()/hsl() of numbers. */
const Color = Type.String({
  maxLength: 60,
  pattern: '^(#[0-9A-Fa-f]{3,8}|[A-Za-z]{1,30}|(rgb|rgba|hsl|hsla)\\([0-9.,%\\s/]{1,40}\\))$',
  description: 'A CSS colour: a name, #hex, or rgb()/hsl().',
});

const Styles = Type.Object(
  {
    canvas: Type.Optional(
      Type.Object({ backgroundColor: Type.Optional(Color) }, { additionalProperties: false }),
    ),
    panelText: Type.Optional(Type.Object({ color: Type.Optional(Color) }, { additionalProperties: false })),
    saveButton: Type.Optional(
      Type.Object(
        { backgroundColor: Type.Optional(Color), textColor: Type.Optional(Color) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: 'Colours of the editor page.' },
);

const Trackers = Type.Union(
  [Type.Literal('all'), Type.Literal('none'), Type.Array(Type.String(), { maxItems: 100 })],
  {
    description: 'Which trackers the editor offers to insert: all, none, or these ids (default all).',
  },
);

export const EditorSessionCreate = Type.Object({
  template: Type.String({ description: 'The template to edit (template_...).' }),
  backURL: Type.Optional(
    Type.String({
      maxLength: 2000,
      description:
        'An http(s) URL the editor returns to after a save; without it the page has no Back button.',
    }),
  ),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  styles: Type.Optional(Styles),
  trackers: Type.Optional(Trackers),
});
export type EditorSessionCreate = Static<typeof EditorSessionCreate>;

export const EditorSession = Type.Object({
  id: Type.String(),
  object: Type.Literal('template_editor_session'),
  live: Type.Boolean(),
  template: Type.String(),
  url: Type.String({
    description: 'The editor page to frame or redirect to; its token is the only credential it needs.',
  }),
  backURL: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  styles: Type.Optional(Styles),
  trackers: Type.Optional(Trackers),
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({
    format: 'date-time',
    description: 'When the url stops working (24 hours after creation).',
  }),
});
export type EditorSession = Static<typeof EditorSession>;
/** The session as stored: its url is made afresh on each read from the sealed token. */
export type StoredEditorSession = Omit<EditorSession, 'url'>;
