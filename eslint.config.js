// ESLint: typescript-eslint's type-aware recommended rules for the TypeScript that tsconfig.json
// covers, eslint-plugin-astro for the pages, the untyped rules for everything else; formatting
// is Prettier's job (eslint-config-prettier turns the overlapping rules off). Run by
// `npm run lint` (which CI runs before the tests) after a build: the functions import JSON the
// build writes to .generated/, and `astro:content` is typed by .astro/types.d.ts.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['node_modules/', 'dist/', '.astro/', '.netlify/', '.generated/', '.deno/', 'functions/edge/stubs/'],
  },
  js.configs.recommended,
  // The untyped baseline for every file, including functions/edge (Deno code that tsconfig.json
  // excludes, so it has no type information) and the .mjs/.js configuration files.
  tseslint.configs.recommended,
  {
    // Type-aware rules where tsconfig.json gives the types.
    files: ['src/**/*.ts', 'functions/**/*.{ts,mts}', 'scripts/**/*.ts', 'tests/**/*.ts', '*.config.ts'],
    // `*.astro/*.ts` are the <script> blocks eslint-plugin-astro extracts from pages: no
    // project holds them, so they keep the untyped rules.
    ignores: ['functions/edge/**', '**/*.astro/*'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  astro.configs.recommended,
  {
    // Node's globals everywhere but in the pages' browser scripts (the Deno edge function uses
    // only web-standard globals, which Node has too).
    ignores: ['**/*.astro/*'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    rules: {
      // `_`-prefixed names are deliberately unused: a destructured property left out of a copy
      // (`const { $schema: _dialect, ...rest } = …`) or a parameter a signature requires.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests read JSON response bodies as `any` and assert on their shape; typing every body
    // would restate the schemas the tests exist to check.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  prettier,
);
