/**
 * A Stryker ignore-plugin: mutants of message text are not counted. Replacing a sentence the user
 * reads with "" says nothing about whether the code picks the right sentence, and tests that pin
 * every word make the wording impossible to change. A literal counts as message text when it is
 * prose (two words with a space between them) and its interpolations are plain values (names,
 * properties, calls of those); which message is chosen (conditions, operators around the literal)
 * and anything computed inside an interpolation stay mutated.
 */

const PROSE = /\p{L}+[ \n]+\p{L}+/u;

/** A value that is only shown, with nothing in it a mutant could change: `id`, `def.name`, `f(a, 80)`. */
function isPlain(node) {
  switch (node.type) {
    case 'Identifier':
    case 'NumericLiteral':
    case 'StringLiteral':
    case 'ThisExpression':
      return true;
    case 'MemberExpression':
      return isPlain(node.object) && (!node.computed || isPlain(node.property));
    case 'CallExpression':
      return isPlain(node.callee) && node.arguments.every(isPlain);
    default:
      return false;
  }
}

function messageText(path) {
  const { node } = path;
  if (node.type === 'StringLiteral') return PROSE.test(node.value);
  if (node.type === 'TemplateLiteral') {
    const text = node.quasis.map((quasi) => quasi.value.cooked ?? '').join(' ');
    return PROSE.test(text) && node.expressions.every(isPlain);
  }
  return false;
}

export const strykerPlugins = [
  {
    kind: 'Ignore',
    name: 'message-text',
    value: {
      shouldIgnore: (path) => (messageText(path) ? 'message text (prose the user reads)' : undefined),
    },
  },
];
