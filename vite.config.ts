// Build of the guest pages. The route set (public | private | default) is chosen at build time:
// routes of a set that was not built answer Not Found, and their code and texts are not built.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { RouteSet } from './src/engine/definition/routes.ts';
import { compressPlugin } from './scripts/lib/compress-plugin.ts';
import { PAGE_CHUNKS, preloadApplication } from './scripts/lib/page-chunks.ts';
import { messagesPlugin } from './scripts/lib/messages-plugin.ts';
import { routeSetPlugin } from './scripts/lib/route-set-plugin.ts';

const routeSet = (process.env.ROUTE_SET ?? 'default') as RouteSet;
if (!['public', 'private', 'default'].includes(routeSet)) {
  throw new Error(`ROUTE_SET must be public, private or default, got "${routeSet}"`);
}

/**
 * In production the server answers /runtime-config.js. The dev server has no backend of its own,
 * so it answers the same script from environment variables (DEV_API_BASE_URL etc.).
 */
function devRuntimeConfig(): Plugin {
  return {
    name: 'dev-runtime-config',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/runtime-config.js', (_req, res) => {
        const config = {
          publicApiKey: process.env.DEV_PUBLIC_API_KEY ?? '',
          recaptchaSiteKey: process.env.DEV_RECAPTCHA_SITE_KEY ?? '',
          recaptchaScriptUrl: process.env.DEV_RECAPTCHA_SCRIPT_URL ?? 'https://www.google.com/recaptcha/api.js',
          apiBaseUrl: process.env.DEV_API_BASE_URL ?? '',
        };
        res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
        res.end(`window.__RUNTIME_CONFIG__ = ${JSON.stringify(config)};`);
      });
    },
  };
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Three RJSF dependencies no form needs (markdown in descriptions, $ref URI resolution, allOf
 * merging: page schemas have no allOf), and the parts of its default registry no compiled form
 * reaches (UNUSED_RJSF_PARTS), are replaced, for RJSF only, by small stand-ins. This keeps each
 * form page within its size budget (about 30 KB gzip less).
 */
const UNUSED_RJSF_PARTS = [
  // Fields for anyOf/oneOf and layout grids: the compiled schemas have none.
  'MultiSchemaField',
  'LayoutGridField',
  'LayoutHeaderField',
  'LayoutMultiSchemaField',
  'FallbackField',
  // Default widgets no question names (each names one of widgets/registry.ts).
  'AltDateTimeWidget',
  'AltDateWidget',
  'ColorWidget',
  'DateTimeWidget',
  'DateWidget',
  'EmailWidget',
  'FileWidget',
  'PasswordWidget',
  'RangeWidget',
  'RatingWidget',
  'TimeWidget',
  'UpDownWidget',
  'URLWidget',
  'CheckboxesWidget',
  'RadioWidget',
  'SelectWidget',
  'TextareaWidget',
];

function slimFormLibrary(): Plugin {
  const standIns: Record<string, string> = {
    'markdown-to-jsx/react': here('./src/web/vendor/plain-markdown.tsx'),
    'fast-uri': here('./src/web/vendor/uri-resolver.ts'),
    './shallowAllOfMerge.js': here('./src/web/vendor/shallow-all-of-merge.ts'),
    ...Object.fromEntries(UNUSED_RJSF_PARTS.map((name) => [`./${name}.js`, here('./src/web/vendor/unused-rjsf-part.tsx')])),
  };
  return {
    name: 'slim-form-library',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source in standIns && importer && /[\\/]@rjsf[\\/]/.test(importer)) return standIns[source];
      return null;
    },
  };
}

/**
 * react-router's package exports name only its development build (warnings, invariant texts: about
 * 5 KB gzip more); the production build beside it is the same router without them.
 */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: here('./node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: here('./node_modules/react-router/dist/production/dom-export.mjs') },
];

export default defineConfig(({ isSsrBuild, mode }) => ({
  resolve: { alias: mode === 'production' ? REACT_ROUTER_PRODUCTION : [] },
  plugins: [devRuntimeConfig(), slimFormLibrary(), messagesPlugin(), routeSetPlugin(routeSet), preloadApplication(), compressPlugin()],
  oxc: { jsx: { runtime: 'automatic' } },
  server: {
    // Same-origin API calls during development go to a locally running backend.
    proxy: process.env.DEV_BACKEND_URL ? { '/api': process.env.DEV_BACKEND_URL } : undefined,
  },
  // The server's render of the pages (vite build --ssr, see src/web/ssr/renderPage.tsx): one file
  // with its packages inside, so it runs exactly the code the browser runs.
  ssr: { noExternal: true },
  build: {
    outDir: isSsrBuild ? 'dist/server' : 'dist',
    // The server links each page's CSS and preloads its chunks from the manifest (src/server/features/render/prerender.ts).
    manifest: !isSsrBuild,
    target: 'es2022',
    sourcemap: false,
    // The application chunk (React, the router, i18next) is about 410 KB before compression, 124 KB gzip.
    chunkSizeWarningLimit: 450,
    rolldownOptions: {
      ...(isSsrBuild
        ? { input: here('./src/web/ssr/renderPage.tsx'), output: { entryFileNames: 'render-page.js' } }
        : { output: { codeSplitting: { groups: PAGE_CHUNKS } } }),
      onwarn(warning, warn) {
        // RJSF marks its hooks 'use client' (a React Server Components hint that means nothing here).
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
}));
