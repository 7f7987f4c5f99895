// The signed-in account as GET /api/users/me answers it (and the login answer's user): declared
// once here, the server's response schema and the pages' session type.
import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '../access/roles.ts';

export const RoleSchema = Type.Union(ROLES.map((role) => Type.Literal(role)));

export const StaffSessionUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  /** Every role the account holds (it may do what any of them grants). */
  roles: Type.Array(RoleSchema),
  /** Venue slugs the venue-scoped roles (manager) are limited to. */
  venues: Type.Array(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type StaffSessionUser = Static<typeof StaffSessionUser>;

/** GET /api/users/me: the account, or user null when nobody is signed in (Payload's answer). */
export const SessionAnswer = Type.Object({
  user: Type.Union([Type.Composite([StaffSessionUser, Type.Object({ collection: Type.Literal('users'), _strategy: Type.String() })]), Type.Null()]),
  message: Type.String(),
  collection: Type.Optional(Type.String()),
  strategy: Type.Optional(Type.String()),
  exp: Type.Optional(Type.Integer()),
  token: Type.Optional(Type.String()),
});
export type SessionAnswer = Static<typeof SessionAnswer>;

/** The human check's action for a sign-in to an account many wrong passwords were tried for (the server's captcha actions and the login page). */
export const SIGN_IN_CAPTCHA_ACTION = 'staff_sign_in';
