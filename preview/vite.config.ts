// npm run forms:preview — a dev server for authors, apart from the pages' build (vite.config.ts
// builds index.html only, so nothing here is ever in dist/). Its root is the project's, so the
// engine and the widgets resolve as they do for the pages.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { previewPlugin } from '../scripts/lib/preview-plugin.ts';
import { routeSetPlugin } from '../scripts/lib/route-set-plugin.ts';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  plugins: [previewPlugin(), routeSetPlugin('default')],
  oxc: { jsx: { runtime: 'automatic' } },
  server: { port: Number(process.env.PREVIEW_PORT ?? 5180) },
});
