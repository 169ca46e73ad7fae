/**
 * OpenSLO documents as YAML text and back, with the `yaml` library.
 *
 * Writing is `-o yaml`'s (src/text/yaml.ts): every character of the data is kept, and text with
 * control, C1, bidi or invisible characters is written double-quoted with
 * them escaped, so printing an export on a terminal is safe. Reading gives
 * each document on its own, with its own error.
 */
import { CST, Composer, LineCounter, Lexer, Parser, isScalar } from 'yaml';
import { SlotuiError } from '../../api/errors.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { grouped } from '../../text/count.js';

/** Most aliases a file may expand (a guard against "billion laughs" files). */
const MAX_ALIASES = 100;

/**
 * What one file may hold, counted before anything is built: the `yaml`
 * library spends about 1 KB a value (a 4 MB flow sequence of 2,000,000 items
 * took 2 GB), and composes nested values by recursion, one document at a time.
 * An OpenSLO document has a few dozen values a few levels deep (65 an SLI of
 * the sandbox's, as counted here: keys, values and indicators), so what
 * `slotui export` writes for 100,000 SLIs (6.5 million, 62 MB) is read, as the
 * interface promises of an export (test/cli/gitops/export.test.ts); 10 million
 * values of the densest kind held about 1 GB.
 */
export const YAML_LIMITS: YamlLimits = { valuesPerDocument: 100_000, values: 10_000_000, depth: 64 };

/** Values one document may hold, values the file may hold, and how deep they may nest. */
export interface YamlLimits {
  readonly valuesPerDocument: number;
  readonly values: number;
  readonly depth: number;
}

export type ParsedDocument = { document: number; value: unknown } | { document: number; error: string };

/**
 * Called for every token of a file (millions in a large export), so looked up once: under vitest,
 * each `CST.tokenType` goes through the proxy it puts around a package's exports (twice as slow).
 */
const { tokenType } = CST;

/** Tokens that start a value (a scalar, an alias, a collection, an item or entry). */
const VALUE_TOKENS: ReadonlySet<string> = new Set([
  'scalar',
  'single-quoted-scalar',
  'double-quoted-scalar',
  'block-scalar-header',
  'alias',
  'flow-map-start',
  'flow-seq-start',
  'seq-item-ind',
  'explicit-key-ind',
  'map-value-ind',
  'comma',
]);

/**
 * Texts up to this many characters keep the tokens of the limits' pass for the parser (a few MB of
 * tokens at most), so they are lexed once; longer ones are lexed again, and the first pass keeps
 * nothing. The lexer is half of what reading a file costs.
 */
const KEEP_TOKENS_UP_TO = 1024 * 1024;

export interface ParseOptions {
  /** Other limits than YAML_LIMITS: a test's (the counting proved on small texts). */
  limits?: YamlLimits;
  /** Another length than KEEP_TOKENS_UP_TO: a test's (both ways read the same). */
  keepTokensUpTo?: number;
  /** Told after each document is read, with the documents the limits' pass counted: a long file's progress line. */
  onDocument?: (done: number, total: number) => void;
}

/**
 * Which of YAML_LIMITS the text goes past, as the end of a sentence about the
 * file ("has more than…"), and the documents it holds. One pass of the lexer: nothing is
 * kept but counts, and the tokens when `keep` is given. Depth is the flow
 * collections open plus the block levels (indentations deeper than the line
 * before, and each `-`, `?` or `:` of a line) at each value: at least the real
 * depth, never less.
 */
function yamlBoundProblem(
  text: string,
  limits: YamlLimits,
  keep?: string[],
): { problem?: string; documents: number; values: number } {
  let document = 1;
  let inDocument = 0;
  let total = 0;
  let flow = 0;
  const indents: number[] = [];
  let lineStart = true;
  let column = 0;
  let onLine = 0;
  let sawContent = false;
  for (const token of new Lexer().lex(text)) {
    keep?.push(token);
    const type = tokenType(token);
    if (type === 'doc-start') {
      if (sawContent) document++;
      sawContent = true;
      inDocument = 0;
      indents.length = 0;
      continue;
    }
    if (type === 'newline') {
      lineStart = true;
      column = 0;
      onLine = 0;
      continue;
    }
    if (type === 'space' && lineStart) {
      column = token.length;
      continue;
    }
    if (type === 'flow-map-start' || type === 'flow-seq-start') flow++;
    if (type === 'flow-map-end' || type === 'flow-seq-end') flow = Math.max(0, flow - 1);
    if (!type || !VALUE_TOKENS.has(type)) continue;
    sawContent = true;
    if (lineStart && flow === 0) {
      while (indents.length > 0 && indents.at(-1)! >= column) indents.pop();
      indents.push(column);
    }
    lineStart = false;
    if (type === 'seq-item-ind' || type === 'explicit-key-ind' || type === 'map-value-ind') onLine++;
    let problem: string | undefined;
    if (++inDocument > limits.valuesPerDocument)
      problem = `has more than ${grouped(limits.valuesPerDocument)} values in document ${document}`;
    else if (++total > limits.values) problem = `has more than ${grouped(limits.values)} values`;
    else if (flow + indents.length + onLine > limits.depth)
      problem = `nests values more than ${limits.depth} levels deep in document ${document}`;
    if (problem) return { problem, documents: document, values: total };
  }
  return { documents: document, values: total };
}

const NO_LIMITS: YamlLimits = { valuesPerDocument: Infinity, values: Infinity, depth: Infinity };

/** The documents and values of a text as YAML_LIMITS counts them: what an export of a given size comes to. */
export function yamlSize(text: string): { documents: number; values: number } {
  const { documents, values } = yamlBoundProblem(text, NO_LIMITS);
  return { documents, values };
}

/**
 * Every document of a YAML stream; a document that does not parse carries its
 * error (line and column). A text past YAML_LIMITS is refused as a whole,
 * naming the limit, before anything is built; documents are then built one at
 * a time, each dropped once read. The counting is a pass of its own: counting
 * on the tokens' way to the parser would build every document up to the limit
 * before refusing (a file of 15 million values: 42 s and 1.2 GB, against 8 s
 * and 209 MB), to save 8 % of reading a file within it.
 */
export function parseDocuments(text: string, name = 'The YAML', options: ParseOptions = {}): ParsedDocument[] {
  const { limits = YAML_LIMITS, keepTokensUpTo = KEEP_TOKENS_UP_TO, onDocument } = options;
  const source = text.replace(/^\uFEFF/, '');
  const tokens = source.length <= keepTokensUpTo ? [] : undefined;
  const { problem, documents } = yamlBoundProblem(source, limits, tokens);
  if (problem) {
    throw new SlotuiError(
      'validation',
      `${sanitizeLine(name)} ${problem}, more than slotui reads; an OpenSLO file has a few dozen values a document. Split it into smaller files.`,
    );
  }
  const lines = new LineCounter();
  const composer = new Composer({ uniqueKeys: true });
  const out: ParsedDocument[] = [];
  let document = 0;
  const parser = new Parser(lines.addNewLine);
  for (const doc of composer.compose(tokens ? parsedTokens(parser, lines, tokens) : parser.parse(source))) {
    document++;
    onDocument?.(document, Math.max(document, documents));
    const [error] = doc.errors;
    if (error) {
      const at = lines.linePos(error.pos[0]);
      out.push({
        document,
        error: `it is not valid YAML at line ${at.line}, column ${at.col}: ${firstSentence(error.message)}`,
      });
      continue;
    }
    if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) continue; // an empty document (a trailing ---)
    try {
      out.push({ document, value: doc.toJS({ maxAliasCount: MAX_ALIASES }) });
    } catch (failure) {
      out.push({
        document,
        error: `it cannot be read: ${firstSentence(failure instanceof Error ? failure.message : String(failure))}`,
      });
    }
  }
  return out;
}

/** What `parser.parse(source)` gives, from the tokens the lexer made of the source (yaml's Parser documents this use). */
function* parsedTokens(parser: Parser, lines: LineCounter, tokens: readonly string[]) {
  lines.addNewLine(0); // as parse() does at the start of input
  for (const token of tokens) yield* parser.next(token);
  yield* parser.end();
}

function firstSentence(message: string): string {
  return (message.split('\n')[0] ?? '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[.:]\s*$/, '')
    .slice(0, 160);
}
