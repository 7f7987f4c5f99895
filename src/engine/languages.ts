// Kept apart from definition.ts so pages that only need the language list do not load TypeBox.
export const LANGUAGES = ['en', 'ar', 'fr'] as const;
export type Lang = (typeof LANGUAGES)[number];
