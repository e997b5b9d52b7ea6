// ESLint: typescript-eslint's recommended type-aware rules for the TypeScript, eslint-plugin-astro
// for the pages; formatting is Prettier's job (eslint-config-prettier turns the overlapping
// rules off). Run by `npm run lint`, which CI runs before the tests.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', '.astro/', '.netlify/', '.generated/', '.deno/', 'functions/edge/stubs/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
  },
  prettier,
);
