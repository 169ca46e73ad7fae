// The project's own lint rules, in an ESLint-style plugin that oxlint loads (`jsPlugins` in
// .oxlintrc.json), for what no built-in rule can say. Which files it covers is the config's.

import { layers } from './layers.mjs';

/** The built-in resources' names. */
const RESOURCE_NAME = /^(slis|slos|organizations|agreements)$/;

/**
 * What a file's text holds if one of its strings can be a resource's name: the name itself, or an
 * escape that could spell one (`\u`, `\x`, a letter of the names escaped, a line continuation). A file
 * without any of them is not walked at all: the walk is the rule's whole cost, and most files are skipped.
 */
const MAY_NAME = /slis|slos|organizations|agreements|\\([uxsliogaze\r\n]|$)/m;

/**
 * Generic code works for every resource of the registry it is given: what only one resource does
 * sits in its entry (src/api/resources.ts, src/presentation/resources.ts) or in the dashboard's
 * extension map (src/tui/extensions.ts). Any string literal counts (a type's, a key's, a JSX attribute's).
 */
const noResourceNames = {
  meta: {
    type: 'problem',
    docs: { description: 'Generic code names no resource.' },
    messages: {
      named:
        'Generic code names no resource: ask the registry entry, or put what one resource does in src/tui/extensions.ts.',
    },
    schema: [],
  },
  create(context) {
    if (!MAY_NAME.test(context.sourceCode.text)) return {};
    return {
      Literal(node) {
        if (typeof node.value === 'string' && RESOURCE_NAME.test(node.value)) {
          context.report({ node, messageId: 'named' });
        }
      },
    };
  },
};

export default {
  meta: { name: 'slotui' },
  rules: { 'no-resource-names': noResourceNames, layers },
};
