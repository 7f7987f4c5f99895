// Lint for the whole repository (`npm run lint`, part of `npm test`). Besides the usual
// correctness rules it enforces the one-way imports of the README's Layout: web -> engine, server -> engine,
// scripts -> engine|server; the engine imports neither, nor React, nor Node built-ins.
// Type-aware linting is off: it builds the whole TypeScript program again (tried: about 110 s on
// this 2-core machine instead of about 20 s), and `npm run typecheck` already checks the types.
import fs from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
/** A rule item (no-restricted-syntax lists replace each other per file, so each list that applies to src repeats it). */
const ONE_TIME_ZONE = {
  selector: "Literal[value='Asia/Qatar']",
  message: "Name the venues' time zone through src/engine/text/venue-zone.ts (VENUE_TIME_ZONE); format instants with venue-time.ts (venueTime).",
};

/** Who may not import whom (import-x/no-restricted-paths); tests/unit/lint-boundaries.test.ts proves it fires. */
const layers = {
  engine: {
    target: './src/engine',
    from: ['./src/web', './src/server', './scripts', './tests'],
    message: 'src/engine is shared by web, server and scripts, so it imports none of them (imports flow one way: README, Layout).',
  },
  web: {
    target: './src/web',
    from: ['./src/server', './scripts', './tests'],
    message: 'src/web talks to the server over HTTP only; share code through src/engine (web and server never import each other: README, Layout).',
  },
  server: {
    target: './src/server',
    from: ['./src/web', './scripts', './tests'],
    message: 'src/server never imports the pages; share code through src/engine (web and server never import each other: README, Layout).',
  },
  countries: {
    target: './src/web',
    from: ['./src/engine/checks/countries.ts', './forms/countries.json'],
    message:
      "The pages get the dial codes and one language's country names from forms:build (src/web/widgets/dialCodes.ts, countryNames.ts), not every name in every language.",
  },
  scripts: {
    target: './scripts',
    from: ['./src/web', './tests'],
    message: 'scripts are CLIs over src/engine and src/server; they do not import the pages.',
  },
};

/** The folders directly under `dir` (feature folders, page folders): each one gets its own zone. */
const folders = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The server's layout (README, Layout): core never reaches into a feature; a feature uses another only through
 * that feature's index.ts; a page folder of src/web/pages never imports another page folder.
 */
/** The page folders of the staff console (and the employee pages signed in with it): they use the staff kit, src/web/staff/ (the list is also the build's, scripts/lib/page-chunks.ts). */
const STAFF_PAGES = JSON.parse(fs.readFileSync(`${root}/src/web/staff/page-folders.json`, 'utf8'));
const features = folders('./src/server/features/');
const pages = folders('./src/web/pages/');
const featureZones = [
  {
    target: './src/server/core',
    from: './src/server/features',
    message: 'src/server/core is what every feature stands on, so it imports no feature (README, Layout).',
  },
  ...features.map((feature) => ({
    target: `./src/server/features/${feature}`,
    from: './src/server/features',
    except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
    message: 'A feature uses another only through its index.ts (or through src/server/core).',
  })),
  ...pages.map((page) => ({
    target: `./src/web/pages/${page}`,
    from: './src/web/pages',
    except: [`./${page}`],
    message: 'Page folders do not import each other: share code through src/web/staff (the staff kit), src/web/ui, src/web/form or src/engine.',
  })),
];

export default defineConfig([
  globalIgnores([
    'dist/',
    'build/',
    'data/',
    'coverage/',
    '.bench/',
    '**/*.validate.mjs', // precompiled validators written by `npm run forms:build`
  ]),

  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      // Imports name their file with its extension (`./compile.ts`, tsconfig allowImportingTsExtensions),
      // so Node's resolution finds every one of them; no TypeScript resolver needed. Only ES module
      // conditions: with the default's 'require' a package's `exports` can point at CommonJS files it
      // does not ship (@rjsf/validator-ajv8's lib/*.js).
      'import-x/resolver-next': [createNodeResolver({ conditionNames: ['import', 'default'] })],
      // no-cycle follows imports into the files they name: it must parse TypeScript to do so.
      'import-x/extensions': ['.js', '.mjs', '.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // `const { a: _a, ...rest } = x` drops a key; an underscore marks a deliberately unused name.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
      // The boundary rule skips an import it cannot resolve, so an unresolvable import is itself an error.
      // vite's virtual modules (virtual:route-set) exist only inside the build.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...Object.values(layers), ...featureZones] }],
      // A circle of imports (even of types only) means two modules are one; split what they share out.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  {
    files: ['src/engine/**'],
    languageOptions: { globals: globals['shared-node-browser'] },
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-*', '@rjsf/*'],
              message: 'src/engine knows forms and nothing of React; renderers live in src/web.',
            },
          ],
        },
      ],
      // tsconfig gives every file Node's and the page's types, so TypeScript would not catch these.
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'require', 'module', '__dirname', '__filename', 'global'].map((name) => ({
          name,
          message: 'src/engine runs in the page too: no Node APIs.',
        })),
        ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator'].map((name) => ({
          name,
          message: 'src/engine runs on the server too: no browser APIs.',
        })),
      ],
    },
  },

  {
    // The plugin's recommended set: the two classic hook rules plus the React Compiler's checks
    // (refs, purity, set-state-in-effect, ...). All stay on: they find a handful of real patterns
    // in src/web, not a flood. incompatible-library and unsupported-syntax stay warnings as the
    // plugin ships them: they only say the compiler would skip a component, and we do not run it.
    files: ['src/web/**', 'preview/**/*.tsx'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    languageOptions: {
      globals: globals.browser,
    },
    rules: {
      'react-hooks/exhaustive-deps': 'error', // shipped as a warning; a stale closure is a bug
    },
  },

  {
    // The staff kit (src/web/staff/, outside the page folders so every one may import it) is the one way a
    // page calls the server: no page folder calls fetch itself (README, Staff console).
    files: ['src/web/pages/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call the server through src/web/staff/staffRequest.ts (staffRequest, staffFetch) or src/web/api/client.ts.' },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message: 'Call the server through src/web/staff/staffRequest.ts or src/web/api/client.ts.',
        })),
      ],
    },
  },

  {
    // The venues' time zone is named once (engine/text/venue-zone.ts); every date a person reads is formatted by engine/text/venue-time.ts.
    files: ['src/**'],
    ignores: ['src/engine/text/venue-zone.ts'],
    rules: { 'no-restricted-syntax': ['error', ONE_TIME_ZONE] },
  },

  {
    // One time zone and one digit rule for the whole console: its pages format dates and numbers with
    // src/web/staff/staffTime.ts only.
    files: STAFF_PAGES.map((folder) => `src/web/pages/${folder}/**`),
    rules: {
      'no-restricted-syntax': [
        'error',
        ONE_TIME_ZONE,
        {
          selector: "MemberExpression[object.name='Intl'][property.name=/^(DateTimeFormat|NumberFormat|RelativeTimeFormat)$/]",
          message: 'Staff pages format dates and numbers with src/web/staff/staffTime.ts (Doha time, Latin digits).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Staff pages format dates and numbers with src/web/staff/staffTime.ts (Doha time, Latin digits).',
        },
      ],
    },
  },

  {
    files: ['src/server/**', 'scripts/**', 'tests/**', '*.config.{js,ts}', 'preview/vite.config.ts'],
    languageOptions: { globals: globals.node },
  },

  {
    // Classic page scripts: the reCAPTCHA stand-in the browser tests load, and the demo restaurant tag.
    files: ['tests/support/*.js', 'public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
]);
