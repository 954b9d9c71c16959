import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const REMOTES = ['mf-auth', 'mf-domains', 'mf-cart', 'mf-dashboard', 'mf-content'];

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
);
