import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every renderer feature folder: each may import only itself among the features. */
const FEATURES = readdirSync(new URL('./src/renderer/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Han characters and full-width forms: what the literal rule below looks for. */
const CHINESE = '/[\\u3400-\\u9fff\\uff00-\\uffef]/u';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'out/',
      'dist/',
      'release/',
      'data/',
      'docs/api/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver': {
        typescript: {
          project: ['tsconfig.node.json', 'tsconfig.web.json'],
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
      'import-x/no-cycle': 'error',
      // One direction: shared ← (server | main | preload | renderer); in the renderer shared → features → app,
      // features never import each other, and no side imports another platform's files.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/server', './src/main', './src/preload', './src/renderer'],
              message: 'shared imports nothing of its users',
            },
            {
              target: './src/renderer',
              from: ['./src/server', './src/main', './src/preload'],
              message: 'the renderer reaches the desktop only through lib/platform',
            },
            { target: './src/server', from: ['./src/renderer', './src/main', './src/preload'] },
            { target: './src/main', from: ['./src/renderer', './src/server'] },
            { target: './src/preload', from: ['./src/renderer', './src/server', './src/main'] },
            {
              target: './src/renderer/src/features',
              from: './src/renderer/src/app',
              message: 'features never import the app layer',
            },
            {
              target: './src/renderer/src/components',
              from: ['./src/renderer/src/features', './src/renderer/src/app'],
            },
            {
              target: './src/renderer/src/lib',
              from: ['./src/renderer/src/features', './src/renderer/src/app'],
            },
            {
              target: './src/renderer/src/api',
              from: ['./src/renderer/src/features', './src/renderer/src/app'],
            },
            ...FEATURES.map((f) => ({
              target: `./src/renderer/src/features/${f}`,
              from: './src/renderer/src/features',
              except: [`./${f}`],
              message: 'features never import each other: compose them in app/',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='window'][property.name='desktop']",
          message: 'Use lib/platform: components never touch window.desktop.',
        },
      ],
    },
  },
  {
    files: ['src/renderer/src/lib/platform.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
  {
    // User-facing words of the server live in message files (src/shared/messages.ts when more than
    // one side shows them, else the module's own messages.ts), not in its logic.
    // Domain vocabulary that is data (region names, dictionaries) lives in a <name>-vocabulary.ts.
    files: ['src/server/modules/**/*.ts'],
    ignores: ['**/*.test.ts', '**/messages.ts', '**/*-messages.ts', '**/*-vocabulary.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Literal[value=${CHINESE}]`,
          message: 'Chinese text belongs in a messages.ts file (see docs/architecture-notes.md)',
        },
        {
          selector: `TemplateElement[value.raw=${CHINESE}]`,
          message: 'Chinese text belongs in a messages.ts file (see docs/architecture-notes.md)',
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
