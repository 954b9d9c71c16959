import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readFileSync } from 'node:fs';

const REMOTES = ['mf-auth', 'mf-domains', 'mf-cart', 'mf-dashboard', 'mf-content', 'mf-staff'];

/** A remote never imports another remote; the shell never imports a remote's source (CONVENTIONS.md). */
const noRemoteImports = (self) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: REMOTES.filter((r) => r !== self).flatMap((r) => [
        { group: [`${r}`, `${r}/*`, `**/${r}/**`, `**/${r}`], message: `Do not import ${r}: load it at run time, or move the code to shared/.` },
      ]),
    },
  ],
});

/**
 * The router is shared as the list of names in shared/federation/react-router.mjs (see that file): a name outside it
 * would be undefined at run time in the composed storefront. Tests use the real package, whole.
 */
const routerNames = [
  ...readFileSync(new URL('./shared/federation/react-router.mjs', import.meta.url), 'utf8').matchAll(/^\s+(\w+),?$/gm),
].map((m) => m[1]);
const routerMessage = 'Not in the shared router: add it to shared/federation/react-router.mjs (it ships to every page).';
const sharedRouterOnly = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: ['react-router', 'react-router-dom'].map((name) => ({
        name,
        allowImportNames: routerNames,
        allowTypeImports: true,
        message: routerMessage,
      })),
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-single/**', '**/node_modules/**', '.data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.bench/**', '**/.deploy-check/**', '**/.deploy-check-dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  ...REMOTES.map((r) => ({ files: [`${r}/**/*.{ts,tsx}`], rules: noRemoteImports(r) })),
  { files: ['shell/**/*.{ts,tsx}'], ignores: ['shell/src/single.ts'], rules: noRemoteImports('shell') },
  { files: ['shared/**/*.{ts,tsx}'], rules: noRemoteImports('shared') },
  {
    files: ['{shell,shared,mf-*}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-utils.tsx', '**/test/**'],
    rules: sharedRouterOnly,
  },
);
