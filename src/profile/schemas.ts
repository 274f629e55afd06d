import { Type } from '@sinclair/typebox';

export const Profile = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  plan: Type.Union([Type.Literal('free'), Type.Literal('pro')]),
});
