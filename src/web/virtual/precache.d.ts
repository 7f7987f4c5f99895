// The types of `virtual:precache`, written by vite.sw.config.ts from the pages' build manifest.
/** The form pages' own files, for Workbox's precache (hashed names: no revision needed). */
export declare const precache: { url: string; revision: string | null }[];
/** Names the worker's runtime caches: a new build's worker deletes the old build's. */
export declare const buildId: string;
