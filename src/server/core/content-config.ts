// Content collections (stores, restaurants, ...) and globals are declared as data in
// CONTENT_DIR/collections.json; their seed documents live in CONTENT_DIR/seed.
import fs from 'node:fs';
import path from 'node:path';
import type { FieldKind } from './registry.ts';

export interface ContentCollectionConfig {
  slug: string;
  label: string;
  /** 'public': the public API key may read it; 'staff': only logged-in staff; 'admin': only admins read and edit it (alert rules). */
  read: 'public' | 'staff' | 'admin';
  /** Field that identifies a seed document, so seeding again updates instead of duplicating. */
  key: string;
  fields: Record<string, FieldKind>;
  /** Array fields' row sub-fields, e.g. {"scripts": ["type", "src", ...]}: each row answers with an id and every sub-field (null when empty), as Payload does. */
  rows?: Record<string, string[]>;
  /**
   * What the public API key may see of it, as a Payload where clause; "$today" and "$now" stand
   * for the current date (YYYY-MM-DD) and time. Drafts, expired and closed documents never
   * leave the server: staff see everything.
   */
  publicWhere?: Record<string, unknown>;
  /** Fields only staff read, left out of what the public key gets (e.g. a venue manager's address, which alerts use). */
  staffFields?: string[];
}

export interface GlobalConfig {
  slug: string;
  read: 'public' | 'staff';
}

export interface ContentConfig {
  collections: ContentCollectionConfig[];
  globals: GlobalConfig[];
}

export function loadContentConfig(contentDir: string): ContentConfig {
  const file = path.join(contentDir, 'collections.json');
  if (!fs.existsSync(file)) return { collections: [], globals: [] };
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as ContentConfig & { $comment?: string };
  return { collections: config.collections ?? [], globals: config.globals ?? [] };
}
