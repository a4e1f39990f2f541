// One lint configuration for the whole repository (`npm run lint`, run by `npm test`): typed
// typescript-eslint rules on the API, scripts and tests (tsconfig.json) and on the web app
// (web/tsconfig.json), React hooks and accessibility rules on the web app.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'packages/*/dist/**',
      'data/**',
      'coverage/**',
      'bench/**',
      'api/src/generated/**',
      'web/src/**/__generated__/**',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['prisma.config.ts', 'web/vite.config.ts', 'web/pwa/*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // React ignores what an event handler returns: `onClick={async () => …}` is the idiom.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `const { omitted, ...rest } = row` is how a row loses fields before it is written.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // Pothos plugins register their types by augmenting `declare global { namespace PothosSchemaTypes }`
      // (Pothos' documented pattern); namespaces in code stay refused.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
    },
  },
  {
    // The root configuration files (eslint, jest, relay) are plain JavaScript outside the
    // TypeScript projects: the recommended rules without type information.
    files: ['*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  {
    // The service worker is plain JavaScript the build copies with its file list (web/pwa/plugin.ts).
    files: ['web/pwa/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.serviceworker },
  },
  {
    // The prerendered pages' starter: plain JavaScript the build copies (scripts/prerender-pages.ts).
    files: ['web/prerender/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.browser },
  },
  {
    files: ['api/**/*.ts', 'prisma/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'tests/**/*.tsx'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
  },
  {
    // Tests read the server's JSON answers, untyped by nature, and hand jest's mocks around.
    files: ['tests/**/*.ts', 'tests/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    languageOptions: { globals: globals.browser },
    ...reactHooks.configs.flat['recommended-latest'],
  },
  { files: ['web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
);
