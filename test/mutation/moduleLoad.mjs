/**
 * A Stryker ignore-plugin: mutants of code that runs only while its module loads (a table at the top
 * of a file, the value of a top-level constant) are not counted. The mutation run keeps each module
 * loaded in its test process (`isolate: false`) and switches mutants while it stays loaded, so such a
 * mutant is active only if the module happens to load under it: its result would depend on the order
 * mutants run in. Stryker leaves these *static* mutants out itself (`ignoreStatic`), but not when the
 * module is first loaded lazily during a test, which then seems to cover them. A node is left out when
 * nothing above it and nothing inside it runs per call, so functions declared at the top level stay
 * mutated, and so does what is computed from a table inside them.
 */

const FUNCTIONS = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
]);
const FIELDS = new Set(['ClassProperty', 'ClassPrivateProperty', 'ClassAccessorProperty']);

/** Where code stops running once at load: a function's body, or an instance field's value (each `new`). */
const runsPerCall = (node) => FUNCTIONS.has(node.type) || (FIELDS.has(node.type) && !node.static);

/** The node holds per-call code somewhere inside (a plain walk: the transformer's own traversal is under way). */
function holdsPerCall(node) {
  if (runsPerCall(node)) return true;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'loc' || key.endsWith('Comments')) continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child !== null && typeof child === 'object' && typeof child.type === 'string' && holdsPerCall(child))
        return true;
    }
  }
  return false;
}

const runsOnlyAtLoad = (path) => !path.findParent((parent) => runsPerCall(parent.node)) && !holdsPerCall(path.node);

export const strykerPlugins = [
  {
    kind: 'Ignore',
    name: 'module-load',
    value: {
      shouldIgnore: (path) => (runsOnlyAtLoad(path) ? 'runs only while the module loads' : undefined),
    },
  },
];
