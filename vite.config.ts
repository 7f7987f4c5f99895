// Build of the guest pages. The route set (public | private | default) is chosen at build time:
// routes of a set that was not built answer Not Found.
import { defineConfig, type Plugin } from 'vite';

const routeSet = process.env.ROUTE_SET ?? 'default';
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

export default defineConfig({
  define: { __ROUTE_SET__: JSON.stringify(routeSet) },
  plugins: [devRuntimeConfig()],
  oxc: { jsx: { runtime: 'automatic' } },
  server: {
    // Same-origin API calls during development go to a locally running backend.
    proxy: process.env.DEV_BACKEND_URL ? { '/api': process.env.DEV_BACKEND_URL } : undefined,
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
});
