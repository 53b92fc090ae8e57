import { type Static, Type } from '@sinclair/typebox';
import { ListQuery } from '../../../platform/lists.js';

export const Event = Type.Object({
  id: Type.String(),
  object: Type.Literal('event'),
  live: Type.Boolean(),
  type: Type.String(),
  data: Type.Record(Type.String(), Type.Unknown(), {
    description: 'The resource snapshot after the change.',
  }),
  updatedFields: Type.Optional(Type.Array(Type.String())),
  createdAt: Type.String({ format: 'date-time' }),
});

const TypeFilter = Type.Optional(
  Type.Array(Type.String({ maxLength: 1000 }), {
    maxItems: 50,
    description: 'Event types to keep: `type=a,b` or `type[]=a&type[]=b`.',
  }),
);

/** List query plus the type filter, in both spellings clients use. */
export const EventListQuery = Type.Composite([
  ListQuery,
  Type.Object({ type: TypeFilter, 'type[]': TypeFilter }),
]);
export type EventListQuery = Static<typeof EventListQuery>;
