// vite plugin: the pages load the interface texts of their own language only
// (build/messages/<lang>.json, written by forms:build, through src/web/messages.ts), so the
// browser build leaves the every-language catalogue that src/engine/text/i18n.ts imports for the
// server out of the bundle. The server's render of the pages (vite build --ssr) keeps it.
import type { Plugin } from 'vite';

const EMPTY = '\0empty-messages';

export function messagesPlugin(): Plugin {
  return {
    name: 'page-language-messages',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (options?.ssr || !importer || !/[\\/]src[\\/]engine[\\/]text[\\/]i18n\.ts$/.test(importer)) return null;
      return /[\\/]forms[\\/]messages\.json$/.test(source) ? EMPTY : null;
    },
    load(id) {
      return id === EMPTY ? 'export default {};' : null;
    },
  };
}
