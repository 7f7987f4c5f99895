// The types of `virtual:precache`, written by vite.sw.config.ts from the pages' build manifest.
/** The form pages' own files, for Workbox's precache (hashed names: no revision needed). */
export declare const precache: { url: string; revision: string | null }[];
