// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/tui/**/*.{ts,tsx}', 'test/**/*.tsx'],
    ...reactHooks.configs.flat['recommended-latest'],
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
      // The core layers never import UI code (one direction of imports).
      'no-restricted-imports': ['error', { patterns: ['ink', 'ink-*', 'react', '**/tui/**', '**/cli/**'] }],
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
              group: ['**/tui/**', '**/cli/**', '**/sandbox/**', '**/api/**', '**/config/**'],
              message: 'src/domain imports nothing from the outer layers (types aside).',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
