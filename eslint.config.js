// The linter guards the layout's boundaries (see CONTRIBUTING.md):
// - a feature never imports another feature; shared pieces live in src/components or src/lib;
// - src/lib, src/components, src/stores and src/offline never import a feature or the app shell;
// - core/ imports nothing from the web app or the server, and no Node or DOM module;
// - the web app never imports the server, nor the server the web app;
// - on the server, routes call services and services never import routes; migrations, lib and security import neither;
// - the web app never compares roles: it asks can(user, action) of the permission table in core;
// Import cycles (type imports included) are found by madge, and exports nothing imports by knip:
// `npm run lint` runs all three.
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = fs
  .readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

const boundaries = [
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'A feature does not import another feature: move the shared piece to src/components, src/data or src/lib.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app shell (router, layout, guards): shared pieces live in src/lib or src/components.',
  },
  {
    target: ['./src/lib', './src/components', './src/stores', './src/offline', './src/data'],
    from: ['./src/features', './src/app'],
    message: 'Shared code does not depend on features or the app shell.',
  },
  // the shared web layers, bottom up: lib < stores < offline < data < components
  {
    target: './src/lib',
    from: ['./src/stores', './src/offline', './src/data', './src/components'],
    message: 'src/lib is the bottom layer (helpers, the HTTP client): it imports no store, no offline code, no data hook, no component.',
  },
  {
    target: './src/stores',
    from: ['./src/offline', './src/data', './src/components'],
    message: 'Stores sit on src/lib only: the offline layer registers itself with them (src/offline/user-change.ts).',
  },
  {
    target: './src/offline',
    from: ['./src/data', './src/components'],
    message: 'The offline layer sits on src/lib and the stores: the data hooks and components use it, not the other way.',
  },
  {
    target: './src/data',
    from: './src/components',
    message: 'Data hooks (src/data) sit below the components that show their data.',
  },
  {
    target: './core',
    from: ['./src', './server', './tests', './scripts'],
    message: 'core/ is plain TypeScript shared by web and server: it imports neither.',
  },
  // the server's layers point one way: routes -> services -> db; services never reach back into routes
  {
    target: './server/services',
    from: './server/routes',
    message: 'A service does not import a route: routes call services (app.services).',
  },
  {
    target: ['./server/db/migrations', './server/lib', './server/security'],
    from: ['./server/services', './server/routes'],
    message: 'Migrations, server/lib and the access rules sit below the services and routes: they import neither.',
  },
  { target: './src', from: './server', message: 'The web app talks to the server over HTTP only; shared types and rules live in core/.' },
  { target: './server', from: './src', message: 'The server does not import the web app; shared code lives in core/.' },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'node_modules/**',
      'data/**',
      '.tmp/**',
      'bench/results/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'react-hooks/rules-of-hooks': 'error',
    },
  },
  {
    files: ['tests/e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: 'A browser test takes `test` from ./fixtures: it gives each worker its own server and sets baseURL.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'core/ runs in the browser and on the server: no Node modules.' }] },
      ],
    },
  },
  {
    // access is decided from one table (core/permissions.ts through src/lib/can.ts), never by comparing roles
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "BinaryExpression[operator=/^[!=]==?$/][left.property.name='role'][right.type='Literal']",
          "BinaryExpression[operator=/^[!=]==?$/][right.property.name='role'][left.type='Literal']",
          "BinaryExpression[operator=/^[!=]==?$/][left.name='role'][right.value=/^(admin|user|vendor|delivery)$/]",
          "CallExpression[callee.property.name='includes'][arguments.0.property.name='role']",
          "SwitchStatement[discriminant.property.name='role']",
        ].map((selector) => ({
          selector,
          message:
            'Ask what the account may do with can(user, action) (src/lib/can.ts, the table in core/permissions.ts), not which role it has.',
        })),
      ],
    },
  },
  prettier,
);
