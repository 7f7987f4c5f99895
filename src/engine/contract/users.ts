// An account as admins manage it (GET /api/users, the doc of POST /api/users and PATCH
// /api/users/:id): declared once here, the users routes' response schema and the users page's type.
import { Type, type Static } from '@sinclair/typebox';
import { ListPageOf } from './list-page.ts';
import { StaffSessionUser } from './session.ts';

/** How the account signs in (a password, the company's single sign-on), whether it is disabled; never its password hash. */
export const ManagedUser = Type.Composite([
  StaffSessionUser,
  Type.Object({ collection: Type.Literal('users'), password: Type.Boolean(), sso: Type.Boolean(), disabled: Type.Boolean() }),
]);
export type ManagedUser = Static<typeof ManagedUser>;

/** GET /api/users. */
export const UsersAnswer = ListPageOf(ManagedUser);
export type UsersAnswer = Static<typeof UsersAnswer>;

/** POST /api/users (201) and PATCH /api/users/:id (200): the account after the change. */
export const UserChangeAnswer = Type.Object({ doc: ManagedUser, message: Type.String() });

/**
 * GET and PATCH /api/users/me/preferences: the signed-in account's own settings (its profile,
 * /staff/profile): the language of what is sent to it, and whether it gets the weekly digest.
 */
export const StaffPreferences = Type.Object({
  lang: Type.Union([Type.Literal('en'), Type.Literal('ar'), Type.Literal('fr')]),
  digest: Type.Boolean(),
});
export type StaffPreferences = Static<typeof StaffPreferences>;

/** PATCH /api/users/me/preferences answers the settings after the change. */
export const StaffPreferencesAnswer = Type.Object({ doc: StaffPreferences, message: Type.String() });
export type StaffPreferencesAnswer = Static<typeof StaffPreferencesAnswer>;
