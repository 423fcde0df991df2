import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from './eslint-rules/no-import-cycle.js';

// The import direction of docs/architecture.md ("Layers"): app → features → components/api → domain/contract.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerZones = [
  // A feature is a screen; what two features share belongs in src/components, src/domain or the api slice.
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature imports no other feature: move what both need to src/components or src/domain.',
  })),
  {
    target: './src/components',
    from: ['./src/app', './src/features'],
    message: 'Shared components import neither the app shell nor features.',
  },
  {
    target: './src/domain',
    from: ['./src', './server'],
    except: ['./domain'],
    message: 'src/domain is shared with the server and the respondent page: it imports only itself and zod.',
  },
  {
    // The contract's schemas are built from the form document's schemas in src/domain.
    target: './src/contract',
    from: ['./src', './server'],
    except: ['./contract', './domain'],
    message: 'src/contract is shared with the server: it imports only itself, src/domain and zod.',
  },
  {
    target: './src/respondent',
    from: ['./src/app', './src/features'],
    message: 'The respondent page is its own small build: no app shell, store or feature code in it.',
  },
  {
    target: './server',
    from: './src',
    except: ['./domain', './contract'],
    message: 'The server imports only src/domain and src/contract from src/.',
  },
];
export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', '.data', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX, local: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'local/no-import-cycle': 'error',
    },
  },
  {
    // Packages: src/domain and src/contract run in the browser, the respondent page and the server alike.
    files: ['src/domain/**/*.ts', 'src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod(/|$)|\\.)', message: 'src/domain and src/contract import no package but zod.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-*'] }],
    },
  },
  {
    // The Zapier app is its own CommonJS package, run by Zapier's Node runtime (`zapier push`), not by our build.
    files: ['zapier-app/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
