// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * A Node module imported by name: a default or namespace import of one becomes, in the bundle's
 * CommonJS parts, a copy of every export of the module as a getter (node:fs has 106), made at load.
 */
const NODE_IMPORTS_BY_NAME = {
  selector:
    "ImportDeclaration[importKind='value'][source.value=/^node:/] > :matches(ImportDefaultSpecifier, ImportNamespaceSpecifier)",
  message: "Import what you use from a node: module by name (import { join } from 'node:path').",
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'reports/**', '.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Only where React is (the rest of src/tui is plain TypeScript). The two rules of hooks, not the
    // React Compiler's rules of `recommended-latest`: those compile every component again (half of the
    // lint's time) to check memoisation and render purity, and the views here are thin renderings of
    // one state with no memoisation of their own.
    files: ['src/tui/**/*.tsx', 'src/tui/components/theme.ts', 'test/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Rendering owns the terminal: stray console output corrupts the frame.
      'no-console': 'error',
    },
  },
  {
    files: ['src/api/**', 'src/config/**', 'src/sandbox/**', 'src/text/**'],
    rules: {
      // The core layers never import UI code or how resources are shown (one direction of imports).
      'no-restricted-imports': [
        'error',
        { patterns: ['ink', 'ink-*', 'react', '**/tui/**', '**/cli/**', '**/presentation/**'] },
      ],
    },
  },
  {
    files: ['src/**'],
    ignores: ['src/api/zod.ts', 'src/domain/**'],
    rules: {
      // One zod, loaded on first use (a value import would load it at start-up and make a second copy).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: 'zod is loaded on first use: call zod() from src/api/zod.ts (types may be imported).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**'],
    rules: {
      // The domain is pure logic: no I/O, no UI, nothing from the layers around it (types aside).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['ink', 'ink-*', 'react', 'undici', 'conf', 'node:*', 'fs', 'http', 'https', 'net'],
              message: 'src/domain is pure: no I/O or UI.',
            },
            {
              group: ['**/tui/**', '**/cli/**', '**/sandbox/**', '**/api/**', '**/config/**', '**/presentation/**'],
              message: 'src/domain imports nothing from the outer layers (types aside).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**'],
    rules: { 'no-restricted-syntax': ['error', NODE_IMPORTS_BY_NAME] },
  },
  {
    // Generic code works for every resource of the registry it is given: what only one resource does
    // sits in its entry (src/api/resources.ts, src/presentation/resources.ts) or in the dashboard's
    // extension map (src/tui/extensions.ts). The SLO features (the SLO math's commands, GitOps) are
    // about SLIs and SLOs by nature and may name them.
    files: [
      'src/api/**',
      'src/config/**',
      'src/presentation/**',
      'src/tui/**',
      'src/cli/*.ts',
      'src/cli/commands/{list,get,create,update,delete,dashboard,shared,watch,used-by,completion,auth-*}.ts',
    ],
    ignores: [
      'src/api/resources.ts',
      'src/api/recordFields.ts',
      'src/presentation/resources.ts',
      'src/tui/extensions.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        NODE_IMPORTS_BY_NAME,
        {
          selector: 'Literal[value=/^(slis|slos|organizations|agreements)$/]',
          message:
            'Generic code names no resource: ask the registry entry, or put what one resource does in src/tui/extensions.ts.',
        },
      ],
    },
  },
  {
    files: ['test/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
