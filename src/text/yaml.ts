/**
 * Data as YAML text that any parser reads back as the same data: written for
 * YAML 1.1 so `yes`, `on`, `012` and timestamps stay quoted strings (1.2
 * parsers read them the same), never folded, and characters a terminal would
 * act on (C1 controls, bidi overrides) escaped inside double quotes. `-o yaml`,
 * `slotui export` and the dashboard's `:export` write with it.
 */
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { UNSAFE_IN_JSON } from './sanitize.js';

export function toYaml(value: unknown): string {
  const Y = loadYaml();
  const doc = new Y.Document(value, { version: '1.1' });
  quoteUnsafe(Y, doc.contents);
  // No directives: a document made from data has none to write (no %YAML, no tags), and without
  // this yaml walks the whole document again to look for tags, a tenth of the time.
  return terminalSafe(doc.toString({ lineWidth: 0, directives: false }));
}

/**
 * Strings with unsafe characters, keys too, written double-quoted. The nodes yaml's `visit` would
 * call on (an alias's target is quoted where it stands), walked directly: `visit` freezes a copy of
 * the path at every node, which made toYaml a fifth slower.
 */
function quoteUnsafe(Y: typeof Yaml, node: unknown): void {
  if (Y.isScalar(node)) {
    if (typeof node.value === 'string' && hasUnsafe(node.value)) node.type = 'QUOTE_DOUBLE';
  } else if (Y.isPair(node)) {
    quoteUnsafe(Y, node.key);
    quoteUnsafe(Y, node.value);
  } else if (Y.isCollection(node)) {
    for (const item of node.items) quoteUnsafe(Y, item);
  }
}

/** One document as YAML, starting with its `---` line. */
export function documentText(value: unknown): string {
  return `---\n${toYaml(value)}`;
}

/**
 * yaml, loaded on the first YAML output only: the build makes a required
 * package a part of its own, so the other formats never load it.
 */
function loadYaml(): typeof Yaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (typeof require === 'function' ? require('yaml') : createRequire(import.meta.url)('yaml')) as typeof Yaml;
}

const hasUnsafe = (text: string): boolean => {
  UNSAFE_IN_JSON.lastIndex = 0;
  return UNSAFE_IN_JSON.test(text);
};
/** Inside YAML double quotes (and for `-o name`) `\uXXXX` (and beyond U+FFFF `\UXXXXXXXX`) means the same character. */
const terminalSafe = (text: string): string => text.replace(UNSAFE_IN_JSON, escapeCodePoint);

export function escapeCodePoint(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  return code > 0xffff ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}
