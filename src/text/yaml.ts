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
  return directYaml(value, resolvesOtherwise(Y)) ?? yamlOf(Y, value);
}

/** What yaml itself writes for the value: toYaml's text where it cannot write it directly (and the reference of its test). */
export function libraryYaml(value: unknown): string {
  return yamlOf(loadYaml(), value);
}

/**
 * YAML 1.1 without its merge key: a key `<<` in the data is a string, which a YAML 1.1 reader takes
 * for a merge when it is written bare, so it is written in double quotes (quoteUnsafe, scalar). yaml's
 * merge tag writes `<<` bare whatever the style asked for, so the writing schema leaves it out.
 */
const WRITING: Yaml.DocumentOptions & Yaml.SchemaOptions = {
  version: '1.1',
  customTags: (tags) => tags.filter((tag) => typeof tag === 'string' || tag.tag !== 'tag:yaml.org,2002:merge'),
};

function yamlOf(Y: typeof Yaml, value: unknown): string {
  const doc = new Y.Document(value, WRITING);
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
    if (Y.isScalar(node.key) && node.key.value === '<<') node.key.type = 'QUOTE_DOUBLE';
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
let yaml: typeof Yaml | undefined;
function loadYaml(): typeof Yaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  yaml ??= (typeof require === 'function' ? require('yaml') : createRequire(import.meta.url)('yaml')) as typeof Yaml;
  return yaml;
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

/**
 * What yaml writes for JSON data of the common kinds, written directly: maps
 * and lists in block style (a list under a key indented, as yaml's default
 * does), finite numbers as JSON writes them, true, false, null, `[]`, `{}`,
 * and strings plain where yaml writes them plain, else in double quotes. A
 * string is plain unless it starts or ends as an indicator would (yaml's own
 * test, below) or yaml 1.1 would read it as another type (yaml's own
 * resolvers: `yes`, `012`, `1:20`, a timestamp, an empty string). Anything
 * else (a line break, a quote or backslash in a quoted string, a control or
 * unsafe character, a long key, a document marker, a scalar alone, a value
 * that is not JSON's) and the whole value goes to yaml: undefined. yaml
 * builds a document of nodes for each value, about a hundred times slower;
 * test/text/yamlDirect.test.ts holds this writer to yaml's text over random
 * and hostile data.
 */
function directYaml(value: unknown, otherType: (text: string) => boolean): string | undefined {
  if (typeof value !== 'object' || value === null || isEmpty(value)) return undefined;
  const writer: Writer = { otherType, lines: [], seen: new Set() };
  return collection(writer, value, '') ? `${writer.lines.join('\n')}\n` : undefined;
}

interface Writer {
  otherType: (text: string) => boolean;
  lines: string[];
  /** The collections written: one met again is written by yaml, as an anchor and its alias. */
  seen: Set<object>;
}

/** yaml's test for a plain scalar that cannot be written plain (stringifyString.js, plainString). */
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
/** yaml writes these in double quotes whatever the style asked for. */
// eslint-disable-next-line no-control-regex -- yaml's own test: control characters are what it looks for.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u;
const DOCUMENT_MARKER = /^(%|---|\.\.\.)/;
/** yaml writes a longer key as an explicit one (`? key`). */
const LONGEST_KEY = 1000;

function scalar(value: unknown, otherType: (text: string) => boolean, key: boolean): string | undefined {
  if (typeof value === 'string') {
    if (value.length > (key ? LONGEST_KEY : Infinity) || value.includes('\n') || CONTROL.test(value)) return undefined;
    if (hasUnsafe(value)) return undefined;
    // A key `<<` written bare would be YAML 1.1's merge key (WRITING).
    if (key && value === '<<') return '"<<"';
    if (!NOT_PLAIN.test(value) && !otherType(value)) return DOCUMENT_MARKER.test(value) ? undefined : value;
    // yaml's quoted string: in double quotes as JSON writes it, where JSON escapes nothing (yaml
    // writes some escapes its own way, and a string with a double quote in single quotes).
    const quoted = JSON.stringify(value);
    return quoted.includes('\\') ? undefined : quoted;
  }
  if (typeof value === 'number')
    return Number.isFinite(value) && !Object.is(value, -0) ? JSON.stringify(value) : undefined;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value === null ? 'null' : undefined;
}

/** A key as written, kept: every record of a list has the same few keys. */
const keys = new Map<string, string | undefined>();
const KEYS_KEPT = 4096;

function keyText(name: string, otherType: (text: string) => boolean): string | undefined {
  if (keys.has(name)) return keys.get(name);
  const text = scalar(name, otherType, true);
  if (keys.size >= KEYS_KEPT) keys.clear();
  keys.set(name, text);
  return text;
}

function isEmpty(value: object): boolean {
  if (Array.isArray(value)) return value.length === 0;
  for (const _ in value) return false;
  return true;
}

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A map or a list, not empty, at `indent`: its lines written; false when a part is not of the kinds above. */
function collection(writer: Writer, value: object, indent: string): boolean {
  if (writer.seen.has(value)) return false;
  writer.seen.add(value);
  if (Array.isArray(value)) {
    for (const item of value) if (!entry(writer, `${indent}- `, item, indent, true)) return false;
    return true;
  }
  if (!isPlainObject(value)) return false;
  for (const name of Object.keys(value)) {
    const key = keyText(name, writer.otherType);
    if (key === undefined) return false;
    if (!entry(writer, `${indent}${key}:`, (value as Record<string, unknown>)[name], indent, false)) return false;
  }
  return true;
}

/** One entry (`- item` or `key: value`): a scalar or an empty collection on its line, a collection under it. */
function entry(writer: Writer, head: string, item: unknown, indent: string, inList: boolean): boolean {
  const { lines } = writer;
  if (typeof item !== 'object' || item === null) {
    const text = scalar(item, writer.otherType, false);
    if (text === undefined) return false;
    lines.push(inList ? `${head}${text}` : `${head} ${text}`);
    return true;
  }
  if (isEmpty(item)) {
    if (writer.seen.has(item) || (!Array.isArray(item) && !isPlainObject(item))) return false;
    writer.seen.add(item);
    lines.push(`${inList ? head : `${head} `}${Array.isArray(item) ? '[]' : '{}'}`);
    return true;
  }
  const inner = `${indent}  `;
  if (!inList) {
    lines.push(head);
    return collection(writer, item, inner);
  }
  // A collection in a list starts on the item's line: `- key: value`, `- - item`.
  const first = lines.length;
  if (!collection(writer, item, inner)) return false;
  lines[first] = head + lines[first]!.slice(inner.length);
  return true;
}

let resolvers: ((text: string) => boolean) | undefined;

/** Whether yaml 1.1 reads a plain text as another type than a string (yaml's own default resolvers). */
function resolvesOtherwise(Y: typeof Yaml): (text: string) => boolean {
  if (resolvers) return resolvers;
  const { tags, compat } = new Y.Document(null, WRITING).schema;
  const tests = [...tags, ...(compat ?? [])]
    .filter((tag) => tag.default && tag.tag !== 'tag:yaml.org,2002:str' && tag.test)
    .map((tag) => tag.test!);
  resolvers = (text) => tests.some((test) => test.test(text));
  return resolvers;
}
