// Kept apart from definition.ts so pages that only need the language list do not load TypeBox.
export const LANGUAGES = ['en', 'ar', 'fr'] as const;
export type Lang = (typeof LANGUAGES)[number];

/** Whether a value (a query parameter, a stored setting) names one of the languages. */
export const isLang = (value: unknown): value is Lang => (LANGUAGES as readonly unknown[]).includes(value);
