import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const web = './web/src';
const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's layers (ARCHITECTURE.md): app -> features -> components / lib -> config, and
 * everything -> domain. A feature never imports another feature: app/ composes them.
 */
const layerZones = [
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: compose them in web/src/app, or move what both need to web/src/lib or web/src/components.',
  })),
  { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import app/: app/ composes features, not the other way round.' },
  {
    target: [`${web}/components`, `${web}/lib`, `${web}/config`],
    from: [`${web}/app`, `${web}/features`],
    message: 'Shared UI (components/), infrastructure (lib/) and settings (config/) do not import app/ or features/.',
  },
  { target: `${web}/lib`, from: `${web}/components`, message: 'lib/ holds no UI: components/ may use lib/, not the other way round.' },
  { target: `${web}/config`, from: [`${web}/lib`, `${web}/components`], message: 'config/ is read by everything and imports none of the app.' },
  { target: './domain', from: ['./web', './functions', './scripts'], message: 'domain/ is pure: it imports nothing of the app around it.' },
  {
    target: `${web}/**/!(*.test).{ts,tsx}`,
    from: `${web}/test`,
    message: 'web/src/test holds test helpers (they compose the real store from app/): only tests import them.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', 'functions/lib/**', '.cache/**', 'bench/out/**', 'web/public/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'scripts/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // CommonJS on purpose: loaded with `node --require` before any module system of the project.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver': { typescript: { project: ['web/tsconfig.json', 'domain/tsconfig.json', 'functions/tsconfig.json', 'scripts/tsconfig.json', 'emulator-tests/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'] } },
    },
    rules: {
      // Import cycles, of values and of types alike, are madge's (`npm run lint`): import-x/no-cycle
      // found the same ones in half of ESLint's time.
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    files: ['functions/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'firebase-functions',
              message: "Import from its entry points ('firebase-functions/logger', '/v2/https', …): the package's root loads every first-generation provider (about 85 ms of each function's cold start).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
