import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

// The project's lint config (.oxlintrc.json) run over small files laid out as the repository is, in a
// temporary folder: each layer rule and each of the project's own rules (scripts/lint/plugin.mjs)
// refuses what it must, in the files it covers, and lets the rest through. One oxlint run for all:
// the real linter, a program of its own that runs the project's plugin, so the integration tier's.

const root = fileURLToPath(new URL('../..', import.meta.url));

const RESOURCE_NAME = 'slotui(no-resource-names)';
const IMPORTS = 'eslint(no-restricted-imports)';
const LAYERS = 'slotui(layers)';
const CYCLE = 'import(no-cycle)';
const CONSOLE = 'eslint(no-console)';
const HOOKS = 'react-hooks(rules-of-hooks)';
const DEPS = 'react-hooks(exhaustive-deps)';

const HOOK_CODE = `import { useEffect, useState } from 'react';
declare function track(id: string): void;
export function Panel({ on, id }: { on: boolean; id: string }) {
  if (on) useState(0);
  useEffect(() => track(id), []);
  return null;
}
`;

/** Each file's path, text and the rules that must report in it (none: it passes). */
const CASES: [path: string, code: string, reported: string[]][] = [
  // A node: module is imported by name, in src/ only.
  ['src/cli/defaultNode.ts', "import fs from 'node:fs';\nexport const f = fs;\n", [IMPORTS]],
  ['src/tui/namespaceNode.ts', "import * as path from 'node:path';\nexport const p = path;\n", [IMPORTS]],
  ['src/api/defaultNode.ts', "import fs, { stat } from 'node:fs';\nexport const f = [fs, stat];\n", [IMPORTS]],
  ['src/text/namedDefault.ts', "import { default as fs } from 'node:fs';\nexport const f = fs;\n", [IMPORTS]],
  ['src/startup/namedNode.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n", []],
  ['src/startup/typeNode.ts', "import type fs from 'node:fs';\nexport type F = typeof fs;\n", []],
  ['test/defaultNode.ts', "import fs from 'node:fs';\nexport const f = fs;\n", []],
  ['scripts/defaultNode.mjs', "import process from 'node:process';\nexport const p = process;\n", []],

  // No resource name in generic code; the registry's entries, the extension map and the SLO features may.
  ['src/tui/named.ts', "export const name = 'slos';\n", [RESOURCE_NAME]],
  ['src/api/namedType.ts', "export type Name = 'slis' | 'other';\n", [RESOURCE_NAME]],
  ['src/presentation/namedKey.ts', "export const columns = { 'organizations': 1 };\n", [RESOURCE_NAME]],
  ['src/config/named.ts', "export const name = 'agreements';\n", [RESOURCE_NAME]],
  ['src/cli/named.ts', "export const name = 'slos';\n", [RESOURCE_NAME]],
  ['src/cli/commands/list.ts', "export const name = 'slos';\n", [RESOURCE_NAME]],
  ['src/cli/commands/auth-login.ts', "export const name = 'slos';\n", [RESOURCE_NAME]],
  ['src/tui/view/named.tsx', "export const name = <text a='slis' />;\n", [RESOURCE_NAME]],
  [
    'src/tui/escaped.ts',
    "export const names = ['sl\\u006fs', '\\x73lis', 'agr\\eements'];\n",
    [RESOURCE_NAME, RESOURCE_NAME, RESOURCE_NAME, 'eslint(no-useless-escape)'],
  ],
  ['src/tui/unnamed.ts', "export const names = ['slo', 'slos-x', `slos`];\n", []],
  ['src/tui/extensions.ts', "export const name = 'slos';\n", []],
  ['src/api/resources.ts', "export const name = 'slos';\n", []],
  ['src/api/recordFields.ts', "export const name = 'slos';\n", []],
  ['src/presentation/resources.ts', "export const name = 'slos';\n", []],
  ['src/cli/commands/budget.ts', "export const name = 'slos';\n", []],
  ['src/cli/gitops/named.ts', "export const name = 'slos';\n", []],
  ['src/domain/named.ts', "export const name = 'slos';\n", []],

  // One zod, loaded on first use: value imports only in src/api/zod.ts and the domain; types anywhere.
  ['src/cli/zodValue.ts', "import { z } from 'zod';\nexport const s = z;\n", [IMPORTS]],
  ['src/api/zodValue.ts', "import { z } from 'zod';\nexport const s = z;\n", [IMPORTS]],
  ['src/cli/zodType.ts', "import type { ZodType } from 'zod';\nexport type T = ZodType;\n", []],
  ['src/cli/zodInlineType.ts', "import { type ZodType } from 'zod';\nexport type T = ZodType;\n", []],
  ['src/api/zod.ts', "import { z } from 'zod';\nexport const s = z;\n", []],
  [
    'src/api/zodAndNode.ts',
    "import type { z } from 'zod';\nimport process from 'node:process';\nexport type Z = typeof z;\nexport const p = process;\n",
    [IMPORTS],
  ],
  ['src/domain/zodValue.ts', "import { z } from 'zod';\nexport const s = z;\n", []],
  ['test/zodValue.ts', "import { z } from 'zod';\nexport const s = z;\n", []],

  // The core layers import no UI and nothing of how resources are shown, types included.
  ['src/api/ink.ts', "import { render } from 'ink';\nexport const r = render;\n", [IMPORTS]],
  ['src/config/ui.ts', "import type { Row } from '../tui/rows.js';\nexport type R = Row;\n", [LAYERS]],
  ['src/sandbox/react.ts', "import { useState } from 'react';\nexport const u = useState;\n", [IMPORTS]],
  ['src/text/inkPart.ts', "import { render } from 'ink-testing-library';\nexport const r = render;\n", [IMPORTS]],
  ['src/api/cli.ts', "import { run } from '../cli/main.js';\nexport const r = run;\n", [LAYERS]],
  ['src/sandbox/cliAgain.ts', "export * from '../cli/main.js';\n", [LAYERS]],
  ['src/text/cliLater.ts', "export const r = () => import('../cli/main.js');\n", [LAYERS]],
  [
    'src/api/shown.ts',
    "import { columns } from '../presentation/resources.js';\nexport const c = columns;\n",
    [LAYERS],
  ],
  [
    'src/api/zodPart.ts',
    "import { render } from 'ink';\nexport { z } from './zod.js';\nexport const r = render;\n",
    [IMPORTS],
  ],
  ['src/tui/ink.tsx', "import { render } from 'ink';\nexport const r = render;\n", []],

  // The wire knows nothing of the domain, types included.
  ['src/api/domain.ts', "import { budget } from '../domain/budget.js';\nexport const b = budget;\n", [LAYERS]],
  ['src/api/domainType.ts', "import type { Budget } from '../domain/budget.js';\nexport type B = Budget;\n", [LAYERS]],
  ['src/api/own.ts', "import { zod } from './zod.js';\nexport const z = zod;\n", []],

  // How resources are shown reads the wire, the domain and text; nothing else of src/.
  ['src/presentation/config.ts', "import { store } from '../config/store.js';\nexport const s = store;\n", [LAYERS]],
  ['src/presentation/tui.ts', "export { theme } from '../tui/theme.js';\n", [LAYERS]],
  [
    'src/presentation/below.ts',
    "import { registry } from '../api/resources.js';\nimport { budget } from '../domain/budget.js';\nexport const r = [registry, budget];\n",
    [],
  ],

  // The CLI starts the dashboard, never the other way round (not by import() either).
  ['src/tui/cli.ts', "import { run } from '../cli/main.js';\nexport const r = run;\n", [LAYERS]],
  ['src/tui/cliLater.tsx', "export const r = () => import('../cli/main.js');\n", [LAYERS]],

  // The dashboard's plain TypeScript loads no React, Ink or .tsx file; types and import() may.
  ['src/tui/view/Frame.tsx', 'export const Frame = () => null;\n', []],
  ['src/tui/view/plain.ts', 'export const plain = 1;\n', []],
  ['src/tui/state/drawn.ts', "import { Frame } from '../view/Frame.js';\nexport const f = Frame;\n", [LAYERS]],
  ['src/tui/state/drawnAgain.ts', "export { Frame } from '../view/Frame.js';\n", [LAYERS]],
  ['src/tui/state/drawnType.ts', "import type { Frame } from '../view/Frame.js';\nexport type F = typeof Frame;\n", []],
  ['src/tui/state/drawnLater.ts', "export const f = () => import('../view/Frame.js');\n", []],
  ['src/tui/state/plain.ts', "import { plain } from '../view/plain.js';\nexport const p = plain;\n", []],
  ['src/tui/inkPlain.ts', "import { render } from 'ink';\nexport const r = render;\n", [LAYERS]],
  ['src/tui/jsx.ts', "import { jsx } from 'react/jsx-runtime';\nexport const j = jsx;\n", [LAYERS]],
  ['src/tui/reactType.ts', "import type { ReactNode } from 'react';\nexport type N = ReactNode;\n", []],

  // The domain is pure: no I/O or UI at all, and of the rest of src/ types only.
  ['src/domain/fs.ts', "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n", [IMPORTS]],
  ['src/domain/fsType.ts', "import type { Stats } from 'node:fs';\nexport type S = Stats;\n", [IMPORTS]],
  ['src/domain/bareFs.ts', "import { readFileSync } from 'fs';\nexport const r = readFileSync;\n", [IMPORTS]],
  ['src/domain/undici.ts', "import { request } from 'undici';\nexport const r = request;\n", [IMPORTS]],
  ['src/domain/react.ts', "import { useState } from 'react';\nexport const u = useState;\n", [IMPORTS]],
  ['src/domain/api.ts', "import { client } from '../api/client.js';\nexport const c = client;\n", [LAYERS]],
  ['src/domain/config.ts', "import { store } from '../config/store.js';\nexport const s = store;\n", [LAYERS]],
  ['src/domain/startup.ts', "import { start } from '../startup/start.js';\nexport const s = start;\n", [LAYERS]],
  ['src/domain/apiType.ts', "import type { Client } from '../api/client.js';\nexport type C = Client;\n", []],
  ['src/domain/inline.ts', "import { type Client } from '../api/client.js';\nexport type C = Client;\n", []],
  ['src/domain/own.ts', "import { keyOrder } from './keyOrder.js';\nexport const k = keyOrder;\n", []],
  ['src/domain/text.ts', "import { sanitize } from '../text/sanitize.js';\nexport const s = sanitize;\n", []],

  // No import cycle, through type-only imports too; one through import() loads nothing early.
  ['src/text/cycleA.ts', "import { b } from './cycleB.js';\nexport const a = () => b;\n", [CYCLE]],
  ['src/text/cycleB.ts', "import { a } from './cycleA.js';\nexport const b = () => a;\n", [CYCLE]],
  ['src/text/typeCycleA.ts', "import { b } from './typeCycleB.js';\nexport const a = () => b;\n", [CYCLE]],
  ['src/text/typeCycleB.ts', "import type { a } from './typeCycleA.js';\nexport const b: typeof a | 1 = 1;\n", [CYCLE]],
  ['src/text/laterA.ts', "import { b } from './laterB.js';\nexport const a = () => b;\n", []],
  ['src/text/laterB.ts', "export const b = async () => (await import('./laterA.js')).a;\n", []],

  // A count is grouped by src/text/count.ts in src/ (Intl's first use stalls a key); tests may compare with Intl.
  [
    'src/tui/localeCount.ts',
    "export const s = (1234).toLocaleString('en-US');\n",
    ['eslint(no-restricted-properties)'],
  ],
  ['src/cli/localeDate.ts', 'export const s = new Date(0).toLocaleString();\n', ['eslint(no-restricted-properties)']],
  ['test/localeCount.ts', "export const s = (1234).toLocaleString('en-US');\n", []],

  // Rendering owns the terminal: no console in src/, where tests and scripts may print.
  ['src/cli/console.ts', "console.log('x');\n", [CONSOLE]],
  ['test/console.ts', "console.log('x');\n", []],
  ['scripts/console.mjs', "import console from 'node:console';\nconsole.log('x');\n", []],

  // The rules of hooks, where React is.
  ['src/tui/components/Panel.tsx', HOOK_CODE, [HOOKS, DEPS]],
  ['src/tui/components/theme.ts', HOOK_CODE, [HOOKS, DEPS]],
  ['test/tui/Panel.tsx', HOOK_CODE, [HOOKS, DEPS]],

  // A few of the recommended rules, with the project's options.
  [
    'src/cli/unused.ts',
    'export function f(a: number, _b: number) {\n  const c = 1;\n  const _d = 2;\n}\n',
    ['eslint(no-unused-vars)', 'eslint(no-unused-vars)'],
  ],
  ['src/cli/tsIgnore.ts', '// @ts-ignore\nexport const x: number = 1;\n', ['typescript(ban-ts-comment)']],
  ['src/cli/any.ts', 'export const x: any = 1;\n', ['typescript(no-explicit-any)']],
  ['src/cli/letNever.ts', 'export function f() {\n  let x = 1;\n  return x;\n}\n', ['eslint(prefer-const)']],
  ['scripts/global.mjs', 'process.exit(0);\n', ['eslint(no-undef)']],
];

interface Diagnostic {
  code: string;
  filename: string;
}

let folder: string;
let reported: Map<string, string[]>;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'slotui-lint-'));
  // The repository's config as it is, its plugin found from the repository.
  const config = readFileSync(join(root, '.oxlintrc.json'), 'utf8');
  const plugin = '"./scripts/lint/plugin.mjs"';
  expect(config).toContain(plugin);
  writeFileSync(
    join(folder, '.oxlintrc.json'),
    config.replace(plugin, JSON.stringify(join(root, plugin.slice(3, -1)))),
  );
  for (const [path, code] of CASES) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), code);
  }
  const run = spawnSync(process.execPath, [join(root, 'node_modules/oxlint/bin/oxlint'), '-f', 'json', '.'], {
    cwd: folder,
    encoding: 'utf8',
  });
  expect(run.stderr).toBe('');
  const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: Diagnostic[] };
  reported = new Map();
  for (const { code, filename } of diagnostics) reported.set(filename, [...(reported.get(filename) ?? []), code]);
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the lint config refuses what it must and passes the rest', () => {
  test.each(CASES)('%s', (path, _code, rules) => {
    expect((reported.get(path) ?? []).sort()).toEqual([...rules].sort());
  });

  test('every file was linted, and nothing else reported', () => {
    expect([...reported.keys()].filter((path) => !CASES.some(([name]) => name === path))).toEqual([]);
  });
});
