// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    files: ['test/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
