/**
 * `settings.yaml`, beside config.json: what a person tunes, checked against
 * one zod schema (the program validates with it; `slotui config schema`
 * prints its JSON Schema). Read with the yaml library's document API, so
 * every problem has its line and column; a misspelled name gets a
 * did-you-mean. A bad file never stops anything: the parts with problems are
 * left out (their defaults hold) and the problems are returned to be said.
 *
 * The schema itself is in settingsSchema/, one file a section.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type * as Zod from 'zod';
import { SlotuiError } from '../api/errors.js';
import { zod } from '../api/zod.js';
import { closestWord } from '../text/suggest.js';
import { settingsSchema, type SchemaOptions, type UserSettings } from './settingsSchema/index.js';

export { durationMs } from './settingsSchema/profiles.js';
export type { ProfileSettings, UserSettings } from './settingsSchema/index.js';

const SETTINGS_FILE = 'settings.yaml';

export interface SettingsProblem {
  line: number;
  column: number;
  /** `profiles.prod.refresh`, or '' for the file as a whole. */
  path: string;
  message: string;
}

export interface LoadedSettings {
  file: string;
  /** Whether the file is there (absent: every default, no problem). */
  exists: boolean;
  settings: UserSettings;
  problems: SettingsProblem[];
}

/** The JSON Schema of settings.yaml (draft 2020-12, additionalProperties false everywhere). */
export function settingsJsonSchema(options: SchemaOptions = {}): unknown {
  const z = zod();
  return z.toJSONSchema(settingsSchema(z, options), { target: 'draft-2020-12' });
}

export function settingsPath(configDir: string): string {
  return join(configDir, SETTINGS_FILE);
}

/** yaml, loaded only when a settings file is there (most starts have none). */
function loadYaml(): typeof Yaml {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (typeof require === 'function' ? require('yaml') : createRequire(import.meta.url)('yaml')) as typeof Yaml;
}

/** Reads and checks settings.yaml; absent is fine, unreadable or not yours is a 'config' error. */
export function loadSettings(
  configDir: string,
  uid = process.getuid?.(),
  findings?: (settings: UserSettings) => readonly SettingsFinding[],
): LoadedSettings {
  const file = settingsPath(configDir);
  let text: string;
  try {
    const stat = statSync(file);
    // Whoever can change it decides what slotui may do to the service (readOnly): as config.json.
    if (uid !== undefined && stat.uid !== uid)
      throw new SlotuiError(
        'config',
        `The settings file ${file} belongs to another user. Make it yours (chown) and try again.`,
      );
    if (stat.mode & 0o022)
      throw new SlotuiError(
        'config',
        `The settings file ${file} can be changed by other users. Run \`chmod 600 ${file}\` and try again.`,
      );
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { file, exists: false, settings: {}, problems: [] };
    if (error instanceof SlotuiError) throw error;
    throw new SlotuiError(
      'config',
      `The settings file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
    );
  }
  return { file, exists: true, ...checkSettingsText(text, findings) };
}

/** Checks the text of a settings file: what holds, and every problem with its position. */
/** A problem the schema cannot see (a plugin's key taken by the dashboard): where it is in the settings, and what. */
export interface SettingsFinding {
  path: string[];
  message: string;
}

/**
 * Checks the text of a settings file: what holds, and every problem with its position.
 * `findings` looks at what holds for problems the schema cannot know (given by the caller that knows them).
 */
export function checkSettingsText(
  text: string,
  findings?: (settings: UserSettings) => readonly SettingsFinding[],
): { settings: UserSettings; problems: SettingsProblem[] } {
  const Y = loadYaml();
  const lines = new Y.LineCounter();
  const doc = Y.parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const at = (offset: number | undefined) => {
    const pos = lines.linePos(offset ?? 0);
    return { line: pos.line, column: pos.col };
  };
  if (doc.errors.length > 0)
    return {
      settings: {},
      problems: doc.errors.map((e) => ({ ...at(e.pos[0]), path: '', message: e.message.split('\n')[0]! })),
    };
  // Aliases are bounded: a small file must not expand into a large one.
  let value: unknown = doc.toJS({ maxAliasCount: 100 }) ?? {};
  const schema = (madeSchema ??= settingsSchema(zod()));
  const problems: SettingsProblem[] = [];
  // Each round takes out the parts with problems (their defaults hold) and checks again; bounded.
  for (let round = 0; round < 20; round++) {
    const checked = value;
    const result = schema.safeParse(withoutDropped(checked));
    if (result.success) {
      for (const finding of findings?.(result.data) ?? []) {
        const path = originalPath(checked, finding.path);
        problems.push({ ...at(nearestRange(doc, path)), path: path.join('.'), message: finding.message });
      }
      return { settings: result.data, problems: inFileOrder(problems) };
    }
    for (const issue of result.error.issues) {
      const path = originalPath(checked, issue.path.map(String));
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          const known = knownKeys(schema, path);
          const meant = closestWord(key, known);
          // A key written as a number (`5:`) is a number in the document and text in the issue.
          const keyNode = (
            doc.getIn(path, true) as { items?: { key: { value: unknown; range?: [number] } }[] } | undefined
          )?.items?.find((pair) => String(pair.key.value) === key)?.key;
          problems.push({
            ...at(keyNode?.range?.[0] ?? nearestRange(doc, path)),
            path: [...path, key].join('.'),
            message: `unknown name "${key}"${meant ? ` (did you mean "${meant}"?)` : ''}`,
          });
          value = without(value, [...path, key]);
        }
      } else {
        const meant = issue.code === 'invalid_value' ? meantValue(valueAt(checked, path), issue.values) : undefined;
        problems.push({
          ...at(nearestRange(doc, path)),
          path: path.join('.'),
          message: `${issue.message}${meant ? ` (did you mean "${meant}"?)` : ''}`,
        });
        // A problem inside an item of a list (a plugin) leaves that item out whole: half of one is no use.
        const toItem = pathToFirstItem(checked, path);
        value = path.length === 0 ? {} : without(value, toItem ?? path);
      }
    }
  }
  return { settings: {}, problems: inFileOrder(problems) };
}

/**
 * The schema the check uses, made once: zod prepares a schema's parser on its first parse, and making
 * and preparing it anew costs more than the check itself (a dashboard reads the file again on every change).
 */
let madeSchema: ReturnType<typeof settingsSchema> | undefined;

/** Where the value at `path` starts, or the nearest value around it that is there (a name left out: its object). */
function nearestRange(doc: Yaml.Document, path: readonly string[]): number | undefined {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = doc.getIn(path.slice(0, depth), true) as { range?: [number] } | undefined;
    if (node?.range) return node.range[0];
  }
  return undefined;
}

function inFileOrder(problems: SettingsProblem[]): SettingsProblem[] {
  return [...problems].sort((a, b) => a.line - b.line || a.column - b.column);
}

/** The names the object of the schema at `path` knows (records and lists walked into), for a did-you-mean. */
function knownKeys(schema: Zod.ZodType, path: string[]): string[] {
  let def = innerDef(schema);
  for (const segment of path) {
    // An object's field, a record's values or a list's items: whichever this definition has.
    const next = def.shape?.[segment] ?? def.valueType ?? def.element;
    if (!next) return [];
    def = innerDef(next);
  }
  return Object.keys(def.shape ?? {});
}

interface SchemaDef {
  innerType?: Zod.ZodType;
  shape?: Record<string, Zod.ZodType>;
  valueType?: Zod.ZodType;
  element?: Zod.ZodType;
}
/**
 * The definition of the type a schema holds, through optional, default and the other wrappers (each
 * has an `innerType`; a schema is built inside out, so the chain ends).
 */
function innerDef(schema: Zod.ZodType): SchemaDef {
  let def = schema.def as SchemaDef;
  while (def.innerType) def = def.innerType.def as SchemaDef;
  return def;
}

/** Stands for an item of a list taken out, until the round's problems are all taken (indexes stay put meanwhile). */
const DROPPED = Symbol('dropped');

/** A copy of `value` without what is at `path`. */
function without(value: unknown, path: string[]): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object') return value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    const index = Number(head);
    if (!(index in copy)) return value;
    copy[index] = rest.length === 0 ? DROPPED : without(copy[index], rest);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0) delete copy[head!];
  else copy[head!] = without(copy[head!], rest);
  return copy;
}

/** The path of an issue found in withoutDropped(value), in `value` (where items left out still hold their places). */
function originalPath(value: unknown, path: readonly string[]): string[] {
  const out: string[] = [];
  let at: unknown = value;
  for (const segment of path) {
    if (Array.isArray(at) && /^\d+$/.test(segment)) {
      let kept = -1;
      const index = at.findIndex((item) => item !== DROPPED && ++kept === Number(segment));
      out.push(String(index < 0 ? segment : index));
      at = at[index];
    } else {
      out.push(segment);
      at = childOf(at, segment);
    }
  }
  return out;
}

/** What the file holds at `path`. */
function valueAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(childOf, value);
}

/** The one of a name's allowed values a text misspells (`theme: drak`), if one is close. */
function meantValue(typed: unknown, allowed: readonly unknown[]): string | undefined {
  return typeof typed === 'string' ? closestWord(typed, allowed.map(String)) : undefined;
}

function childOf(at: unknown, segment: string): unknown {
  return at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[segment] : undefined;
}

/** The start of `path` that ends at an item of a list, or undefined when it goes through none (a name of digits is no item). */
function pathToFirstItem(value: unknown, path: readonly string[]): string[] | undefined {
  let at = value;
  for (const [depth, segment] of path.entries()) {
    if (Array.isArray(at)) return path.slice(0, depth + 1);
    at = childOf(at, segment);
  }
  return undefined;
}

/** The value with the items marked DROPPED taken out of its lists. */
function withoutDropped(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== DROPPED).map(withoutDropped);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutDropped(inner)]));
}

/** `settings.yaml:3:5: profiles.prod.refresh: must be a duration…`, as `slotui config check` prints them. */
export function problemLine(problem: SettingsProblem): string {
  return `${SETTINGS_FILE}:${problem.line}:${problem.column}: ${problem.path ? `${problem.path}: ` : ''}${problem.message}`;
}
