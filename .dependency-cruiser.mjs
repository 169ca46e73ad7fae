/**
 * The import graph's rules, checked by `npm test` (`npm run check:imports`).
 * ESLint's no-restricted-imports keeps each layer's own imports in line; this
 * checks what a file-by-file linter cannot see: cycles across files (tsc
 * checks that every import resolves).
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle makes load order matter and a module impossible to test alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-layers-below-the-ui',
      comment: 'api, domain, config, text and sandbox know nothing of the dashboard or the CLI.',
      severity: 'error',
      from: { path: '^src/(api|domain|config|text|sandbox)/' },
      to: { path: '^src/(tui|cli|presentation)/' },
    },
    {
      name: 'wire-below-the-domain',
      comment:
        'The wire (src/api) knows records, not what they mean: the domain reads the wire, never the other way round.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/domain/' },
    },
    {
      name: 'presentation-above-the-wire',
      comment:
        'How resources are shown (src/presentation) reads the wire registry, the domain and text helpers; never config, the sandbox, the dashboard or the CLI.',
      severity: 'error',
      from: { path: '^src/presentation/' },
      to: { path: '^src/(config|sandbox|tui|cli)/' },
    },
    {
      name: 'dashboard-below-the-cli',
      comment: 'The CLI starts the dashboard, never the other way round.',
      severity: 'error',
      from: { path: '^src/tui/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'first-frames-without-react',
      comment:
        "The dashboard's plain TypeScript (state, view model, the painter of the first frames) runs before React and Ink load (src/tui/firstFrames.ts): only .tsx files and the theme's context import them, and run.ts loads inkRoot.tsx by dynamic import.",
      severity: 'error',
      from: { path: '^src/tui/.*\\.ts$', pathNot: '^src/tui/components/theme\\.ts$' },
      to: {
        path: '^src/tui/.*\\.tsx$|^node_modules/(ink|react|react-reconciler)/',
        dependencyTypesNot: ['type-only', 'dynamic-import'],
      },
    },
    {
      name: 'domain-is-pure',
      comment: 'SLO math and the other pure logic import only each other, text helpers, and types.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^src/(?!domain/|text/)', dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
