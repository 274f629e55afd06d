import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageQuery, Timestamp } from '../http/schemas.js';

export const MAX_BINDER_NAME = 100;
export const MAX_BINDER_DESCRIPTION = 1_000;
/** Positions past the end are clamped to it, so this only keeps numbers sane. */
export const MAX_POSITION = 100_000;

export const Binder = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  position: Type.Integer({ description: '1-based and dense: binders are numbered 1..n in display order' }),
  entry_count: Type.Integer({ description: 'Collection entries assigned to this binder' }),
  card_count: Type.Integer({ description: 'Sum of those entries\' quantities' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Binder = Static<typeof Binder>;

const Name = Type.String({ minLength: 1, maxLength: MAX_BINDER_NAME, pattern: '\\S', description: `1..${MAX_BINDER_NAME} characters; surrounding spaces are trimmed` });
const Description = Nullable(Type.String({ maxLength: MAX_BINDER_DESCRIPTION }));
const Position = Type.Integer({ minimum: 1, maximum: MAX_POSITION, description: '1-based; past the end means the end; the others are renumbered' });

export const NewBinder = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    position: Type.Optional(Position),
  },
  { additionalProperties: false },
);
export type NewBinder = Static<typeof NewBinder>;

export const BinderPatch = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    position: Type.Optional(Position),
  },
  { additionalProperties: false },
);
export type BinderPatch = Static<typeof BinderPatch>;

export const BinderListQuery = Type.Object({ ...PageQuery }, { additionalProperties: false });
export type BinderListQuery = Static<typeof BinderListQuery>;
