// The users feature's change to the users table (its id 203): each account's own preferences, set on
// its profile (/staff/profile): the language of what is sent to it (the weekly digest) and whether
// it gets the digest at all.
import type { Migration } from '../../core/db/migrations.ts';

export const USERS_MIGRATIONS: Migration[] = [
  {
    id: 203,
    name: "users: each account's language for what is sent to it, and its weekly digest on or off",
    statements: [
      `ALTER TABLE users ADD COLUMN lang text NOT NULL DEFAULT 'en' CHECK (lang IN ('en', 'ar', 'fr'))`,
      `ALTER TABLE users ADD COLUMN digest boolean NOT NULL DEFAULT true`,
    ],
  },
];
