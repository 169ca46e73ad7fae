// The layers' rule: which part of src/ may import which, on the files an import reaches (a relative
// specifier is resolved against the importing file), with its kind of import. oxlint's
// no-restricted-imports matches specifiers; this one knows where they lead, and that a `.js`
// specifier leads to a `.tsx` file.
import { existsSync } from 'node:fs';
import { isAbsolute, join, posix, relative, sep } from 'node:path';

/**
 * Each layer's rule: the files it covers (`from`, paths from the repository's root, `/`-separated),
 * what they may not import (`to`: a file, or a package's specifier), and the kinds of import it
 * lets through (`allow`: 'type' for `import type` and its inline form, 'dynamic' for `import()`).
 */
const LAYERS = [
  {
    from: /^src\/(api|domain|config|text|sandbox)\//,
    to: /^src\/(tui|cli|presentation)\//,
    message: 'api, domain, config, text and sandbox know nothing of the dashboard, the CLI or how resources are shown.',
  },
  {
    from: /^src\/api\//,
    to: /^src\/domain\//,
    message:
      'The wire (src/api) knows records, not what they mean: the domain reads the wire, never the other way round.',
  },
  {
    from: /^src\/presentation\//,
    to: /^src\/(config|sandbox|tui|cli)\//,
    message:
      'How resources are shown (src/presentation) reads the wire registry, the domain and text helpers; never config, the sandbox, the dashboard or the CLI.',
  },
  {
    from: /^src\/tui\//,
    to: /^src\/cli\//,
    message: 'The CLI starts the dashboard, never the other way round.',
  },
  {
    from: /^src\/tui\/(?!components\/theme\.ts$).*\.ts$/,
    to: /^src\/tui\/.*\.tsx$|^(ink|react|react-reconciler)(\/|$)/,
    allow: ['type', 'dynamic'],
    message:
      "The dashboard's plain TypeScript (state, view model, the first frames' painter) runs before React and Ink load: only .tsx files and the theme's context import them (run.ts loads inkRoot.tsx by import()).",
  },
  {
    from: /^src\/domain\//,
    to: /^src\/(?!domain\/|text\/)/,
    allow: ['type'],
    message: 'SLO math and the other pure logic import only each other, text helpers, and types.',
  },
];

/** Where a specifier leads, from the repository's root: a file for a relative one, else the specifier. */
function target(specifier, file, root) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return specifier;
  const path = posix.normalize(posix.join(posix.dirname(file), specifier));
  // TypeScript's ESM specifiers name the emitted `.js`: the source is `.ts` or `.tsx`.
  const tsx = `${path.slice(0, -'.js'.length)}.tsx`;
  return path.endsWith('.js') && existsSync(join(root, tsx)) ? tsx : path;
}

/** An `import type` (or `export type … from`), or one whose every name is imported as a type. */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const names = node.specifiers ?? [];
  return names.length > 0 && names.every((name) => name.importKind === 'type' || name.exportKind === 'type');
}

export const layers = {
  meta: {
    type: 'problem',
    docs: { description: "Each layer imports only what lies below it (the table in this rule's file)." },
    schema: [],
  },
  create(context) {
    const absolute = isAbsolute(context.filename) ? context.filename : join(context.cwd, context.filename);
    const file = relative(context.cwd, absolute).split(sep).join('/');
    const rules = LAYERS.filter((layer) => layer.from.test(file));
    if (rules.length === 0) return {};
    const check = (node, source, kind) => {
      if (typeof source?.value !== 'string') return;
      const to = target(source.value, file, context.cwd);
      for (const layer of rules) {
        if (kind && layer.allow?.includes(kind)) continue;
        if (layer.to.test(to)) context.report({ node: source, message: layer.message });
      }
    };
    const statement = (node) => check(node, node.source, typeOnly(node) ? 'type' : undefined);
    return {
      ImportDeclaration: statement,
      ExportNamedDeclaration: statement,
      ExportAllDeclaration: statement,
      ImportExpression: (node) => check(node, node.source, 'dynamic'),
    };
  },
};
