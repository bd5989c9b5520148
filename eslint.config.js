// @ts-check
import js from '@eslint/js'
import globals from 'globals'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const crossFeature = 'A feature never imports another feature; move shared code to components/ or lib/.'
// The web app says catalogue values in the reader's language (docs/decisions/0051); the contract's labelOf is English.
const contractLabelOf = {
  name: '@portal/contract',
  importNames: ['labelOf'],
  message: "Import labelOf from '@/lib/labels': it says the value in the current language.",
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Later entries replace this rule for their files, so each of them lists `contractLabelOf` again.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [contractLabelOf] }] },
  },
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [contractLabelOf],
          patterns: [
            { group: ['@/features/*', '@/app/*'], message: 'Shared code never imports features or the app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [contractLabelOf], patterns: [{ group: ['@/features/*', '../*'], message: crossFeature }] },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [contractLabelOf],
          patterns: [{ group: ['@/features/*', '../../*'], message: crossFeature }],
        },
      ],
    },
  },
  {
    files: ['packages/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'react', 'kysely', 'fastify'],
              message: 'The contract is pure: no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    // One way to read the caller in a route (docs/decisions/0098): callerOf carries the address and the sets too.
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[imported.name='requireAuth']",
          message: 'Routes read the caller with callerOf(request) from lib/request-meta, not requireAuth.',
        },
      ],
    },
  },
  {
    // SQL only in repositories (docs/decisions/0098): a service checks, decides and audits; the queries it needs are
    // functions of its module's repository, which a service may call inside a transaction it opens.
    files: ['apps/server/src/modules/**/*.service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'Queries belong in the module repository, not in a service.',
        },
        {
          selector: "ImportDeclaration[source.value='kysely'] ImportSpecifier[imported.name='sql']",
          message: 'Raw SQL belongs in the module repository, not in a service.',
        },
      ],
    },
  },
  {
    // Tests read JSON bodies of arbitrary shape; asserting on them is the point, so typing each one adds nothing.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'apps/server/src/test-support/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['bench/**', 'apps/server/src/seed/cli.ts', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
)
