import { Type, type Static } from '@sinclair/typebox';
import { SCOPES } from '../auth/scopes.js';
import { Nullable, Timestamp } from '../http/schemas.js';

const ScopeName = Type.Union(SCOPES.map((s) => Type.Literal(s)));

/** A registered application as its developer sees it (never its secret). */
export const OAuthApp = Type.Object({
  client_id: Type.String(),
  name: Type.String(),
  homepage_url: Nullable(Type.String()),
  redirect_uris: Type.Array(Type.String()),
  type: Type.Union([Type.Literal('confidential'), Type.Literal('public')]),
  secret_hint: Nullable(Type.String({ description: 'Last 4 characters of the client secret; null for public clients' })),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type OAuthApp = Static<typeof OAuthApp>;

export const CreatedOAuthApp = Type.Composite([
  OAuthApp,
  Type.Object({ client_secret: Nullable(Type.String({ description: 'Shown in this answer only; null for public clients' })) }),
]);
export type CreatedOAuthApp = Static<typeof CreatedOAuthApp>;

export const CreateOAuthAppBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    homepage_url: Type.Optional(Nullable(Type.String({ maxLength: 2100 }))),
    redirect_uris: Type.Array(Type.String({ maxLength: 2100 }), { maxItems: 50 }),
    type: Type.Union([Type.Literal('confidential'), Type.Literal('public')]),
  },
  { additionalProperties: false },
);
export type CreateOAuthAppBody = Static<typeof CreateOAuthAppBody>;

/** An application a user has authorized (all of its live grants together). */
export const Authorization = Type.Object({
  client_id: Type.String(),
  name: Type.String(),
  homepage_url: Nullable(Type.String()),
  scopes: Type.Array(ScopeName),
  granted_at: Timestamp,
  first_granted_at: Timestamp,
  last_used_at: Nullable(Timestamp),
  grants: Type.Integer({ description: 'How many times the user allowed it (each sign-in through the app is a grant)' }),
});
export type Authorization = Static<typeof Authorization>;

export const ClientIdParams = Type.Object({ client_id: Type.String({ minLength: 1, maxLength: 100 }) });
